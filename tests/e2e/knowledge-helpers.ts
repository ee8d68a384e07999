import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A file as the file picker hands it over. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Opens «Datei hochladen» in the Wissen tab and chooses `file`; returns the dialog (nothing sent yet). */
export async function chooseKnowledgeFile(page: Page, file: PickedFile) {
  await page.getByRole('button', { name: 'Datei hochladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wissensdatei hochladen' });
  await dialog.getByTestId('knowledge-file-input').setInputFiles(file);
  return dialog;
}

/**
 * Uploads `file` in the Wissen tab and waits until the Mika has read it and the progress dialog has
 * closed itself. `readingMs`: how long reading may take (a scan's text recognition takes seconds).
 */
export async function uploadKnowledgeFile(page: Page, file: PickedFile, readingMs = 10_000) {
  const dialog = await chooseKnowledgeFile(page, file);
  await dialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByTestId('knowledge-progress-status')).toHaveText('Fertig – Dein Mika kennt die Datei jetzt.', { timeout: readingMs });
  // It closes 2 s after «fertig» (docs/product/knowledge-and-tools.md).
  await expect(page.getByTestId('knowledge-progress')).toBeHidden({ timeout: 5000 });
  await expect(page.getByTestId('knowledge-file').filter({ hasText: file.name })).toHaveAttribute('data-status', 'ready');
}

/** Asks the Mika in the office chat; returns its answer. */
export async function askInChat(page: Page, assistantUuid: string, question: string) {
  await page.goto(`/?view=chat&assistant=${assistantUuid}`);
  await page.getByRole('textbox', { name: 'Nachricht' }).fill(question);
  await page.getByRole('button', { name: 'Senden' }).click();
  return page.locator('[data-testid="chat-message"][data-origin="ai"]').last();
}
