import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { adminApi, ask, publishedAssistant, unique } from './public-helpers.ts';
import { SMTPServer } from 'smtp-server';
import { E2E_BASE_URL, startServer } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';


test.describe.configure({ mode: 'serial' });

test('Besucher: Zustimmung einmal, Farben des Mikas, Chat ohne Konto', async ({ browser }) => {
  // A trial team has one public licence (docs/plans.md): each published Mika gets a team of its own.
  const apis = [await adminApi(E2E_BASE_URL), await adminApi(E2E_BASE_URL), await adminApi(E2E_BASE_URL)] as const;
  const light = await publishedAssistant(apis[0], { primary_background_color: '#F5F5F5', secondary_background_color: '#FFFFFF', tertiary_background_color: '#EEEEEE', button_color: '#1565C0' });
  const dark = await publishedAssistant(apis[1]);
  const hidden = await publishedAssistant(apis[2]);
  await apis[2].call('put', '/api/assistant', { assistant: { uuid: hidden, is_public: 0 } });

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/chat/${light}`);
  await expect(page.getByRole('button', { name: 'Ich bin einverstanden' })).toBeVisible();
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await expectNoAxeViolations(page, 'Öffentlicher Chat: Zustimmung');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ich bin einverstanden' })).toHaveCount(0);

  // Font colour from the background luminance: black on light, white on the dark default.
  const introColor = () => page.getByTestId('chat-intro').evaluate((el) => getComputedStyle(el.querySelector('p') ?? el).color);
  expect(await introColor()).toBe('rgb(0, 0, 0)');

  await ask(page, 'Wann habt Ihr geöffnet?');
  await expect(page.getByTestId('chat-message').last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
  await expectNoAxeViolations(page, 'Öffentlicher Chat, hell, mit Antwort');

  await page.goto(`/chat/${dark}`);
  await expect(page.getByTestId('chat-intro')).toBeVisible();
  expect(await introColor()).toBe('rgb(255, 255, 255)');

  allowRefusal(404, `/api/assistant/${hidden}`);
  await page.goto(`/chat/${hidden}`);
  await expect(page.getByText('Dieser Chat ist nicht verfügbar.')).toBeVisible();
  await expectNoAxeViolations(page, 'Öffentlicher Chat nicht verfügbar');
  await visitor.close();
  for (const api of apis) await api.ctx.dispose();
});

test('Einbettung: die Blase sofort, der Chat erst bei Interesse, kein Speicher vor der ersten Interaktion', async ({ page }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="de"><head><title>Fahrradladen</title></head><body><main><h1>Fahrradladen Leipzig</h1></main>` +
        `<script src="${E2E_BASE_URL}/embed.js" data-mika="${uuid}" data-color="#1565C0" async></script></body></html>`,
    );
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const chatRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/chat/')) chatRequests.push(request.url());
  });
  const hostStorage = () => page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
  // The page's timers are Playwright's: a deferred preload (a timeout, an idle callback) would
  // fire when the clock is run forward below, instead of after a wait the test cannot know.
  await page.clock.install();
  try {
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
    const bubble = page.getByRole('button', { name: 'Chat öffnen' });
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 101, 192)');
    await expectNoAxeViolations(page, 'Einbettung: Website mit Chat-Blase');

    // A page view alone loads no chat and writes nothing to the host page's storage — also after
    // the visitor has read the page for ten minutes (every timer due by then has run).
    await page.clock.runFor(10 * 60_000);
    expect(chatRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await hostStorage()).toEqual({ local: 0, session: 0, cookie: '' });

    // Hovering the bubble (intent) loads the chat frame; the chat inside sets no cookie, writes no
    // storage and starts no conversation until the visitor interacts with it.
    await bubble.hover();
    await expect(page.locator('iframe[title="Mika Chat"]')).toHaveCount(1);
    await expect.poll(() => page.frames().find((f) => f.url().includes('/chat/'))?.url()).toContain(uuid);
    const frame = page.frameLocator('iframe[title="Mika Chat"]');
    await expect(frame.getByRole('button', { name: 'Ich bin einverstanden' })).toBeAttached();
    const frameHandle = page.frames().find((f) => f.url().includes('/chat/'))!;
    const frameStorage = () => frameHandle.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
    expect(await frameStorage()).toEqual({ local: 0, session: 0, cookie: '' });
    expect((await page.context().cookies(E2E_BASE_URL)).map((c) => c.name)).toEqual([]);

    await bubble.click();
    const agree = frame.getByRole('button', { name: 'Ich bin einverstanden' });
    await expect(agree).toBeFocused();
    expect(await frameStorage()).toEqual({ local: 0, session: 0, cookie: '' });
    await expectNoAxeViolations(page, 'Einbettung: Chat geöffnet mit Zustimmung');
    await agree.click();
    await ask(frame, 'Wie lange dauern Reparaturen?');
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
    // After the first interaction the chat has its CSRF cookie (on this test machine host and chat
    // share the host name 127.0.0.1, so the host page sees it); the host's own storage stays empty.
    expect(await hostStorage()).toMatchObject({ local: 0, session: 0 });
    expect((await hostStorage()).cookie).toMatch(/^(XSRF-TOKEN=[^;]+)?$/);
    expect(chatRequests).toHaveLength(1);

    // A reload of the host page continues the conversation (storage inside the chat's own origin).
    await page.reload();
    await page.getByRole('button', { name: 'Chat öffnen' }).click();
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
  } finally {
    host.close();
    await api.ctx.dispose();
  }
});

