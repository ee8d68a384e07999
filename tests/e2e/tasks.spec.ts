import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { makeDocx } from '../fixtures/office-files.ts';
import { docxTables } from '../setup/document-tables.ts';
import { apiHeaders, callApi, registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { resize } from './viewport.ts';
import { unique } from './public-helpers.ts';
import { E2E_BASE_URL, latestMailText } from './server.ts';

// Task view (issue 13, task half): a task Mika answers a text result (typed out; copy, e-mail,
// voice) and a document result that downloads — offline engine, no model needed. A table in the
// knowledge stays a table: in the text result and in the Word file.

const SHOTS = process.env.TASK_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const original = page.viewportSize();
  for (const width of [1440, 390]) {
    await resize(page, { width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test('Aufgabe: Text-Ergebnis kopieren, per E-Mail senden, vorlesen; Dokument herunterladen', async ({ page }) => {
  test.setTimeout(120_000);
  const context = page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  const email = `aufgabe-${unique()}@beispiel.de`;
  const password = 'Aufgabe#2026';
  await registerOwner(context, { name: 'Anna Aufgabe', email, password });
  const { uuid } = await callApi(context, 'post', '/api/assistant', {
    type: 'task',
    name: 'Mika Lieferprofi',
    role: 'Du bist die Assistenz unseres Versandhandels für Büromöbel in Köln.',
    task: 'Du beantwortest Aufgaben rund um Lieferzeiten, Versand und Rücksendungen und erstellst Übersichten für Kunden. '.repeat(3),
    can_talk: 1,
  });
  // Knowledge the offline engine quotes from.
  const upload = await context.request.post(`${E2E_BASE_URL}/api/knowledge`, {
    headers: await apiHeaders(context),
    multipart: {
      assistantUuid: uuid,
      description: 'Lieferzeiten und Rücksendungen',
      dataProtection: '0',
      file: {
        name: 'lieferzeiten.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          'Standardlieferungen dauern drei Werktage. Eine Expresslieferung kommt am nächsten Werktag an, wenn die Bestellung vor 14 Uhr eingeht.\n\n' +
            'Rücksendungen sind innerhalb von 30 Tagen kostenlos möglich. Größere Möbelstücke holen wir selbst ab.',
        ),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  // A Word file with a price table.
  const zones = [
    ['Zone', 'Länder', 'Preis (€)', 'Laufzeit'],
    ['1', 'Deutschland', '4,90', '1–2 Werktage'],
    ['2', 'Österreich, Schweiz', '9,90', '2–4 Werktage'],
    ['3', 'übrige EU', '14,50', '3–6 Werktage'],
  ];
  const prices = await context.request.post(`${E2E_BASE_URL}/api/knowledge`, {
    headers: await apiHeaders(context),
    multipart: {
      assistantUuid: uuid,
      description: 'Versandkosten',
      dataProtection: '0',
      file: {
        name: 'Versandkosten.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await makeDocx({ heading: 'Versandkosten nach Zone', paragraph: 'Die Versandkosten gelten pro Paket bis 31,5 kg.', table: zones }),
      },
    },
  });
  expect(prices.ok(), await prices.text()).toBe(true);
  await expect
    .poll(async () => (await (await context.request.get(`${E2E_BASE_URL}/api/knowledge/${uuid}`)).json()).files.map((f: { status: string }) => f.status), { timeout: 30_000 })
    .toEqual(['ready', 'ready']);

  // The library's task action is real now.
  await page.goto('/');
  await page.getByRole('article', { name: 'Mika Lieferprofi' }).getByRole('button', { name: 'Aufgabe erledigen lassen' }).click();
  await expect(page).toHaveURL(new RegExp(`view=task&assistant=${uuid}`));
  await expect(page.getByRole('heading', { name: 'Mika Lieferprofi' })).toBeVisible();
  const input = page.getByRole('textbox', { name: 'Deine Aufgabe' });
  const send = page.getByTestId('task-send');
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page, 'Aufgabe: leer');

  await input.fill('Wie lange dauert es?');
  await send.click();
  await expect(page.getByText('Der Input muss mindestens 30 Buchstaben lang sein')).toBeVisible();
  await expectNoAxeViolations(page, 'Aufgabe: Eingabe zu kurz');

  // A text result, typed out.
  await input.fill('Wie lange dauert eine Expresslieferung zu unseren Kunden nach Bestellung?');
  await send.click();
  const text = page.getByTestId('task-text');
  await expect(text).toContainText('Offline-Modus', { timeout: 30_000 });
  await expect(text).toContainText('nächsten Werktag', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Ganzes Ergebnis zeigen' })).toBeHidden({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'Aufgabe: Text-Ergebnis');
  await shot(page, 'task-text');

  await page.getByRole('button', { name: 'Ergebnis kopieren' }).click();
  await expect(page.getByText('Ergebnis wurde kopiert')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('nächsten Werktag');

  await page.getByRole('button', { name: 'Ergebnis per E-Mail an mich senden' }).click();
  await expect(page.getByText('Email wurde an Dich versendet')).toBeVisible();
  await expect.poll(() => latestMailText(email) ?? '', { timeout: 20_000 }).toContain('nächsten Werktag');

  // The price table is quoted as a table (the row the question names).
  await input.fill('Was kosten die Versandkosten für ein Paket in die Schweiz?');
  await send.click();
  const quoted = text.getByRole('table');
  await expect(quoted).toBeVisible({ timeout: 30_000 });
  await expect(quoted.getByRole('columnheader', { name: 'Preis (€)' })).toBeVisible();
  await expect(quoted.getByRole('row', { name: /Österreich, Schweiz\s+9,90/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ganzes Ergebnis zeigen' })).toBeHidden({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'Aufgabe: Tabelle im Ergebnis');
  await shot(page, 'task-table');

  // Voice: speaker → generated MP3 → play/pause toggle.
  await page.getByRole('button', { name: 'Ergebnis vorlesen' }).click();
  await expect(page.getByRole('button', { name: /^(Pause|Abspielen)$/ })).toBeVisible({ timeout: 30_000 });

  // A document result that downloads.
  await input.fill('Erstelle eine Übersicht unserer Versandkosten, Lieferzeiten und Rücksendungen als Word-Datei für Kunden.');
  await send.click();
  const doc = page.getByTestId('task-document');
  await expect(doc).toContainText('.docx', { timeout: 30_000 });
  await expectNoAxeViolations(page, 'Aufgabe: Dokument-Ergebnis');
  await shot(page, 'task-document');
  const [download] = await Promise.all([page.waitForEvent('download'), doc.getByRole('button', { name: 'Herunterladen' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.length).toBeGreaterThan(3000);
  // The knowledge's table is a Word table (w:tbl) with a header row, not pipe text.
  expect(docxTables(bytes).find((t) => t.rows[0]?.[0] === 'Zone')).toEqual({ headerRow: true, rows: zones });
  if (SHOTS) await officeRendering(bytes, 'task-document-word');
});

/** How LibreOffice shows the downloaded file (screenshots only): converted to PDF, its first page as PNG. */
async function officeRendering(bytes: Buffer, name: string) {
  const dir = await fs.mkdtemp(path.join(SHOTS!, `${name}-`));
  const file = path.join(dir, `${name}.docx`);
  await fs.writeFile(file, bytes);
  execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', dir, file], { stdio: 'ignore', timeout: 120_000 });
  execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', path.join(dir, `${name}.pdf`), path.join(SHOTS!, name)], { timeout: 60_000 });
}
