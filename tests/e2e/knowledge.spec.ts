import { readFileSync } from 'node:fs';
import { allowRefusal, expect, test } from './fixtures.ts';
import { makeCompoundFile, makeMsg, makePdf } from '../fixtures/office-files.ts';
import { apiHeaders, createChatMika, registerOwner } from './api.ts';
import { E2E_BASE_URL } from './server.ts';
import { unique } from './public-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { askInChat, chooseKnowledgeFile, uploadKnowledgeFile } from './knowledge-helpers.ts';

// Knowledge (issue 12): a PDF uploaded in the Wissen tab, its real ingestion stages in the
// progress dialog, then a question only the PDF answers — with the source under the answer.

test('Wissen: PDF hochladen, Fortschritt verfolgen, Frage aus dem PDF beantwortet mit Quelle', async ({
  page,
}) => {
  const context = page.context();
  const password = 'Wissen#2026';
  await registerOwner(context, { name: 'Wiebke Wissen', email: `wissen-${unique()}@beispiel.de`, password });
  const uuid = await createChatMika(context, {
    name: 'Mika Lager',
    role: 'Du bist die Assistenz unseres Lagers und kennst alle Abläufe genau.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Lager, Versand und Inventur. '.repeat(4),
  });

  await page.goto(`/?view=edit&assistant=${uuid}`);
  await page.getByRole('tab', { name: 'Wissen' }).click();
  await expect(page.getByText('Lade bis zu 100 Dateien hoch')).toBeVisible();

  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wissensdatei hochladen' });
  const pdf = await makePdf([
    'Lagerordnung der Firma. Der Zutritt zum Lager ist nur mit Sicherheitsschuhen erlaubt.',
    'Die jährliche Inventur findet immer am zweiten Samstag im Januar statt. Treffpunkt ist Tor 4.',
  ]);
  await dialog
    .getByTestId('knowledge-file-input')
    .setInputFiles({ name: 'Lagerordnung.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByText('Lagerordnung.pdf')).toBeVisible();
  await dialog.getByLabel('Beschreibung (optional)').fill('Regeln für das Lager');
  // Record every stage the dialog shows (a small PDF passes them within a fraction of a second).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stages: string[] }).stages = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="knowledge-progress-status"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dialog.getByRole('button', { name: 'Hochladen' }).click();

  // The progress dialog shows the real stages and ends with "fertig"; then "Datei hochgeladen".
  const progress = page.getByTestId('knowledge-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText(
    'Fertig – Dein Mika kennt die Datei jetzt.',
  );
  const stages = await page.evaluate(() => (window as unknown as { stages: string[] }).stages);
  expect(stages.at(-1)).toBe('Fertig – Dein Mika kennt die Datei jetzt.');
  // At least one stage before the end arrived live, in the order of ingestion.
  const order = ['hochgeladen', 'Text wird gelesen', 'wird zerlegt', 'wird indexiert'];
  const before = stages.slice(0, -1);
  expect(before.length, JSON.stringify(stages)).toBeGreaterThan(0);
  expect(before.every((s) => order.includes(s))).toBe(true);
  expect(before.map((s) => order.indexOf(s))).toEqual(
    [...before.map((s) => order.indexOf(s))].sort((a, b) => a - b),
  );
  await expect(page.getByText('Datei hochgeladen')).toBeVisible();
  await expect(progress).toBeHidden({ timeout: 5000 });
  const row = page.getByTestId('knowledge-file').filter({ hasText: 'Lagerordnung.pdf' });
  await expect(row).toHaveAttribute('data-status', 'ready');
  await expect(row).toContainText('Regeln für das Lager');
  await expect(row).toContainText('fertig');

  // Ask in the office chat: only the PDF knows the date of the stocktaking.
  await page.goto(`/?view=chat&assistant=${uuid}`);
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Wann ist die Inventur?');
  await page.getByRole('button', { name: 'Senden' }).click();
  const answer = page.locator('[data-testid="chat-message"][data-origin="ai"]').last();
  await expect(answer).toContainText('am zweiten Samstag im Januar');
  await expect(answer.getByTestId('answer-sources')).toContainText('Lagerordnung.pdf, Seite 2');

  // After a reload the source is still shown (stored with the answer).
  await page.reload();
  await expect(page.getByTestId('answer-sources').last()).toContainText('Lagerordnung.pdf, Seite 2');

  // Deleting the file trains the Mika anew: the training dialog of docs/product/library-and-wizard.md shows it too.
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await page.getByRole('button', { name: /Lagerordnung\.pdf löschen/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  const removal = page.getByTestId('knowledge-removal');
  await expect(removal).toBeVisible();
  await expect(removal).toContainText('„Lagerordnung.pdf“ wird entfernt');
  await expect(page.getByTestId('knowledge-removal-status')).toHaveText('Fertig – Dein Mika nutzt die Datei nicht mehr.');
  await expect(page.getByText('Datei gelöscht')).toBeVisible();
  await expect(removal).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('knowledge-file')).toHaveCount(0);
});

test('Wissen: eine CSV aus Excel (Semikolon, Windows-1252) wird als Tabelle gelesen; die Antwort zeigt die Zeile unter ihren Spalten', async ({
  page,
}) => {
  const context = page.context();
  await registerOwner(context, { name: 'Carla Csv', email: `csv-${unique()}@beispiel.de`, password: 'Tabelle#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Backstube',
    role: 'Du bist die Assistenz unserer Backstube und kennst Sorten, Preise und Bestände.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Brotsorten, Preisen und dem Lager. '.repeat(4),
  });
  const rows = Array.from({ length: 60 }, (_, i) => `B-${200 + i};Sorte ${i};${i + 2},20 Euro;${i * 3} Stück`);
  rows[17] = 'B-217;Dinkelvollkornbrot;5,10 Euro;23 Stück';
  // German Excel's «CSV (Trennzeichen-getrennt)»: semicolons, Windows-1252, CRLF.
  const csv = Buffer.from(`Nummer;Brotsorte;Preis;Lagerbestand\r\n${rows.join('\r\n')}\r\n`, 'latin1');

  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await uploadKnowledgeFile(page, { name: 'Brote.csv', mimeType: 'text/csv', buffer: csv });

  const answer = await askInChat(page, uuid, 'Wie hoch ist der Lagerbestand beim Dinkelvollkornbrot?');
  // The quote is a table with the file's own column names, umlauts intact.
  const table = answer.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Lagerbestand' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Dinkelvollkornbrot/ })).toContainText('23 Stück');
  await expect(answer.getByTestId('answer-sources')).toContainText('Brote.csv');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/csv-answer-1280.png` });
});

test('Wissen: eine alte Excel-Preisliste (.xls) wird gelesen, wie Excel sie zeigt; eine passwortgeschützte Datei wird mit Grund abgelehnt', async ({
  page,
}) => {
  const context = page.context();
  await registerOwner(context, { name: 'Xaver Xls', email: `xls-${unique()}@beispiel.de`, password: 'Tabelle#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Verkauf',
    role: 'Du bist die Assistenz unseres Verkaufs und kennst alle Preise und Artikel.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Preisen, Artikeln und Gültigkeiten. '.repeat(4),
  });
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  // A workbook Office 97–2003 wrote (here: LibreOffice as «Excel 97»).
  await uploadKnowledgeFile(page, { name: 'Preise 2026.xls', mimeType: 'application/vnd.ms-excel', buffer: readFileSync(new URL('../fixtures/legacy-office/preise.xls', import.meta.url)) });

  // Office keeps a password-protected .xlsx as a compound file around the encrypted package.
  const protectedXlsx = makeCompoundFile({ EncryptionInfo: Buffer.alloc(4096, 1), EncryptedPackage: Buffer.alloc(8192, 2) });
  allowRefusal(422, '/api/knowledge'); // the server's reason, shown as the upload's message
  const refused = await chooseKnowledgeFile(page, { name: 'Gehälter.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: protectedXlsx });
  await refused.getByRole('button', { name: 'Hochladen' }).click();
  // The reason stays in the dialog under the file (announced as an alert), once — not also as a snackbar.
  const reason = 'Die Datei ist passwortgeschützt und kann nicht gelesen werden. Bitte speichere sie ohne Passwort und lade sie erneut hoch.';
  await expect(refused.getByRole('alert')).toHaveText(reason);
  await expect(page.getByRole('alert').filter({ hasText: reason })).toHaveCount(1);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/xls-protected-1280.png` });
  await refused.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByTestId('knowledge-file')).toHaveCount(1);

  const answer = await askInChat(page, uuid, 'Ab wann gilt der Preis für den Käsekuchen?');
  // The date and the amount as the sheet shows them, not Excel's day number 46127 and 38.5.
  const row = answer.getByRole('table').getByRole('row', { name: /Käsekuchen/ });
  await expect(row).toContainText('15.04.2026');
  await expect(row).toContainText('38,50 €');
  await expect(answer.getByTestId('answer-sources')).toContainText('Preise 2026.xls');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/xls-answer-1280.png` });
});

test('Wissen: eine neue Fassung ersetzt die bisherige Datei, sobald sie gelesen ist; dieselbe Datei ein zweites Mal wird abgelehnt', async ({ page }) => {
  const context = page.context();
  await registerOwner(context, { name: 'Frieda Fassung', email: `fassung-${unique()}@beispiel.de`, password: 'Fassung#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Laden',
    role: 'Du bist die Assistenz unseres Ladens und kennst alle Preise.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Preisen und Artikeln. '.repeat(4),
  });
  const upload = (buffer: Buffer) => chooseKnowledgeFile(page, { name: 'Preisliste.pdf', mimeType: 'application/pdf', buffer });
  const version1 = await makePdf(['Preisliste: Das Roggenbrot kostet 4,20 Euro.']);
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await (await upload(version1)).getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText('Fertig – Dein Mika kennt die Datei jetzt.');
  await page.keyboard.press('Escape');

  // The same file once more: the dialog offers to replace it, the server says it knows it already.
  const again = await upload(version1);
  await expect(again.getByRole('switch', { name: '„Preisliste.pdf“ ersetzen' })).toBeChecked();
  allowRefusal(422, '/api/knowledge'); // the server's reason, shown as the upload's message
  await again.getByRole('button', { name: 'Hochladen' }).click();
  await expect(again.getByRole('alert')).toHaveText('Diese Datei kennt Dein Mika schon: „Preisliste.pdf“.');
  await again.getByRole('button', { name: 'Abbrechen' }).click();

  // The new version replaces the earlier one once it is read: one «Preisliste.pdf», the new price.
  const next = await upload(await makePdf(['Preisliste: Das Roggenbrot kostet 4,60 Euro.']));
  await expect(next.getByText('Die neue Fassung ersetzt die bisherige, sobald sie fertig gelesen ist.', { exact: false })).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-replace-1280.png` });
  await next.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText('Fertig – Dein Mika kennt die Datei jetzt.');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('knowledge-file')).toHaveCount(1);
  await expect(page.getByTestId('knowledge-file')).toHaveAttribute('data-status', 'ready');

  const answer = await askInChat(page, uuid, 'Was kostet das Roggenbrot?');
  await expect(answer).toContainText('4,60 Euro');
  await expect(answer).not.toContainText('4,20 Euro');

  // Next year's list under its own name: offered as a new version, but switched off until the user
  // says it is one; switched on, it replaces the list as well.
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  const yearly = await chooseKnowledgeFile(page, { name: 'Preisliste 2027.pdf', mimeType: 'application/pdf', buffer: await makePdf(['Preisliste 2027: Das Roggenbrot kostet 4,90 Euro.']) });
  const similar = yearly.getByRole('switch', { name: '„Preisliste.pdf“ ersetzen' });
  await expect(similar).not.toBeChecked();
  await expect(yearly.getByText('Ist die Datei eine neue Fassung von „Preisliste.pdf“?', { exact: false })).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-replace-similar-1280.png` });
  await similar.check();
  await yearly.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText('Fertig – Dein Mika kennt die Datei jetzt.');
  await expect(page.getByTestId('knowledge-progress')).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('knowledge-file')).toHaveCount(1);
  await expect(page.getByTestId('knowledge-file')).toContainText('Preisliste 2027.pdf');
  await expect(await askInChat(page, uuid, 'Was kostet das Roggenbrot?')).toContainText('4,90 Euro');
});

test('Wissen: mit 100 Dateien lässt der Dialog nur noch eine neue Fassung einer vorhandenen Datei zu', async ({ page }) => {
  const context = page.context();
  await registerOwner(context, { name: 'Volker Voll', email: `voll-${unique()}@beispiel.de`, password: 'Hundert#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Archiv',
    role: 'Du bist die Assistenz unseres Archivs und kennst alle Unterlagen.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Unterlagen aus dem Archiv. '.repeat(4),
  });
  const headers = await apiHeaders(context);
  for (let i = 0; i < 100; i++) {
    const res = await context.request.post(`${E2E_BASE_URL}/api/knowledge`, {
      headers,
      multipart: { assistantUuid: uuid, description: '', dataProtection: '0', file: { name: `datei-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Unterlage Nummer ${i}.`) } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await expect(page.getByText('100 von 100 Dateien')).toBeVisible();
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wissensdatei hochladen' });
  await expect(dialog.getByTestId('knowledge-full')).toHaveText(
    'Dein Mika hat schon 100 Dateien, mehr geht nicht. Du kannst eine Datei durch eine neue Fassung ersetzen (mit demselben Namen oder etwa einer neuen Jahreszahl darin) – oder zuerst eine Datei löschen.',
  );
  const choose = (name: string, text: string) =>
    dialog.getByTestId('knowledge-file-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await choose('neu.txt', 'Eine weitere Unterlage.');
  await expect(dialog.getByRole('button', { name: 'Hochladen' })).toBeDisabled();
  // Several at once: new versions would pass, a new file has no room.
  await dialog.getByTestId('knowledge-file-input').setInputFiles([
    { name: 'datei-3.txt', mimeType: 'text/plain', buffer: Buffer.from('Unterlage Nummer 3, neue Fassung.') },
    { name: 'neu.txt', mimeType: 'text/plain', buffer: Buffer.from('Eine weitere Unterlage.') },
  ]);
  await expect(dialog.getByTestId('knowledge-too-many')).toHaveText(
    'Dein Mika hat schon so viele Dateien, wie er haben kann. Neue Fassungen vorhandener Dateien gehen noch – oder lösche zuerst eine Datei.',
  );
  await expect(dialog.getByRole('button', { name: 'Hochladen' })).toBeDisabled();
  await choose('datei-7.txt', 'Unterlage Nummer 7, neue Fassung.');
  await expect(dialog.getByRole('switch', { name: '„datei-7.txt“ ersetzen' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText('Fertig – Dein Mika kennt die Datei jetzt.');
  await page.keyboard.press('Escape');
  await expect(page.getByText('100 von 100 Dateien')).toBeVisible();
});

test('Wissen: eine Outlook-Mail (.msg) mit Preisliste im Anhang wird gelesen; die Antwort nennt den Anhang als Quelle', async ({ page }) => {
  const context = page.context();
  await registerOwner(context, { name: 'Maren Mail', email: `mail-${unique()}@beispiel.de`, password: 'Postfach#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Einkauf',
    role: 'Du bist die Assistenz unseres Einkaufs und kennst die Absprachen mit den Lieferanten.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Lieferungen, Preisen und Absprachen. '.repeat(4),
  });
  // A supplier's reply as Outlook saves it (drag the mail out of Outlook): the price list attached.
  const msg = makeMsg({
    subject: 'AW: Lieferzeit für die Rollläden – Auftrag 4711',
    from: { name: 'Jürgen Müller', address: 'juergen.mueller@nordlicht-gmbh.de' },
    to: [{ name: 'Einkauf', address: 'einkauf@rollladen-berger.de' }],
    date: new Date('2025-03-18T08:12:44Z'),
    body: 'Guten Tag,\r\n\r\ndie Rollläden für Auftrag 4711 liefern wir in Kalenderwoche 14. Die Montage übernimmt Herr Schulz.\r\n\r\nMit freundlichen Grüßen\r\nJürgen Müller',
    attachments: [{ name: 'Preisübersicht 2026.xlsx', data: readFileSync(new URL('../fixtures/legacy-office/preise.xlsx', import.meta.url)) }],
  });
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await uploadKnowledgeFile(page, { name: 'Lieferzeit Auftrag 4711.msg', mimeType: 'application/vnd.ms-outlook', buffer: msg });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/msg-knowledge-1280.png` });

  // From the mail's text: the week, with the mail as the source.
  const week = await askInChat(page, uuid, 'In welcher Kalenderwoche kommen die Rollläden für Auftrag 4711?');
  await expect(week).toContainText('Kalenderwoche 14');
  await expect(week.getByTestId('answer-sources')).toContainText('Lieferzeit Auftrag 4711.msg');

  // From the attachment: the row of the price list, located in the attachment's sheet.
  const price = await askInChat(page, uuid, 'Was kostet der Käsekuchen laut Preisübersicht?');
  await expect(price.getByRole('table').getByRole('row', { name: /Käsekuchen/ })).toContainText('38,50 €');
  await expect(price.getByTestId('answer-sources')).toContainText('Lieferzeit Auftrag 4711.msg, Anhang „Preisübersicht 2026.xlsx“, Blatt Preise 2026');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/msg-answer-1280.png` });
});

test('Wissen: mehrere Dateien auf einmal auf den Tab gezogen — eine neue Fassung ersetzt die bisherige, eine abgelehnte bleibt mit Grund im Dialog', async ({ page }) => {
  const context = page.context();
  await registerOwner(context, { name: 'Mona Mehrfach', email: `mehrfach-${unique()}@beispiel.de`, password: 'Mehrere#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Büro',
    role: 'Du bist die Assistenz unseres Büros und kennst alle Unterlagen.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Preisen, Lager und Abläufen. '.repeat(4),
  });
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await uploadKnowledgeFile(page, { name: 'Preise.pdf', mimeType: 'application/pdf', buffer: await makePdf(['Preise: Das Roggenbrot kostet 4,20 Euro.']) });

  // Three files dragged from the desktop onto the tab: a new version of «Preise.pdf», a new CSV, and
  // a «PDF» that is text. The tab shows where they land; dropped, they open the upload dialog.
  const dropped = [
    { name: 'Preise.pdf', type: 'application/pdf', bytes: [...(await makePdf(['Preise: Das Roggenbrot kostet 4,60 Euro.']))] },
    { name: 'Lager.csv', type: 'text/csv', bytes: [...Buffer.from('Artikel;Bestand\r\nMehl;1250 kg\r\nZucker;80 kg\r\n', 'latin1')] },
    { name: 'Kaputt.pdf', type: 'application/pdf', bytes: [...Buffer.from('Nur ein Text')] },
  ];
  const dataTransfer = await page.evaluateHandle((files) => {
    const transfer = new DataTransfer();
    for (const f of files) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    return transfer;
  }, dropped);
  const tab = page.getByTestId('knowledge-drop');
  await tab.dispatchEvent('dragover', { dataTransfer });
  await expect(tab.getByText('Dateien hier ablegen')).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-drop-1280.png` });
  await tab.dispatchEvent('drop', { dataTransfer });
  await expect(tab.getByText('Dateien hier ablegen')).toBeHidden();
  const dialog = page.getByRole('dialog', { name: 'Wissensdatei hochladen' });
  await expect(dialog.getByText('3 Dateien ausgewählt', { exact: true })).toBeVisible();
  const chosen = dialog.getByTestId('knowledge-chosen').getByRole('listitem');
  await expect(chosen).toHaveCount(3);
  await expect(chosen.filter({ hasText: 'Preise.pdf' })).toContainText('ersetzt die bisherige Fassung');
  await expect(chosen.filter({ hasText: 'Lager.csv' })).not.toContainText('ersetzt');
  await expectNoAxeViolations(page, 'Wissen: mehrere Dateien ausgewählt');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-many-1280.png` });
  allowRefusal(422, '/api/knowledge'); // the refused file's reason, shown under it
  await dialog.getByRole('button', { name: 'Hochladen' }).click();

  // Two went up; the refused one stays in the dialog with its reason.
  await expect(page.getByRole('alert').filter({ hasText: '2 Dateien hochgeladen – Dein Mika liest sie jetzt.' })).toBeVisible();
  await expect(dialog.getByText('Kaputt.pdf', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Der Inhalt der Datei passt nicht zu ihrer Endung.');
  await expectNoAxeViolations(page, 'Wissen: eine Datei abgelehnt');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-many-refused-1280.png` });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // The list reads both; the new «Preise.pdf» has replaced the old one.
  const rows = page.getByTestId('knowledge-file');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Lager.csv' })).toHaveAttribute('data-status', 'ready');
  await expect(rows.filter({ hasText: 'Preise.pdf' })).toHaveAttribute('data-status', 'ready');
  await expect(await askInChat(page, uuid, 'Was kostet das Roggenbrot?')).toContainText('4,60 Euro');

  // Two more, both fine: one dialog follows their training and closes once both are read.
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  const second = page.getByRole('dialog', { name: 'Wissensdatei hochladen' });
  await second.getByTestId('knowledge-file-input').setInputFiles([
    { name: 'Urlaub.txt', mimeType: 'text/plain', buffer: Buffer.from('Urlaubsanträge bitte zwei Wochen vorher stellen.') },
    { name: 'Kantine.txt', mimeType: 'text/plain', buffer: Buffer.from('Die Kantine öffnet um 11:30 Uhr.') },
  ]);
  await second.getByRole('button', { name: 'Hochladen' }).click();
  const training = page.getByRole('dialog', { name: '2 Dateien werden trainiert' });
  await expect(training.getByTestId('knowledge-progress-file')).toHaveCount(2);
  await expect(training.getByTestId('knowledge-progress-many-status')).toHaveText('Fertig – Dein Mika kennt die Dateien jetzt.');
  await expect(training.getByTestId('knowledge-progress-file').filter({ hasText: 'Urlaub.txt' })).toContainText('fertig');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/knowledge-many-training-1280.png` });
  await expect(training).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('knowledge-file')).toHaveCount(4);
});

test('Wissen: ein eingescannter Lieferschein (PDF ohne Text) und ein Handyfoto eines Aushangs werden per Texterkennung gelesen und beantwortet', async ({ page }) => {
  const context = page.context();
  await registerOwner(context, { name: 'Sina Scan', email: `scan-${unique()}@beispiel.de`, password: 'Scanner#2026' });
  const uuid = await createChatMika(context, {
    name: 'Mika Backstube',
    role: 'Du bist die Assistenz unserer Bäckerei und kennst Lieferungen und Hausregeln.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Lieferscheinen, Lieferanten und Abläufen. '.repeat(4),
  });
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/scans/${name}`, import.meta.url));
  await page.goto(`/?view=edit&assistant=${uuid}&tab=knowledge`);
  await expect(page.getByText('Scans und Fotos von Dokumenten (JPEG, PNG, TIFF)')).toBeVisible();
  // The delivery note as the scanner saved it: the page is a picture, there is no text layer.
  await uploadKnowledgeFile(page, { name: 'Lieferschein 4711.pdf', mimeType: 'application/pdf', buffer: fixture('lieferschein-scan.pdf') }, 60_000);
  // The notice in the kitchen, photographed with a phone.
  await uploadKnowledgeFile(page, { name: 'Aushang Teeküche.jpg', mimeType: 'image/jpeg', buffer: fixture('aushang-foto.jpg') }, 60_000);
  await expect(page.getByTestId('knowledge-file').filter({ hasText: 'Aushang Teeküche.jpg' })).toContainText('Abschnitt');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/scan-knowledge-1280.png` });

  const terms = await askInChat(page, uuid, 'Innerhalb von wie vielen Tagen müssen wir den Lieferschein 4711 bezahlen?');
  await expect(terms).toContainText('Zahlbar innerhalb von 21 Tagen ohne Abzug.');
  await expect(terms.getByTestId('answer-sources')).toContainText('Lieferschein 4711.pdf, Seite 1');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/scan-answer-1280.png` });

  const key = await askInChat(page, uuid, 'Wer hat den Schlüssel für den Getränkeautomaten?');
  await expect(key).toContainText('Frau Yilmaz, Zimmer 2.14');
  await expect(key.getByTestId('answer-sources')).toContainText('Aushang Teeküche.jpg');
});
