import type { BrowserContext, Page } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { E2E_BASE_URL, startServer, type StartedServer } from './server.ts';
import { registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';

// Conversations (issue "Conversations: the AI pipeline, streaming chat and the live progress
// channel"): the office chat with the offline engine, and against an OpenAI-compatible provider.

const QUESTION = 'Kannst Du mir helfen, E-Mails zu formulieren?';
const ASSISTANT = 'Mika Allrounder';
const INTRO_START = 'Hallo, ich bin Mika, Deine Büro-Assistenz.';

let counter = 0;
function newUser() {
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  return { name: 'Clara Chat', email: `chat-${id}@beispiel.de`, password: 'Chatten#2026' };
}

/** Registers a new team owner in this context; without SMTP the server signs them in at once. */
async function register(context: BrowserContext, baseUrl: string) {
  return registerOwner(context, newUser(), baseUrl);
}

/** Opens the assistant's chat from the library, as a person would. */
async function openChatFromLibrary(page: Page, baseUrl: string, assistant = ASSISTANT) {
  await page.goto(`${baseUrl}/`);
  const card = page.getByRole('article', { name: assistant });
  await card.getByRole('button', { name: `Mit ${assistant} sprechen` }).click();
  await expect(page).toHaveURL(/view=chat&assistant=/);
  await expect(page.getByRole('heading', { name: assistant, level: 1 })).toBeVisible();
}

const input = (page: Page) => page.getByRole('textbox', { name: 'Nachricht' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Senden' });
const messages = (page: Page) => page.getByTestId('chat-message');
const aiMessages = (page: Page) => page.locator('[data-testid="chat-message"][data-origin="ai"]');

test('Offline-Modus: gestreamte Antwort aus den eigenen Texten, Verlauf bleibt, Neustart beginnt von vorn', async ({
  page,
}) => {
  await register(page.context(), E2E_BASE_URL);
  await openChatFromLibrary(page, E2E_BASE_URL);

  // No AI model on this server: the chat says so.
  await expect(page.getByTestId('offline-label')).toHaveText('Offline-Modus');
  await expect(page.getByTestId('chat-intro')).toContainText(INTRO_START);
  await expect(page.getByRole('status', { name: 'Live-Verbindung: verbunden' })).toBeVisible();
  // The header's hints open by keyboard too (the light Hint, decision 013).
  await page.getByRole('status', { name: 'Live-Verbindung: verbunden' }).focus();
  await expect(page.getByRole('tooltip')).toContainText('Fortschrittsanzeigen kommen live');
  await page.getByRole('button', { name: 'Zur Übersicht' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('Zur Übersicht');
  await expect(messages(page)).toHaveCount(0);

  // Empty: nothing to send. Shift+Enter and Ctrl+Enter add lines instead of sending.
  await expect(sendButton(page)).toBeDisabled();
  await input(page).fill('Erste Zeile');
  await input(page).press('Shift+Enter');
  await input(page).pressSequentially('Zweite Zeile');
  await input(page).press('Control+Enter');
  await input(page).pressSequentially('Dritte Zeile');
  await expect(input(page)).toHaveValue('Erste Zeile\nZweite Zeile\nDritte Zeile');
  await expect(messages(page)).toHaveCount(0);

  await input(page).fill(QUESTION);
  await expect(sendButton(page)).toBeEnabled();
  // Every length the streaming bubble shows, and the send button's state at each step while text is
  // typed, recorded in the page (checking from the test would race the stream on a busy machine).
  // The next question is typed as soon as the answer starts to stream — by the page's own input
  // event, so that a fast answer on a quiet machine or a slow test on a busy one cannot miss it.
  await page.evaluate(() => {
    const seen = new Set<number>();
    const sendWhileTyped: boolean[] = [];
    let typedNext = false;
    Object.assign(window, { streamLengths: seen, sendWhileTyped });
    new MutationObserver(() => {
      const length = document.querySelector('[data-testid="streaming-answer"]')?.textContent?.length ?? 0;
      if (length === 0) return;
      seen.add(length);
      const textarea = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Nachricht"]');
      if (textarea && !typedNext) {
        typedNext = true;
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, 'Nächste Frage');
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
        return;
      }
      const send = document.querySelector<HTMLButtonElement>('button[aria-label="Senden"]');
      if (textarea?.value && send) sendWhileTyped.push(send.disabled);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await input(page).press('Enter');
  await expect(messages(page).filter({ hasText: QUESTION })).toBeVisible();

  // The answer streams in: it grows while the send button stays disabled, even with text typed.
  await expect(aiMessages(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('streaming-answer')).toBeHidden();
  const { lengths, sendWhileTyped } = await page.evaluate(() => {
    const w = window as unknown as { streamLengths: Set<number>; sendWhileTyped: boolean[] };
    return { lengths: [...w.streamLengths], sendWhileTyped: w.sendWhileTyped };
  });
  expect(lengths.length, JSON.stringify(lengths)).toBeGreaterThanOrEqual(2);
  expect(sendWhileTyped.length).toBeGreaterThan(0);
  expect(sendWhileTyped.every((disabled) => disabled)).toBe(true);
  // The typed question stays, and can be sent once the answer is there.
  await expect(input(page)).toHaveValue('Nächste Frage');
  await expect(sendButton(page)).toBeEnabled();

  // Rendered as Markdown: the offline engine quotes the matching passage (of the intro — never the
  // assistant's instructions).
  const answer = aiMessages(page).last();
  await expect(answer).toContainText('Ich helfe Dir beim Formulieren');
  await expect(answer).not.toContainText('Du formulierst E-Mails und Briefe');
  await expect(answer.locator('blockquote').first()).toBeVisible();
  await expect(answer.locator('em').first()).toContainText('Offline-Modus');

  // A reload keeps the conversation (thread in local storage, messages from the server).
  await page.reload();
  await expect(page.getByTestId('chat-intro')).toContainText(INTRO_START);
  await expect(messages(page)).toHaveCount(2);
  await expect(messages(page).first()).toHaveText(QUESTION);
  await expect(aiMessages(page).last().locator('blockquote').first()).toContainText('Formulieren');
  await expectNoAxeViolations(page, 'Office-Chat mit Antwort');

  // Reset: after confirming, only the intro is left — also after another reload.
  await page.getByRole('button', { name: 'Unterhaltung neu starten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unterhaltung neu starten?' });
  await expectNoAxeViolations(page, 'Dialog: Unterhaltung neu starten');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(messages(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Unterhaltung neu starten' }).click();
  await dialog.getByRole('button', { name: 'Neu starten' }).click();
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByTestId('chat-intro')).toBeVisible();
  // The new conversation's own message request has finished first: the wait below sees only the
  // reloaded page's (an earlier one, caught instead, loses its body to the navigation).
  await page.waitForLoadState('networkidle');
  const stored = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/messages/') && r.request().method() === 'GET');
  await page.reload();
  // The reset started a new conversation on the server: it holds no messages, and once they are
  // loaded (the loading line gone) none is shown.
  // Asked again by URL (a GET changes nothing): the page's own response body may be gone by now.
  const again = await page.request.get((await stored).url());
  expect(again.status()).toBe(200);
  expect((await again.json()).messages).toEqual([]);
  await expect(page.getByText('Unterhaltung wird geladen …')).toBeHidden();
  await expect(page.getByTestId('chat-intro')).toBeVisible();
  await expect(input(page)).toBeEditable();
  await expect(messages(page)).toHaveCount(0);
});

test('Eine Unterhaltung, die der Server nicht mehr kennt, beginnt still neu', async ({ page }) => {
  await register(page.context(), E2E_BASE_URL);
  await openChatFromLibrary(page, E2E_BASE_URL);
  await expect(input(page)).toBeEditable();
  // The conversation is stored in the browser (the field is editable a moment before: a question
  // typed that early waits for it); only a stored entry can be made stale below.
  await expect
    .poll(() => page.evaluate(() => Object.keys((JSON.parse(localStorage.getItem('mika-chat-threads') ?? '{}') as { state?: { threads?: object } }).state?.threads ?? {}).length))
    .toBeGreaterThan(0);
  // A stale entry (another browser's or a deleted thread) in local storage. It is written before
  // the app's scripts run on the reload: written into the running page, any later change of the
  // chat's store (a live status event) would persist the real thread over it again.
  await page.addInitScript(() => {
    const key = 'mika-chat-threads';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as {
      state?: { threads?: Record<string, unknown> };
    };
    for (const uuid of Object.keys(stored.state?.threads ?? {})) {
      stored.state!.threads![uuid] = { id: 999_999, token: 'nicht-mehr-gueltig' };
    }
    localStorage.setItem(key, JSON.stringify(stored));
  });
  allowRefusal(404, /\/api\/messages\/[\w-]+\/999999/);
  await page.reload();
  await expect(page.getByTestId('chat-intro')).toBeVisible();
  await input(page).fill(QUESTION);
  await input(page).press('Enter');
  await expect(aiMessages(page).last().locator('blockquote').first()).toBeVisible();
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
});

test('Zwei Tabs mit zwei Mikas: jede Unterhaltung bleibt nach dem Neuladen erhalten', async ({ page }) => {
  await register(page.context(), E2E_BASE_URL);
  await openChatFromLibrary(page, E2E_BASE_URL);
  await input(page).fill(QUESTION);
  await input(page).press('Enter');
  await expect(aiMessages(page)).toHaveCount(1, { timeout: 30_000 });

  // A second tab, opened later, talks to another Mika.
  const other = await page.context().newPage();
  await openChatFromLibrary(other, E2E_BASE_URL, 'Mika Marketing');
  const otherQuestion = 'Hast Du Ideen für unseren Newsletter im Frühling?';
  await input(other).fill(otherQuestion);
  await input(other).press('Enter');
  await expect(aiMessages(other)).toHaveCount(1, { timeout: 30_000 });

  // The first tab goes on with its conversation (its state changes are stored) …
  await input(page).fill('Und wie beginne ich eine Absage höflich?');
  await input(page).press('Enter');
  await expect(aiMessages(page)).toHaveCount(2, { timeout: 30_000 });

  // Opened in the first tab (without a reload), the second Mika continues the other tab's conversation.
  await page.getByRole('button', { name: 'Zur Übersicht' }).click();
  const card = page.getByRole('article', { name: 'Mika Marketing' });
  await card.getByRole('button', { name: 'Mit Mika Marketing sprechen' }).click();
  await expect(messages(page).filter({ hasText: otherQuestion })).toBeVisible();

  // Neither tab's conversation is lost to the other's on a reload.
  await other.reload();
  await expect(messages(other).filter({ hasText: otherQuestion })).toBeVisible();
  await expect(aiMessages(other)).toHaveCount(1);
  await openChatFromLibrary(page, E2E_BASE_URL);
  await expect(messages(page).filter({ hasText: QUESTION })).toBeVisible();
  await expect(aiMessages(page)).toHaveCount(2);
});

test.describe('mit einem KI-Anbieter', () => {
  let fake: FakeOpenAI;
  let server: StartedServer;

  test.beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.url,
      AI_CHAT_MODEL: 'gpt-test',
      AI_API_KEY: 'x',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('Die Antwort des Modells erscheint als Markdown, ohne Offline-Hinweis; Fehler werden gezeigt', async ({
    page,
  }) => {
    await register(page.context(), server.baseUrl);
    await openChatFromLibrary(page, server.baseUrl);
    await expect(page.getByTestId('chat-intro')).toContainText(INTRO_START);
    await expect(page.getByRole('status', { name: 'Live-Verbindung: verbunden' })).toBeVisible();

    fake.reply({
      text: 'Gern! Das ist **fett** gedruckt.\n\nDrei Schritte:\n\n- Betreff klären\n- Anliegen nennen\n- Freundlich grüßen',
      chunkDelayMs: 100,
    });
    await input(page).fill('Wie schreibe ich eine gute E-Mail?');
    await input(page).press('Enter');
    await expect(page.getByTestId('streaming-answer')).toBeVisible();
    const answer = aiMessages(page).last();
    await expect(answer.locator('strong')).toHaveText('fett');
    await expect(answer.locator('li')).toHaveText(['Betreff klären', 'Anliegen nennen', 'Freundlich grüßen']);
    await expect(page.getByTestId('offline-label')).toHaveCount(0);
    await expect(page.getByText('Offline-Modus')).toHaveCount(0);
    expect(fake.requests.some((r) => r.body?.model === 'gpt-test')).toBe(true);

    // The provider fails: a red snackbar with the server's German text, and a notice in the conversation.
    fake.reply({ status: 500 });
    await input(page).fill('Und noch eine Frage?');
    await input(page).press('Enter');
    const failed = 'Der KI-Dienst hat nicht geantwortet. Bitte versuche es gleich noch einmal.';
    await expect(page.getByTestId('snackbar')).toHaveText(failed);
    await expect(page.getByTestId('chat-notice')).toHaveText(failed);
    await expect(sendButton(page)).toBeDisabled(); // empty input, idle again
    await input(page).fill('Neuer Versuch');
    await expect(sendButton(page)).toBeEnabled();

    // The provider breaks off mid-answer: what arrived stays, marked as incomplete.
    fake.reply({
      text: 'Das ist der Anfang einer langen Antwort, die mittendrin abbricht.',
      failAfterChunks: 4,
    });
    await input(page).press('Enter');
    await expect(page.getByTestId('chat-notice')).toHaveText(
      'Die Antwort wurde unterbrochen. Bitte versuche es noch einmal.',
    );
    await expect(aiMessages(page).last()).toContainText('Das ist der Anfang');
    await expect(page.getByText('Antwort unterbrochen')).toBeVisible();
  });
});
