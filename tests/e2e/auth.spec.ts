import type { Page } from '@playwright/test';
import { allowRefusal, apiRequestsOf, expect, test } from './fixtures.ts';
import { latestMailText } from './server.ts';
import { registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function register(page: Page, email: string, password = 'geheim123') {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Mara Muster');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort bestätigen').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
}

test('register → feedback → office with trial countdown → logout → login', async ({ page }) => {
  const email = `mara-${unique()}@firma.de`;
  await register(page, email);

  await expect(page).toHaveURL(/\/feedback\?/);
  await expect(page.getByText('Willkommen bei Mika!')).toBeVisible();
  await expectNoAxeViolations(page, 'Feedback: Willkommen');
  await page.getByRole('link', { name: 'Los geht’s' }).or(page.getByRole('button', { name: 'Los geht’s' })).click();

  await expect(page).toHaveURL(/\/$/);
  const countdown = page.getByTestId('trial-countdown');
  await expect(countdown).toContainText('13 Tage 23 Std.');
  const before = await countdown.textContent();
  await expect.poll(async () => countdown.textContent(), { timeout: 4000 }).not.toBe(before);
  const choosePlan = page.getByRole('button', { name: 'Tarif wählen' }).or(page.getByRole('link', { name: 'Tarif wählen' }));
  await expect(choosePlan).toBeVisible();
  // On a phone the countdown stays whole beside "Tarif wählen", never running under it.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const value = countdown.locator('span').last();
    const [text, button] = [await value.boundingBox(), await choosePlan.boundingBox()];
    expect(text!.x + text!.width, `${width} px`).toBeLessThanOrEqual(button!.x);
    expect(await countdown.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('side-nav')).toContainText('Mara Muster');
  await expectNoAxeViolations(page, 'Office: Bibliothek');

  await page.getByTestId('side-nav').getByText('Logout').click();
  await expect(page).toHaveURL(/\/login/);
  // The session is really gone: the office sends us back to the login.
  allowRefusal(401, '/api/user/data');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('geheim123');
  // The spec's 1 s between login and office, on the page's own clock (paused here): the success
  // message shows on the login page, the office follows once the second has passed.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(request.url());
  });
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('Erfolgreich eingeloggt – einen Moment …')).toBeVisible();
  await page.clock.runFor(990);
  await page.evaluate(() => document.title);
  expect(navigations).toEqual([]);
  await page.clock.runFor(10);
  await page.clock.resume();
  await expect(page.getByTestId('trial-countdown')).toBeVisible();
  expect(navigations.map((url) => new URL(url).pathname)).toEqual(['/']);
});

test('Abmelden in einem Tab: der andere Tab zeigt ohne Klick die Anmeldung statt des alten Kontos', async ({ page }) => {
  await registerOwner(page.context(), { name: 'Tara Tabs', email: `tara-${unique()}@firma.de`, password: 'geheim123' });
  await page.goto('/');
  await expect(page.getByTestId('side-nav')).toContainText('Tara Tabs');
  const other = await page.context().newPage();
  // The other tab sits idle, its page loaded: what brings it to the login is the signal alone.
  const otherRequests = apiRequestsOf(other);
  await other.goto('/Dataprotection');
  await expect(other.getByTestId('side-nav')).toContainText('Tara Tabs');
  await expect(other.getByRole('form', { name: 'Datenschutz' })).toBeVisible();
  await expect(other.getByTestId('retention-last-run')).toBeVisible();
  await otherRequests.settled();

  allowRefusal(401, '/api/user/data');
  await page.getByTestId('side-nav').getByText('Logout').click();
  await expect(page).toHaveURL(/\/login/);
  // The session cookie is the browser's: the other tab no longer shows an account it cannot act for.
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByRole('button', { name: 'Einloggen' })).toBeVisible();
});

