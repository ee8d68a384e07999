import type { AddressInfo } from 'node:net';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { adminApi, ask, embeddingWebsite, failFirstThreadCreation, later, publishedAssistant, unique } from './public-helpers.ts';
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

test('Einbettung: die Blase sofort, der Chat erst bei Interesse, kein Speicher vor der ersten Interaktion', async ({ browser, page }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const host = await embeddingWebsite(uuid, { color: '#1565C0' });
  const chatRequestsOf = (p: Page) => {
    const urls: string[] = [];
    p.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/chat/')) urls.push(request.url());
    });
    return urls;
  };
  const storageOf = (p: Page) => p.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
  try {
    // A page view alone loads no chat and writes nothing to the host page's storage — also after
    // the visitor has read the page for ten minutes. The reader's timers are Playwright's: a
    // deferred preload (a timeout, an idle callback) fires when the clock is run forward, instead
    // of after a wait the test cannot know. The fake clock holds every frame of its context, so
    // the reader has a context of their own and the chat below runs on real time.
    const reading = await browser.newContext();
    try {
      const reader = await reading.newPage();
      const readerRequests = chatRequestsOf(reader);
      await reader.clock.install();
      await reader.goto(host.sameSite);
      await expect(reader.getByRole('button', { name: 'Chat öffnen' })).toBeVisible();
      await reader.clock.runFor(10 * 60_000);
      expect(readerRequests).toEqual([]);
      await expect(reader.locator('iframe')).toHaveCount(0);
      expect(await storageOf(reader)).toEqual({ local: 0, session: 0, cookie: '' });
    } finally {
      await reading.close();
    }

    const chatRequests = chatRequestsOf(page);
    await page.goto(host.sameSite);
    const bubble = page.getByRole('button', { name: 'Chat öffnen' });
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 101, 192)');
    await expectNoAxeViolations(page, 'Einbettung: Website mit Chat-Blase');
    expect(chatRequests).toEqual([]);

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
    await expect(frame.getByRole('heading', { name: 'Willkommen im Chat' })).toBeFocused();
    expect(await frameStorage()).toEqual({ local: 0, session: 0, cookie: '' });
    await expectNoAxeViolations(page, 'Einbettung: Chat geöffnet mit Zustimmung');
    await agree.click();
    await ask(frame, 'Wie lange dauern Reparaturen?');
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
    // After the first interaction the chat has its CSRF cookie (on this test machine host and chat
    // share the host name 127.0.0.1, so the host page sees it); the host's own storage stays empty.
    expect(await storageOf(page)).toMatchObject({ local: 0, session: 0 });
    expect((await storageOf(page)).cookie).toMatch(/^(XSRF-TOKEN=[^;]+)?$/);
    expect(chatRequests).toHaveLength(1);

    // A reload of the host page continues the conversation (storage inside the chat's own origin).
    await page.reload();
    await page.getByRole('button', { name: 'Chat öffnen' }).click();
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
  } finally {
    await host.close();
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

test('Über dem Besucherlimit: die Meldung auf Deutsch, die Frage bleibt im Eingabefeld, nichts wird gespeichert', async ({ browser }) => {
  // A server of its own whose operator allows one conversation per visitor address in an hour and
  // two messages in ten minutes.
  const server = await startServer({
    REGISTRATION_VERIFY_EMAIL: 'false',
    PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR: '1',
    PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES: '2',
  });
  try {
    const api = await adminApi(server.baseUrl);
    const uuid = await publishedAssistant(api);
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${server.baseUrl}/chat/${uuid}`);
    await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    const messages = page.getByTestId('chat-message');
    await ask(page, 'Wann habt Ihr geöffnet?');
    await expect(messages).toHaveCount(2);
    await ask(page, 'Und am Samstag?');
    await expect(messages).toHaveCount(4);

    allowRefusal(429, '/api/send/stream');
    await ask(page, 'Kann ich mein Rad zur Inspektion bringen?');
    await expect(page.getByText('Zu viele Nachrichten in kurzer Zeit. Bitte warte einen Moment und versuche es dann erneut.').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Kann ich mein Rad zur Inspektion bringen?');
    await expect(messages).toHaveCount(4);
    await expectNoAxeViolations(page, 'Öffentlicher Chat über dem Besucherlimit');
    // The server stored nothing of it: the conversation, loaded anew, still has the two exchanges.
    await page.reload();
    await expect(messages).toHaveCount(4);
    await expect(messages.last()).not.toContainText('Inspektion');

    // A new conversation is over the conversation limit: the chat says why where it stays (the
    // snackbar goes), and a question typed meanwhile is kept.
    allowRefusal(429, '/api/thread/create');
    await page.getByRole('button', { name: 'Unterhaltung neu starten' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Neu starten' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Die Unterhaltung konnte nicht gestartet werden.' });
    await expect(failure).toContainText('Zu viele Nachrichten in kurzer Zeit. Bitte warte einen Moment und versuche es dann erneut.');
    await expect(failure.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await ask(page, 'Und wie ist es mit einer neuen Unterhaltung?');
    await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Und wie ist es mit einer neuen Unterhaltung?');
    await expect(messages).toHaveCount(0);
    await visitor.close();
    await api.ctx.dispose();
  } finally {
    await server.stop();
  }
});

test('Eine Frage direkt nach der Zustimmung geht nicht verloren', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/chat/${uuid}`);
  // The slowest timing, made certain (it failed a CI run by chance): the consent's cookie arrives
  // only after Enter, so the question itself starts the conversation; the conversation's first
  // load is answered by the server before the question is stored, and reaches the page only after
  // the answer is on screen — it must not take question and answer off it again.
  const pressed = later();
  const firstLoad = later();
  const shown = later();
  await page.route('**/sanctum/csrf-cookie', async (route) => {
    await pressed.promise;
    await route.continue();
  });
  await page.route((url) => url.pathname.startsWith('/api/messages/'), async (route) => {
    const response = await route.fetch();
    firstLoad.done();
    await shown.promise;
    await route.fulfill({ response });
  });
  await page.route((url) => url.pathname === '/api/send/stream', async (route) => {
    await firstLoad.promise;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  // No waiting: the conversation is still being prepared when the visitor presses Enter.
  await ask(page, 'Wann habt Ihr geöffnet?');
  pressed.done();
  const messages = page.getByTestId('chat-message');
  await expect(messages.last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  const arrived = page.waitForEvent('requestfinished', (request) => new URL(request.url()).pathname.startsWith('/api/messages/'));
  shown.done();
  await arrived;
  // The late load has arrived (its data handed on in the page's next tasks, drawn by the next
  // frame) and was set aside: question and answer stay.
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 0)));
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText('Wann habt Ihr geöffnet?');
  await expect(messages.last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
  await visitor.close();
  await api.ctx.dispose();
});

test('Konnte die Unterhaltung nicht beginnen, startet die nächste Frage sie erneut', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  // The first creation fails (a network hiccup); later ones go through.
  const creations = await failFirstThreadCreation(page);
  await page.goto(`/chat/${uuid}`);
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await expect(page.getByText('Die Unterhaltung konnte nicht gestartet werden.')).toBeVisible();
  // The visitor does not look for the retry button: the question itself starts the conversation.
  await ask(page, 'Wann habt Ihr geöffnet?');
  await expect(page.getByTestId('chat-message').last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
  await expect(page.getByText('Die Unterhaltung konnte nicht gestartet werden.')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  expect(creations()).toBe(2);
  await visitor.close();
  await api.ctx.dispose();
});

test('Ohne Browserspeicher und Cookies (beides gesperrt) gilt die Zustimmung für den Besuch, und der Chat antwortet', async ({
  browser,
}) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  // As in a browser that blocks all site data: local storage throws, and script cookies are neither
  // kept nor read.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    Object.defineProperty(Document.prototype, 'cookie', { get: () => '', set: () => undefined });
  });
  for (const visit of [1, 2]) {
    if (visit === 1) await page.goto(`/chat/${uuid}`);
    else await page.reload();
    await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await ask(page, 'Wann habt Ihr geöffnet?');
    await expect(page.getByTestId('chat-message').last()).toContainText('montags bis freitags von 9 bis 18 Uhr');
    await expect(page.getByText('Die Unterhaltung konnte nicht gestartet werden.')).toHaveCount(0);
    await ask(page, 'Wie lange dauert eine Reparatur?');
    // Each visit is a conversation of its own: nothing could keep the earlier one.
    await expect(page.locator('[data-testid="chat-message"][data-origin="ai"]')).toHaveCount(2);
  }
  await visitor.close();
  await api.ctx.dispose();
});

