import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callApi, registerOwner } from './api.ts';
import { ask, unique } from './public-helpers.ts';
import { resize, settled } from './viewport.ts';
import { expectNoAxeViolations } from './axe.ts';

// Einblicke (issue 33): a visitor gives a thumbs down in the public chat; the admin sees the
// question in the office's Einblicke tab, stores the right answer, and the next visitor gets it.

const SHOTS = process.env.INSIGHT_SHOTS ?? '';

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  // A tab's underline slides to the chosen tab: the picture shows where it ends up.
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('Einblicke: Daumen runter im öffentlichen Chat, Antwort hinterlegen im Büro', async ({ browser, page }) => {
  // Two chats, two axe checks and the office on a loaded machine: more than the 60 s default.
  test.setTimeout(180_000);
  const context = page.context();
  await registerOwner(context, { name: 'Ines Einblick', email: `einblick-${unique()}@beispiel.de`, password: 'Einblick#2026' });
  const form = {
    type: 'chat',
    name: 'Mika Möbelhaus',
    role: 'Du bist der freundliche Empfang unseres Möbelhauses in Leipzig.',
    task: 'Du beantwortest Fragen von Besuchern zu Lieferung und Service. '.repeat(4),
    style: 'sehr höflich und freundlich',
    can_talk: 0,
  };
  const { uuid } = await callApi(context, 'post', '/api/assistant', { ...form, is_public: 1 });
  await callApi(context, 'put', '/api/assistant', {
    assistant: { uuid, ...form, is_public: 1, intro: 'Willkommen! Die Lieferzeit beträgt fünf Werktage, die Lieferkosten 49 Euro.' },
  });

  // The visitor: one answered question (thumbs down with a reason), one the Mika cannot answer.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const chat = await visitor.newPage();
  await chat.goto(`/chat/${uuid}`);
  await chat.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await ask(chat, 'Wie hoch sind die Lieferkosten?');
  const answer = chat.getByTestId('chat-message').last();
  await expect(answer).toContainText('49 Euro');
  // The reasons open in sight, down to their buttons, also on a short screen (the chat scrolls them in).
  await chat.setViewportSize({ width: 390, height: 560 });
  await answer.getByRole('button', { name: 'Nicht hilfreiche Antwort' }).click();
  await expect(answer.getByRole('button', { name: 'Senden' })).toBeInViewport();
  await chat.setViewportSize({ width: 390, height: 844 });
  await answer.getByRole('button', { name: 'Unvollständig' }).click();
  await shot(chat, 'public-thumbs-down-390');
  await answer.getByRole('button', { name: 'Senden' }).click();
  await expect(answer.getByRole('status')).toHaveText('Danke für Deine Rückmeldung!');
  await expect(answer.getByRole('button', { name: 'Nicht hilfreiche Antwort' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(chat, 'Öffentlicher Chat mit Daumen');
  await ask(chat, 'Kann ich ein Sofa zurückgeben?');
  await expect(chat.getByTestId('chat-message').last()).toContainText('Offline-Modus');
  // The conversation loaded again shows the vote as given.
  await chat.reload();
  const rated = chat.getByTestId('chat-message').filter({ hasText: '49 Euro' });
  await expect(rated.getByRole('button', { name: 'Nicht hilfreiche Antwort' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rated.getByRole('button', { name: 'Hilfreiche Antwort', exact: true })).toHaveAttribute('aria-pressed', 'false');

  // The office: the tab «Einblicke» lists both questions at once (read live), with their reasons.
  await resize(page, { width: 1440, height: 900 });
  await page.goto(`/?view=edit&assistant=${uuid}`);
  await page.getByRole('tab', { name: 'Einblicke' }).click();
  const rows = page.getByTestId('unanswered-question');
  await expect(rows.filter({ hasText: 'Wie hoch sind die Lieferkosten?' })).toContainText('Daumen runter: Unvollständig');
  const returns = rows.filter({ hasText: 'Kann ich ein Sofa zurückgeben?' });
  await expect(returns).toContainText('Nichts Passendes im Wissen');
  await expectNoAxeViolations(page, 'Einblicke');
  await shot(page, 'insights-1440');

  await returns.getByRole('button', { name: 'Antwort hinterlegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Antwort hinterlegen' });
  await expect(dialog.getByLabel('Frage')).toHaveValue('Kann ich ein Sofa zurückgeben?');
  await dialog.getByLabel('Antwort').fill('Ja, Möbel können Sie 30 Tage lang kostenlos zurückgeben; wir holen das Sofa bei Ihnen ab.');
  await shot(page, 'teach-dialog-1440');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Antwort hinterlegt. Der Mika beantwortet die Frage ab jetzt aus seinem Wissen.')).toBeVisible();
  await expect(returns.getByText('Antwort hinterlegt')).toBeVisible();

  await resize(page, { width: 390, height: 844 });
  await shot(page, 'insights-390');

  // The Wissen tab lists the entry; the next visitor question is answered from it.
  await page.getByRole('tab', { name: 'Wissen' }).click();
  await expect(page.getByTestId('qa-entry')).toContainText('Kann ich ein Sofa zurückgeben?');
  await shot(page, 'knowledge-qa-390');
  await ask(chat, 'Kann ich ein Sofa zurückgeben?');
  await expect(chat.getByTestId('chat-message').last()).toContainText('30 Tage lang kostenlos');
  await expect(chat.getByTestId('chat-message').last()).toContainText('Fragen und Antworten');
  await shot(chat, 'public-answer-from-entry-390');
  await visitor.close();
});
