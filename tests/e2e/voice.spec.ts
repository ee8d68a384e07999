import { expect, test } from './fixtures.ts';
import { startFakeOpenAI } from '../fixtures/fake-openai.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { adminApi, ask, failFirstThreadCreation, later, publishedAssistant } from './public-helpers.ts';
import { E2E_BASE_URL, startServer } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';

// Chromium's fake microphone: a test tone, no permission prompt.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test('Mikrofon: Aufnahme wird erkannt und als Nachricht gesendet', async ({ page }) => {
  // Starts a server of its own (as the other journeys that do, more than the default minute).
  test.setTimeout(120_000);
  const fake = await startFakeOpenAI({ transcript: 'Wie sind Eure Öffnungszeiten?', text: 'Wir haben von 9 bis 18 Uhr geöffnet.' });
  const server = await startServer({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'x',
    AI_CHAT_MODEL: 'gpt-test',
    AI_TRANSCRIPTION_MODEL: 'whisper-test',
  });
  try {
    const api = await adminApi(server.baseUrl);
    const uuid = await publishedAssistant(api);
    // The page counts the seconds of sound its recorder has received (the recorder's audio callback).
    await page.addInitScript(() => {
      const counter = window as unknown as { recordedSeconds: number };
      counter.recordedSeconds = 0;
      const create = AudioContext.prototype.createScriptProcessor;
      AudioContext.prototype.createScriptProcessor = function (this: AudioContext, ...args: Parameters<typeof create>) {
        const node = create.apply(this, args);
        node.addEventListener('audioprocess', (event) => (counter.recordedSeconds += event.inputBuffer.duration));
        return node;
      };
    });
    await page.goto(`${server.baseUrl}/chat/${uuid}`);
    // The conversation is still being created when the visitor taps the microphone: its creation
    // is held until the tap, so the recording must start without it — and then fails (a network
    // hiccup), so the recording must start the conversation itself when it stops.
    const tapped = later();
    const creations = await failFirstThreadCreation(page, tapped.promise);
    await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await page.getByRole('button', { name: 'Spracheingabe starten' }).click();
    tapped.done();
    // The recorder loads with the first recording.
    await expect(page.getByRole('button', { name: 'Aufnahme beenden' })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'Öffentlicher Chat: Aufnahme läuft');
    // Speak for a second: stop once the recorder has that much sound, not after a fixed sleep.
    await expect.poll(() => page.evaluate(() => (window as unknown as { recordedSeconds: number }).recordedSeconds)).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Aufnahme beenden' }).click();
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Wie sind Eure Öffnungszeiten?' })).toBeVisible();
    await expect(page.getByTestId('chat-message').last()).toContainText('von 9 bis 18 Uhr geöffnet');
    expect(creations()).toBe(2);
    const upload = fake.requests.find((r) => r.path === '/v1/audio/transcriptions');
    expect(upload).toBeTruthy();
    // The browser sent a RIFF/WAVE file, mono.
    const raw = Buffer.from(upload!.body as Buffer);
    const at = raw.indexOf('RIFF');
    expect(raw.subarray(at + 8, at + 12).toString()).toBe('WAVE');
    expect(raw.readUInt16LE(at + 22)).toBe(1);

    // Opened over plain http by the server's address (not localhost), a browser offers no
    // microphone at all: the button says why instead of asking to allow what cannot be allowed.
    const insecure = await page.context().browser()!.newContext();
    const plain = await insecure.newPage();
    await plain.addInitScript(() => Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined }));
    await plain.goto(`${server.baseUrl}/chat/${uuid}`);
    await plain.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await plain.getByRole('button', { name: 'Spracheingabe starten' }).click();
    await expect(plain.getByRole('alert').filter({ hasText: 'Die Spracheingabe braucht eine sichere Verbindung (https).' })).toBeVisible();
    await insecure.close();
    await api.ctx.dispose();
  } finally {
    await server.stop();
    await fake.close();
  }
});

test('Sprachausgabe: eine gesprochene Antwort ist eine Sprachnachricht, die im Verlauf bleibt', async ({ page }) => {
  // The shared server runs offline: the bundled synthesizer speaks.
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api, {}, { canTalk: true });
  await page.goto(`/chat/${uuid}`);
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await page.getByRole('switch', { name: 'kann sprechen' }).check();
  await ask(page, 'Wann habt Ihr geöffnet?');
  const answer = page.getByTestId('chat-message').filter({ hasText: 'von 9 bis 18 Uhr' }).last();
  await expect(answer).toBeVisible();
  // Spoken, the answer becomes an audio message (spec type mp3): its player sits above the text.
  const player = answer.getByLabel('Sprachnachricht');
  await expect(player).toBeVisible({ timeout: 20_000 });
  const src = await player.getAttribute('src');
  expect(src).toMatch(new RegExp(`^/audio/${uuid}/[\\w-]+\\.mp3\\?token=`));
  const audio = await page.request.get(src!);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');
  await expectNoAxeViolations(page, 'Öffentlicher Chat: gesprochene Antwort');

  // The history keeps it as an audio message with its text.
  await page.reload();
  const again = page.getByTestId('chat-message').filter({ hasText: 'von 9 bis 18 Uhr' }).last();
  await expect(again.getByLabel('Sprachnachricht')).toHaveAttribute('src', src!);
  await api.ctx.dispose();
});
