import { request as apiRequest } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminApi, ask, embeddingWebsite, publishedAssistant, unique } from './public-helpers.ts';
import { E2E_BASE_URL } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { resize, settled } from './viewport.ts';

// Live hand-off (docs/product/live-handoff.md): a visitor in the embed on a website asks for a
// person, a team member takes the conversation over in «Live», both write live, the member gives
// it back and the Mika answers. «Live» is in the office menu only for those who can take one.

/** A member of the admin's team without any right on the Mika, signed in through the API. */
async function employeeState(api: Awaited<ReturnType<typeof adminApi>>) {
  const email = `erika-${unique()}@firma.de`;
  const password = 'Sommer-Fahrrad-2026!';
  await api.call('post', '/api/user', { name: 'Erika Employee', email, is_admin: 0, invitation: 0, password: { password, password_confirmation: password } });
  const ctx = await apiRequest.newContext({ baseURL: E2E_BASE_URL });
  await ctx.get('/sanctum/csrf-cookie');
  const token = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await ctx.post('/api/login', { data: { email, password }, headers: { 'x-xsrf-token': token } });
  expect(login.ok(), await login.text()).toBe(true);
  const state = await ctx.storageState();
  await ctx.dispose();
  return state;
}

test.describe.configure({ mode: 'serial' });

const ALWAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:59' }));
const SHOTS = process.env.HANDOFF_SHOTS;

test('Live-Übernahme: Besucher in der Einbettung bittet um einen Menschen, ein Teammitglied übernimmt und gibt zurück', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  await api.call('put', `/api/handoff/${uuid}`, { enabled: true, hours: ALWAYS, waitSeconds: 120, greeting: '' });
  // The shop's own website: another site than Mika's, so the chat frame is a third party there.
  const site = await embeddingWebsite(uuid);

  // «Live» is in the menu of the admin; an employee without the use right does not see it.
  const employee = await browser.newContext({ storageState: await employeeState(api), viewport: { width: 1440, height: 900 } });
  const employeePage = await employee.newPage();
  await employeePage.goto('/');
  const employeeNav = employeePage.getByTestId('side-nav');
  await expect(employeeNav.getByRole('link', { name: 'Support', exact: true })).toBeVisible();
  await expect(employeeNav.getByRole('link', { name: 'Live', exact: true })).toHaveCount(0);
  await employee.close();

  // The member: an office tab on «Live» (its presence makes the team available).
  const office = await browser.newContext({ storageState: await api.ctx.storageState(), viewport: { width: 1440, height: 900 } });
  const member = await office.newPage();
  await member.goto('/');
  await member.getByTestId('side-nav').getByRole('link', { name: 'Live', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Live' })).toBeVisible();
  await expect(member.getByTestId('live-presence')).toHaveAttribute('data-joined', 'true');

  // The visitor, in the embed on the shop's website.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(site.foreignSite);
  await visitor.getByRole('button', { name: 'Chat öffnen' }).click();
  const chat = visitor.frameLocator('iframe[title="Mika Chat"]');
  await chat.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await chat.getByRole('button', { name: 'Mit einem Menschen sprechen' }).click();
  await expect(chat.getByText('Einen Moment bitte – ich frage jemanden aus dem Team')).toBeVisible();

  // The request appears live in «Live».
  const row = member.getByTestId('live-thread').filter({ hasText: 'Möchte einen Menschen sprechen' });
  await expect(row).toBeVisible();
  await row.click();
  await member.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(chat.getByText('Petra vom Team ist jetzt da')).toBeVisible();

  // Both write, live.
  await ask(chat, 'Meine Bestellung 4711 ist nicht angekommen.');
  await expect(member.getByTestId('live-messages')).toContainText('Meine Bestellung 4711 ist nicht angekommen.');
  const reply = member.getByRole('textbox', { name: 'Nachricht an den Besucher' });
  await reply.fill('Das prüfe ich sofort für Dich.');
  await reply.press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Das prüfe ich sofort für Dich.' })).toBeVisible();
  await expect(chat.getByTestId('staff-name').last()).toHaveText('Petra vom Team');
  // A person's message carries the person's initials, not the Mika's picture.
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'Das prüfe ich sofort für Dich.' }).locator('.avatar')).toHaveText('PE');
  if (SHOTS) {
    // Each picture once its page is still (no sliding tab line or fading message).
    await settled(member);
    await member.screenshot({ path: `${SHOTS}/live-1440.png` });
    await settled(visitor);
    await visitor.screenshot({ path: `${SHOTS}/visitor-embed-390.png` });
    await resize(member, { width: 390, height: 844 });
    await member.screenshot({ path: `${SHOTS}/live-390.png` });
    await resize(visitor, { width: 1440, height: 900 });
    await visitor.screenshot({ path: `${SHOTS}/visitor-embed-1440.png` });
    await member.setViewportSize({ width: 1440, height: 900 });
  }
  // The embed's panel changes size with the window: the newest message stays in view.
  await resize(visitor, { width: 1440, height: 900 });
  await expect(chat.getByTestId('chat-message').last()).toBeInViewport();
  await expectNoAxeViolations(member, 'Live: übernommenes Gespräch');

  // Given back: the Mika answers the next question again.
  await member.getByRole('button', { name: 'An Mika zurückgeben' }).click();
  await expect(chat.getByText('Das Team hat das Gespräch an Mika zurückgegeben.')).toBeVisible();
  await ask(chat, 'Wann habt Ihr geöffnet?');
  await expect(chat.getByTestId('chat-message').last()).toContainText('montags bis freitags von 9 bis 18 Uhr');

  await visitorContext.close();
  await office.close();
  await site.close();
  await api.ctx.dispose();
});

test('Live-Übernahme außerhalb der Zeiten: Mika sagt es und bietet das Kontaktformular an', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  await api.call('post', '/api/toggletool', { assistantUuid: uuid, toolUuid: '6f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a51', state: 1 });
  // A window of one minute at midnight on Monday: now is outside it.
  await api.call('put', `/api/handoff/${uuid}`, { enabled: true, hours: [{ day: 1, from: '00:00', to: '00:00' }], waitSeconds: 120, greeting: '' });
  const office = await browser.newContext({ storageState: await api.ctx.storageState() });
  const member = await office.newPage();
  await member.goto('/Live');
  await expect(member.getByTestId('live-presence')).toHaveAttribute('data-joined', 'true');

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/chat/${uuid}`);
  await visitor.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await ask(visitor, 'Kann ich bitte mit einem Menschen sprechen?');
  await expect(visitor.getByText('Leider ist gerade niemand aus dem Team erreichbar.')).toBeVisible();
  await expect(visitor.getByTestId('contact-form')).toBeVisible();
  await visitorContext.close();
  await office.close();
  await api.ctx.dispose();
});
