import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { expectNoAxeViolations } from './axe.ts';
import { resize } from './viewport.ts';
import { unique } from './public-helpers.ts';
import { E2E_BASE_URL, E2E_LOG, SUPERADMIN } from './server.ts';
import { callApi, registerOwner, signedIn } from './api.ts';

// Insight → KI-Anbieter (issue 28): the superadmin points chat at a provider (a fake OpenAI server
// on 127.0.0.1 — an operator's http:// loopback URL is trusted configuration), tests the
// connection, and the next chat answer comes from it without a restart. A wrong key shows the
// provider's error in German. At the end chat is set back to the offline engine for the other
// journeys on this server.
test.describe.configure({ mode: 'serial' });

const run = unique();
const OWNER = { name: `Petra Anbieter ${run}`, email: `petra-${run}@beispiel.de`, password: 'Anbieter#2026' };
const KEY = 'sk-e2e-Richtig-4d1c8e';
const WRONG = 'sk-e2e-Falsch-0000-9999';

let fake: FakeOpenAI;
let owner: BrowserContext;

test.beforeAll(async ({ browser }) => {
  fake = await startFakeOpenAI();
  fake.requireKey(KEY);
  owner = await browser.newContext();
  await registerOwner(owner, OWNER);
});

test.afterAll(async ({ browser }) => {
  const page = await signedIn(browser, SUPERADMIN);
  await callApi(page.context(), 'put', '/api/insight/providers', { capability: 'chat', provider: 'offline' });
  await page.context().close();
  await owner?.close();
  await fake?.close();
});

/** One chat question of the owner through the API, as the chat page asks it: the streamed answer. */
async function ownerAsks(question: string): Promise<string> {
  const library = await callApi(owner, 'get', '/api/assistants/');
  const uuid = (JSON.stringify(library).match(/"uuid":"([0-9a-f-]{36})"/) ?? [])[1]!;
  const thread = await callApi(owner, 'post', '/api/thread/create', { assistantUuid: uuid });
  const q = new URLSearchParams({ assistantUuid: uuid, threadId: String(thread.id), token: thread.token, message: question });
  const res = await owner.request.get(`${E2E_BASE_URL}/api/send/stream?${q}`);
  return (await res.text())
    .split('\n')
    .filter((l) => l.startsWith('data: {'))
    .map((l) => JSON.parse(l.slice(6)) as { type: string; text?: string })
    .filter((e) => e.type === 'text')
    .map((e) => e.text)
    .join('');
}

async function shot(page: Page, name: string) {
  // The snackbar of the save and the focus ring are not part of the screen. The snackbar hides
  // itself: wait for that (closing it by hand raced its own timeout and clicked a detached button).
  await expect(page.getByRole('alert').filter({ hasText: 'Der KI-Anbieter wurde gespeichert.' })).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Tall viewports instead of fullPage: the office scrolls inside its own container.
  const size = page.viewportSize()!;
  await resize(page, { width: 1440, height: 1700 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  await resize(page, { width: 390, height: 3000 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  await page.setViewportSize(size);
}

test('Superadmin stellt den Chat auf einen Anbieter um, testet die Verbindung, die nächste Antwort kommt von ihm', async ({ browser }) => {
  test.setTimeout(120_000);
  expect(await ownerAsks('Hallo?')).toContain('Offline-Modus');

  const page = await signedIn(browser, SUPERADMIN);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/Insight');
  await page.getByRole('tab', { name: 'KI-Anbieter' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Insight?tab=KI-Anbieter`);
  const chat = page.getByRole('region', { name: 'Chat', exact: true });
  await expect(chat.getByText('offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rerank (Suchtreffer ordnen)' }).getByText(/Cohere- oder Jina-Format/)).toBeVisible();
  await expectNoAxeViolations(page, 'KI-Anbieter: alles offline');

  // Nothing changed, nothing to save; offline, nothing to test.
  await expect(chat.getByRole('button')).toHaveCount(0);
  // OpenAI's protocol at a loopback http:// address, with a key and a model.
  await chat.getByRole('combobox', { name: 'Anbieter' }).click();
  await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
  await expect(chat.getByRole('button', { name: 'Speichern' })).toBeVisible();
  await chat.getByLabel('Basis-URL').fill(fake.url);
  await chat.getByLabel('API-Schlüssel').fill(KEY);
  await chat.getByLabel('Modell').fill('gpt-e2e');
  await chat.getByLabel('Kontextfenster (Tokens)').fill('64000');
  fake.reply({ text: 'OK' });
  // "Verbindung testen" saves the changes first, then makes one small real call.
  await chat.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(chat.getByTestId('provider-chat-result')).toHaveText('Verbindung steht. Antwort des Modells: „OK“');
  await expect(chat.getByText('In Mika gespeichert')).toBeVisible();
  await expect(chat.getByText('Ein Schlüssel ist gespeichert. Leer lassen, um ihn zu behalten.')).toBeVisible();
  await expect(chat.getByLabel('API-Schlüssel')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(KEY);
  await expectNoAxeViolations(page, 'KI-Anbieter: Chat über OpenAI getestet');

  // No restart: the owner's next answer comes from the provider.
  fake.reply({ text: 'Antwort aus dem eingestellten Modell.' });
  expect(await ownerAsks('Und jetzt?')).toBe('Antwort aus dem eingestellten Modell.');
  expect(fake.requests.at(-1)!.body.model).toBe('gpt-e2e');

  // A wrong key: the provider's error in German, without the key.
  await chat.getByLabel('API-Schlüssel').fill(WRONG);
  await chat.getByRole('button', { name: 'Verbindung testen' }).click();
  const result = chat.getByTestId('provider-chat-result');
  await expect(result).toContainText('Der Anbieter hat den API-Schlüssel abgelehnt: HTTP 401 – Incorrect API key provided: [Schlüssel verborgen]');
  await expect(page.locator('body')).not.toContainText('9999');
  await shot(page, 'ki-anbieter-falscher-schluessel');

  // The right key again, saved; the screenshots of the screen as it is then.
  await chat.getByLabel('API-Schlüssel').fill(KEY);
  await chat.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(result).toHaveText('Verbindung steht. Antwort des Modells: „Antwort aus dem eingestellten Modell.“');
  await shot(page, 'ki-anbieter');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'KI-Anbieter am Telefon');
  await page.context().close();
  // The server's log names the change, never a key.
  const log = fs.readFileSync(E2E_LOG, 'utf8');
  expect(log).toContain('AI provider changed in Insight');
  expect(log).not.toContain(KEY);
  expect(log).not.toContain(WRONG);
});
