import { allowRefusal, expect, test } from './fixtures.ts';
import { makePdf } from '../fixtures/office-files.ts';
import { callApi, registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { ask, embeddingWebsite, unique } from './public-helpers.ts';
import { E2E_BASE_URL } from './server.ts';

// Assets (issue 12): an admin adds a file in the Tools tab, publishes the Mika, and a visitor of the
// public chat asks for it, gets a document message and opens and downloads it.

test('Dateien: Preisliste im Tools-Tab hochladen, veröffentlichen, Besucher fragt danach und öffnet sie', async ({ page, browser }) => {
  const context = page.context();
  const password = 'Dateien#2026';
  await registerOwner(context, { name: 'Dora Dateien', email: `dateien-${unique()}@beispiel.de`, password });
  const { uuid } = await callApi(context, 'post', '/api/assistant', {
    type: 'chat',
    name: 'Mika Verkauf',
    role: 'Du bist die freundliche Verkaufsberatung unseres Fahrradladens in Leipzig.',
    task: 'Du beantwortest Fragen von Besuchern zu Rädern, Preisen und Reparaturen und bietest passende Unterlagen an. '.repeat(3),
    style: 'professionell und sachlich',
    is_public: 0,
    can_talk: 0,
  });

  await page.goto(`/?view=edit&assistant=${uuid}`);
  await page.getByRole('tab', { name: 'Tools' }).click();
  const card = page.getByRole('region', { name: 'Dateien' });
  await expect(card.getByText('Noch keine Dateien.')).toBeVisible();
  await expectNoAxeViolations(page, 'Bearbeiten: Tools mit Dateien, leer');

  await card.getByRole('button', { name: 'Datei hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datei zum Anbieten hochladen' });
  // A file the server refuses: the reason stays in the dialog under the file, not in a snackbar
  // that vanishes; choosing another file clears it.
  await dialog.getByTestId('asset-file-input').setInputFiles({ name: 'Preisliste.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Nur ein Text') });
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Unsere aktuelle Preisliste für Inspektionen und Reparaturen');
  allowRefusal(422, '/api/assets');
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Der Inhalt der Datei passt nicht zu ihrer Endung.');
  await expect(page.getByRole('alert').filter({ hasText: 'Der Inhalt der Datei passt nicht zu ihrer Endung.' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'Bearbeiten: Datei hochladen, Datei abgelehnt');
  // The right file, dragged from the desktop onto the dialog.
  const pdf = [...(await makePdf(['Preisliste 2026: Inspektion 59 Euro']))];
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'Preisliste 2026.pdf', { type: 'application/pdf' }));
    return transfer;
  }, pdf);
  await dialog.locator('.MuiDialogContent-root').dispatchEvent('dragover', { dataTransfer });
  await dialog.locator('.MuiDialogContent-root').dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByText('Preisliste 2026.pdf', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Preise');
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(dialog.getByText('Die Beschreibung muss mindestens 15 Zeichen lang sein.')).toBeVisible();
  await expectNoAxeViolations(page, 'Bearbeiten: Datei hochladen, Beschreibung zu kurz');
  await dialog.getByRole('textbox', { name: 'Beschreibung' }).fill('Unsere aktuelle Preisliste für Inspektionen und Reparaturen');
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByText('Datei hochgeladen')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = card.getByTestId('asset-file').filter({ hasText: 'Preisliste 2026.pdf' });
  await expect(row).toContainText('Unsere aktuelle Preisliste');
  await expect(row).toContainText('PDF');
  await expectNoAxeViolations(page, 'Bearbeiten: Tools mit einer Datei');

  // Until the tool is switched on, the card says the Mika does not offer the file yet.
  await expect(card.getByText('Das Tool ist ausgeschaltet', { exact: false })).toBeVisible();
  await card.getByRole('switch', { name: 'Dateien aktiv' }).check();
  await expect(page.getByText('Einstellung gespeichert')).toBeVisible();

  await page.getByRole('tab', { name: 'Veröffentlichung' }).click();
  await page.getByRole('switch', { name: 'Mika veröffentlichen' }).check();
  await expect(page.getByText('Veröffentlicht', { exact: true })).toBeVisible();

  // A visitor of the public chat (offline engine: it lists the files and offers the matching one).
  const visitor = await browser.newContext({ acceptDownloads: true });
  const chat = await visitor.newPage();
  await chat.goto(`${E2E_BASE_URL}/chat/${uuid}`);
  await chat.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await ask(chat, 'Haben Sie eine Preisliste für mich?');
  const doc = chat.locator('[data-testid="chat-message"][data-origin="ai"]').filter({ hasText: 'Preisliste 2026.pdf' }).last();
  await expect(doc.getByRole('button', { name: 'Öffnen' })).toBeVisible();
  await expectNoAxeViolations(chat, 'Öffentlicher Chat mit Dokument');

  const popup = chat.waitForEvent('popup');
  await doc.getByRole('button', { name: 'Öffnen' }).click();
  const opened = await popup;
  await expect.poll(() => opened.url()).toContain(`/document/${uuid}/`);
  await opened.close();

  const download = chat.waitForEvent('download');
  await doc.getByRole('button', { name: 'Herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Preisliste 2026.pdf');

  // After a reload the document message is still there (stored in the thread).
  await chat.reload();
  await expect(chat.getByRole('button', { name: 'Herunterladen' }).last()).toBeVisible();
  await visitor.close();

  // The same on the shop's own website, where the chat frame is a third party (no cookies, no
  // storage): the file opens and downloads by the conversation's token alone.
  const website = await embeddingWebsite(uuid);
  const shopper = await browser.newContext({ acceptDownloads: true });
  try {
    const shop = await shopper.newPage();
    await shop.goto(website.foreignSite);
    await shop.getByRole('button', { name: 'Chat öffnen' }).click();
    const frame = shop.frameLocator('iframe[title="Mika Chat"]');
    await frame.getByRole('button', { name: 'Ich bin einverstanden' }).click();
    await ask(frame, 'Haben Sie eine Preisliste für mich?');
    const offered = frame.locator('[data-testid="chat-message"][data-origin="ai"]').filter({ hasText: 'Preisliste 2026.pdf' }).last();
    const tab = shop.waitForEvent('popup');
    await offered.getByRole('button', { name: 'Öffnen' }).click();
    await expect.poll(async () => (await tab).url()).toContain(`/document/${uuid}/`);
    const saved = shop.waitForEvent('download');
    await offered.getByRole('button', { name: 'Herunterladen' }).click();
    expect((await saved).suggestedFilename()).toBe('Preisliste 2026.pdf');
  } finally {
    await shopper.close();
    await website.close();
  }
});