test('Kontaktformular: im Chat angeboten, ausgefüllt, „Angaben gesendet“, Mail kommt an', async ({ browser }) => {
  // Starts a server of its own (as the other journeys that do, more than the default minute).
  test.setTimeout(120_000);
  const mails: { to: string; body: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: body.replace(/=\r?\n/g, '') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  try {
    // With SMTP, registration waits for the verification link: take it from the sink.
    const ctx: APIRequestContext = await apiRequest.newContext({ baseURL: server.baseUrl });
    await ctx.get('/sanctum/csrf-cookie');
    const xsrf = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const email = `form-${unique()}@firma.de`;
    const call = async (method: 'post' | 'put', url: string, data: unknown) => {
      const res = await ctx[method](url, { data, headers: { 'x-xsrf-token': await xsrf() } });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    await call('post', '/api/register', { name: 'Frida Form', email, password: 'geheim123', password_confirmation: 'geheim123', terms: true });
    await expect.poll(() => mails.find((m) => m.to === email)).toBeTruthy();
    const verify = /(\/verify-email\/[\w-]+)/.exec(mails.find((m) => m.to === email)!.body)![1]!;
    await ctx.get(verify);
    await call('post', '/api/login', { email, password: 'geheim123' });
    const uuid = await publishedAssistant({ call });
    await call('post', `/api/tool/form/${uuid}`, {
      form: { active: true, firstname: true, lastname: true, company: false, email: true, phone: true, notes: true, send_to: 'vertrieb@fahrrad.de', send_to_user: false },
    });

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/chat/${uuid}`);
    await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await ask(page, 'Bitte ruft mich zurück, ich möchte einen Termin.');
    await expect(page.getByText('Kontaktformular').first()).toBeVisible();
    await page.getByLabel('Vorname').fill('Al');
    await page.getByLabel('Nachname').fill('Besucher');
    await page.getByLabel('E-Mail').fill('kaputt');
    await page.getByRole('button', { name: 'Absenden' }).click();
    // Each error names its field and describes that field.
    await expect(page.getByText('Vorname muss mindestens 3 Zeichen lang sein')).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveAccessibleDescription('Vorname muss mindestens 3 Zeichen lang sein');
    await expect(page.getByText('E-Mail muss gültig sein')).toBeVisible();
    await expect(page.getByLabel('E-Mail')).toHaveAccessibleDescription('E-Mail muss gültig sein');
    await expectNoAxeViolations(page, 'Kontaktformular mit Fehlern');
    await page.getByLabel('Vorname').fill('Alex');
    await page.getByLabel('E-Mail').fill('alex@beispiel.de');
    await page.getByLabel('Telefon').fill('0341 123456');
    await page.getByRole('button', { name: 'Absenden' }).click();
    await expect(page.getByText('Angaben gesendet').first()).toBeVisible();
    await expectNoAxeViolations(page, 'Kontaktformular gesendet');

    await expect.poll(() => mails.find((m) => m.to === 'vertrieb@fahrrad.de')).toBeTruthy();
    const mail = mails.find((m) => m.to === 'vertrieb@fahrrad.de')!;
    expect(mail.body).toContain('alex@beispiel.de');
    expect(mail.body).toContain('0341 123456');
    expect(mail.body).toMatch(/Termin/);
    await visitor.close();
    await ctx.dispose();
  } finally {
    await server.stop();
    smtp.close();
  }
});

test('Eine Frage direkt nach der Zustimmung geht nicht verloren', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/chat/${uuid}`);
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  // No waiting: the conversation is still being prepared when the visitor presses Enter.
  await ask(page, 'Wann habt Ihr geöffnet?');
  await expect(page.getByTestId('chat-message').last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  await visitor.close();
  await api.ctx.dispose();
});
