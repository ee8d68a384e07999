import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { unzipSync, strFromU8 } from 'fflate';
import { adminApi, ask, publishedAssistant } from './public-helpers.ts';
import { E2E_BASE_URL } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';

// The DSGVO toolkit (docs/dataprotection.md): an admin sets retention, exports the team and
// downloads the ZIP; a visitor deletes their conversation in the public chat.

test.describe.configure({ mode: 'serial' });

test('Admin: Aufbewahrung festlegen, Team exportieren und herunterladen', async ({ page }) => {
  const api = await adminApi(E2E_BASE_URL);
  await page.context().addCookies((await api.ctx.storageState()).cookies);
  await page.goto('/Dataprotection');
  const retention = page.getByRole('region', { name: 'Aufbewahrung' });
  await expect(retention).toBeVisible();
  await expect(retention.getByTestId('retention-last-run')).toHaveText('Die nächtliche Löschung ist für dieses Team noch nicht gelaufen.');
  await retention.getByRole('combobox', { name: 'Chats der Team-Mitglieder' }).click();
  await page.getByRole('option', { name: '1 Jahr (365 Tage)' }).click();
  await retention.getByRole('combobox', { name: 'Chats von Besuchern öffentlicher Mikas' }).click();
  await page.getByRole('option', { name: '30 Tage' }).click();
  await retention.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Aufbewahrungsfristen wurden gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Aufbewahrung' }).getByRole('combobox', { name: 'Chats der Team-Mitglieder' })).toHaveText('1 Jahr (365 Tage)');

  const access = page.getByRole('region', { name: 'Auskunft und Löschung' });
  await access.getByRole('button', { name: 'Alles exportieren' }).click();
  await expect(page.getByText('Der Export wird vorbereitet.', { exact: false })).toBeVisible();
  const download = access.getByRole('link', { name: 'Gesamtes Team herunterladen' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'Datenschutz mit Aufbewahrung, Export und Verzeichnis');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const zip = unzipSync(new Uint8Array(await fs.readFile(await file.path())));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['team.json', 'users.json', 'assistants.json', 'form-submissions.json', 'orders.json']));
  expect(strFromU8(zip['users.json']!)).toContain('Petra Publiziert');

  const audit = page.getByRole('region', { name: 'Protokoll' });
  await page.reload();
  await expect(audit.getByText('Export heruntergeladen: Gesamtes Team', { exact: false })).toBeVisible();
  await expect(audit.getByText('Aufbewahrung geändert: Team-Chats 365 Tage, Besucher-Chats 30 Tage', { exact: false })).toBeVisible();
  await api.ctx.dispose();
});

test('Besucher: Unterhaltung löschen entfernt sie auf dem Server', async ({ browser }) => {
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/chat/${uuid}`);
  await page.getByRole('button', { name: 'Ich bin einverstanden' }).click();
  await ask(page, 'Wann habt Ihr geöffnet?');
  await expect(page.getByTestId('chat-message').last()).toContainText('montags bis freitags');
  const stored = JSON.stringify(await page.evaluate(() => ({ ...localStorage })));
  const thread = /"id":(\d+),"token":"([^"]+)"/.exec(stored.replace(/\\"/g, '"'));
  expect(thread, stored).not.toBeNull();

  await page.getByRole('button', { name: 'Unterhaltung löschen' }).click();
  await expectNoAxeViolations(page, 'Öffentlicher Chat: Unterhaltung löschen?');
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Deine Unterhaltung wurde gelöscht.')).toBeVisible();
  await expect(page.getByTestId('chat-message')).toHaveCount(0);

  // Gone on the server, not only in the browser.
  const res = await api.ctx.get(`/api/messages/${uuid}/${thread![1]}?token=${thread![2]}`);
  expect(res.status()).toBe(404);
  await visitor.close();
  await api.ctx.dispose();
});