test('validation messages in German, and nothing is created', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Name ist erforderlich')).toBeVisible();
  await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
  await expect(page.getByText('Passwort ist erforderlich', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwortbestätigung ist erforderlich')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Al');
  await page.getByLabel('E-Mail').fill('keine-mail');
  await page.getByLabel('Passwort', { exact: true }).fill('12345');
  await page.getByLabel('Passwort bestätigen').fill('54321');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Name muss mindestens 3 Zeichen lang sein')).toBeVisible();
  await expect(page.getByText('E-Mail muss gültig sein')).toBeVisible();
  await expect(page.getByText('Passwort muss mindestens 6 Zeichen lang sein')).toBeVisible();
  await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
  await expectNoAxeViolations(page, 'Registrierung mit Fehlern');
  await expect(page).toHaveURL(/\/register/);

  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(`niemand-${unique()}@firma.de`);
  await page.getByLabel('Passwort', { exact: true }).fill('falsch');
  allowRefusal(422, '/api/login');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist nicht korrekt.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'Login mit Fehler');
});

test('password reset through the link in the mail', async ({ page }) => {
  const email = `reset-${unique()}@firma.de`;
  await register(page, email, 'altesPasswort');
  await expect(page).toHaveURL(/\/feedback/);
  await page.context().clearCookies();

  await page.goto('/reset');
  await page.getByLabel('E-Mail').fill(`unbekannt-${unique()}@firma.de`);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page.getByText('Die Email-Adresse wurde nicht gefunden.')).toBeVisible();
  await expectNoAxeViolations(page, 'Passwort vergessen mit Fehler');

  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page).toHaveURL(/\/feedback/);
  await expect(page.getByText('E-Mail versendet')).toBeVisible();
  await expectNoAxeViolations(page, 'Feedback: E-Mail versendet');

  await expect.poll(() => latestMailText(email)).toContain('/reset-password/');
  const link = /(\/reset-password\/[\w-]+)/.exec(latestMailText(email)!)![1]!;
  // A second tab keeps the form of the same link open while the first one uses it (below).
  const stale = await page.context().newPage();
  await stale.goto(link);
  await expect(stale.getByRole('heading', { name: 'Neues Passwort' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Wähle ein neues Passwort mit mindestens 6 Zeichen.')).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill('neuesPasswort');
  await page.getByLabel('Passwort bestätigen').fill('neuesPasswort');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/feedback/);
  await expect(page.getByText('Passwort gespeichert')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('altesPasswort');
  allowRefusal(422, '/api/login');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('Die E-Mail-Adresse oder das Passwort ist nicht korrekt.').first()).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill('neuesPasswort');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByTestId('trial-countdown')).toBeVisible();

  // The link works once: the form still open in the other tab is refused on submit…
  await page.context().clearCookies();
  await stale.getByLabel('Passwort', { exact: true }).fill('nochmalNeu1');
  await stale.getByLabel('Passwort bestätigen').fill('nochmalNeu1');
  allowRefusal(422, '/api/reset-password');
  await stale.getByRole('button', { name: 'Speichern' }).click();
  await expect(stale.getByRole('heading', { name: 'Link ungültig' })).toBeVisible();
  await expect(stale.getByLabel('Passwort', { exact: true })).toHaveCount(0);
  await stale.close();
  // …and opening it again says so at once, before anything is typed: no form, the way to a new link.
  allowRefusal(404, /\/api\/reset-password\/[\w-]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link ungültig' })).toBeVisible();
  await expect(page.getByText('Der Link ist ungültig oder abgelaufen. Bitte fordere einen neuen Link an.').first()).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Neues Passwort: Link ungültig');
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page.getByRole('button', { name: 'Link senden' })).toBeVisible();

  // The feedback page shows only what Mika itself sends: a written query shows «Hinweis», not its text.
  await page.goto('/feedback?status=error&title=Konto+gesperrt&message=Bitte+melde+Dich+bei+konto-hilfe.example+an.&btnUrl=/Offer&btnText=Entsperren');
  await expect(page.getByRole('heading', { name: 'Hinweis' })).toBeVisible();
  await expect(page.getByText('Konto gesperrt')).toHaveCount(0);
  await expect(page.getByText(/konto-hilfe/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Entsperren' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zum Login' })).toBeVisible();
});