test('Einbettung auf einer fremden Website: Zustimmung und Unterhaltung bleiben von Seite zu Seite, ohne Cookies von Mika', async ({
  page,
}) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  // The customer's website is another site than Mika's server. Inside the frame the browser then
  // stores and sends none of Mika's SameSite=Lax cookies, and this Chromium refuses the frame local
  // storage altogether (as Chrome does in a private window). A partitioned cookie is allowed: it
  // keeps the consent and the conversation for this website only.
  const host = await embeddingWebsite(uuid);
  const frame = page.frameLocator('iframe[title="Mika Chat"]');
  const chatCookies = async () =>
    (await page.context().cookies(E2E_BASE_URL)).map((c) => ({ name: c.name, sameSite: c.sameSite, secure: c.secure })).sort((a, b) => a.name.localeCompare(b.name));
  try {
    await page.goto(host.foreignSite);
    await page.getByRole('button', { name: 'Chat öffnen' }).click();
    await frame.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await ask(frame, 'Wie lange dauern Reparaturen?');
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
    // No session or CSRF cookie of Mika's: only what the chat keeps, partitioned to this website.
    expect(await chatCookies()).toEqual([
      { name: 'mika-chat-threads', sameSite: 'None', secure: true },
      { name: 'mikaTermsApproved', sameSite: 'None', secure: true },
    ]);

    // The visitor goes to the next page of the shop: no consent again, the conversation goes on.
    await page.reload();
    await page.getByRole('button', { name: 'Chat öffnen' }).click();
    await expect(frame.getByTestId('chat-message').filter({ hasText: 'Wie lange dauern Reparaturen?' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Ich bin einverstanden' })).toHaveCount(0);
    await ask(frame, 'Und wann habt Ihr geöffnet?');
    await expect(frame.getByTestId('chat-message').last()).toContainText('montags bis freitags');
    await expect(frame.locator('[data-testid="chat-message"][data-origin="ai"]')).toHaveCount(2);

    // The visitor's other calls need no Mika cookie either: a vote, and deleting the conversation.
    const answer = frame.getByTestId('chat-message').last();
    await answer.getByRole('button', { name: 'Hilfreiche Antwort', exact: true }).click();
    await expect(answer.getByRole('button', { name: 'Hilfreiche Antwort', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await frame.getByRole('button', { name: 'Unterhaltung löschen' }).click();
    await frame.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await expect(frame.getByText('Deine Unterhaltung wurde gelöscht.')).toBeVisible();
    await expect(frame.getByTestId('chat-message')).toHaveCount(0);
  } finally {
    await host.close();
    await api.ctx.dispose();
  }
});

test('Einbettung auf einer Website mit strenger Content-Security-Policy: die Blase sitzt, der Chat öffnet und antwortet', async ({ page }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  // The shop allows Mika's script and frame (what the embed needs it to add), but no inline styles,
  // and it enforces Trusted Types (no markup assigned as a string).
  const host = await embeddingWebsite(uuid, {
    csp: `default-src 'self'; script-src 'self' ${E2E_BASE_URL}; frame-src ${E2E_BASE_URL}; style-src 'self'; require-trusted-types-for 'script'`,
  });
  try {
    await page.goto(host.foreignSite);
    const bubble = page.getByRole('button', { name: 'Chat öffnen' });
    await expect(bubble).toBeVisible();
    expect(await bubble.evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).borderRadius])).toEqual(['fixed', '50%']);
    await expect(bubble.locator('svg path')).toHaveCount(1);
    await bubble.click();
    await expect(page.locator('iframe[title="Mika Chat"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat schließen' }).locator('svg path')).toHaveCount(1);
    const frame = page.frameLocator('iframe[title="Mika Chat"]');
    // The question follows once the conversation exists (a question typed at once after the
    // consent is the journey «Eine Frage direkt nach der Zustimmung …»'s subject).
    const created = page.waitForResponse((r) => r.url().endsWith('/api/thread/create') && r.ok());
    await frame.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await created;
    await ask(frame, 'Wie lange dauern Reparaturen?');
    await expect(frame.getByTestId('chat-message').last()).toContainText('zwei Werktage');
  } finally {
    await host.close();
    await api.ctx.dispose();
  }
});
