import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { createChatMika, registerOwner } from './api.ts';
import { unique } from './public-helpers.ts';
import { resize } from './viewport.ts';
import { startTestWebsite } from '../fixtures/test-website.ts';

// A team's website as knowledge (issue 34): added in the Wissen tab, its crawl watched live
// («… von … Seiten gelesen»), the list with pages, sync and per-page reasons, then a question only
// the website answers — with the page as a linked source. Screenshots at 1440 and 390 px.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-website';

test('Wissen: Website hinzufügen, Fortschritt verfolgen, Antwort nennt die Seite als Link', async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const site = await startTestWebsite({ pages: 12 });
  try {
    const context = page.context();
    await registerOwner(context, { name: 'Wanda Web', email: `web-${unique()}@beispiel.de`, password: 'Website#2026' });
    const uuid = await createChatMika(context, {
      name: 'Mika Website',
      role: 'Du bist die Assistenz der Nordlicht GmbH und kennst ihre Website genau.',
      task: 'Du beantwortest Fragen von Besucherinnen und Besuchern zu Angeboten, Preisen und Kontakt. '.repeat(4),
    });

    await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
    await expect(page.getByText('Noch keine Website.')).toBeVisible();
    await page.getByRole('button', { name: 'Website hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Website hinzufügen' });
    await dialog.getByLabel('Startadresse').fill(`${site.base}/`);
    await dialog.getByLabel('Diese Pfade auslassen (optional)').fill('/gross');
    await resize(page, { width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/dialog-1440.png` });
    await resize(page, { width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
    await resize(page, { width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(page.getByText('Website hinzugefügt – das Lesen der Seiten beginnt.')).toBeVisible();

    // Live progress while the pages are read (2 requests per second: the default pace).
    const row = page.getByTestId('website').filter({ hasText: site.base });
    await expect(row.getByTestId('website-progress')).toContainText(/[1-9]\d* von \d+ Seiten gelesen/, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/progress-1440.png` });
    await resize(page, { width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/progress-390.png` });
    await resize(page, { width: 1440, height: 900 });

    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(row).toContainText('aktuell');
    // 12 pages, the start page, /kontakt, /ziel, the PDF and /wechsel.
    await expect(row).toContainText('17 Seiten');
    await expect(row).toContainText('Nächster Lauf:');
    await row.getByText(/Seiten mit Hinweis/).click();
    await expect(row.getByTestId('website-errors')).toContainText('nicht erlaubt durch robots.txt');
    await expect(row.getByTestId('website-errors')).toContainText('nicht gefunden (404)');
    await page.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });
    await resize(page, { width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
    await resize(page, { width: 1440, height: 900 });

    // Ask in the office chat: only the website knows the hotline.
    await page.goto(`/?view=chat&assistant=${uuid}`);
    await page.getByRole('textbox', { name: 'Nachricht' }).fill('Wie erreiche ich die Hotline?');
    await page.getByRole('button', { name: 'Senden' }).click();
    const answer = page.locator('[data-testid="chat-message"][data-origin="ai"]').last();
    await expect(answer).toContainText('0800 123456');
    const source = answer.getByTestId('answer-sources').getByRole('link', { name: 'Kontakt' });
    await expect(source).toHaveAttribute('href', `${site.base}/kontakt`);
    await page.screenshot({ path: `${SHOTS}/answer-1440.png` });

    // Sync now, then remove.
    await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
    await row.getByRole('button', { name: `${site.base}/ jetzt neu lesen` }).click();
    await expect(page.getByText('Die Website wird jetzt neu gelesen.')).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await row.getByRole('button', { name: `${site.base}/ entfernen` }).click();
    await page.getByRole('dialog', { name: 'Website entfernen?' }).getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByText('Website entfernt')).toBeVisible();
    await expect(page.getByTestId('website')).toHaveCount(0);
  } finally {
    await site.close();
  }
});
