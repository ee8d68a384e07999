import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import sharp from 'sharp';
import { recraftEnv, startFakeImageServer, type FakeImageServer } from '../fixtures/fake-image-server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { adminApi } from './public-helpers.ts';
import { startServer, type StartedServer } from './server.ts';

// An image Mika with Recraft as its painter (a fake Recraft server on 127.0.0.1): the Stilrichtungen
// tab in both modes, then a picture described, painted and downloaded (docs/product/tasks-and-images.md).
test.describe.configure({ mode: 'serial' });

let fake: FakeImageServer;
let server: StartedServer;

test.beforeAll(async () => {
  fake = await startFakeImageServer({ delayMs: 2500 });
  server = await startServer(recraftEnv(fake));
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function png(i: number) {
  return sharp({
    create: { width: 80, height: 80, channels: 3, background: { r: 60 * i, g: 140, b: 220 - 40 * i } },
  })
    .png()
    .toBuffer();
}

test('Bild-Mika: Stilrichtung wählen, eigenes Referenzbild hochladen, Bild malen und herunterladen', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const api = await adminApi(server.baseUrl);
  const { uuid } = await api.call('post', '/api/assistant', {
    type: 'image',
    is_public: 0,
    name: 'Maler Max',
    role: '',
    task: '',
    style: '',
    can_talk: 0,
  });
  await page.context().addCookies((await api.ctx.storageState()).cookies);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Stilrichtungen, mode "choose": a central style, then a substyle; each saved at once.
  await page.goto(`${server.baseUrl}/?view=edit&assistant=${uuid}`);
  await expect(page.getByRole('tab', { name: 'Stilrichtungen', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Digitale Illustration' }).click();
  await expect(snackbar(page, 'Style wurde gespeichert')).toBeVisible();
  await page.getByRole('button', { name: 'Aquarell' }).click();
  await expect(page.getByRole('button', { name: 'Aquarell' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'Stilrichtungen: Stil auswählen');

  // Mode "custom": PNG references, fewer than five show the upload slot.
  await page.getByRole('button', { name: 'Eigener Style' }).click();
  await expect(page.getByText('0 von 5 Bildern')).toBeVisible();
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'referenz-1.png', mimeType: 'image/png', buffer: await png(1) });
  await expect(snackbar(page, 'Bild hochgeladen')).toBeVisible();
  await input.setInputFiles({ name: 'referenz-2.png', mimeType: 'image/png', buffer: await png(2) });
  await expect(page.getByText('2 von 5 Bildern')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Referenzbild 2' })).toBeVisible();
  await expectNoAxeViolations(page, 'Stilrichtungen: Eigener Style');
  await page.getByRole('button', { name: 'Referenzbild 2 löschen' }).click();
  await expect(snackbar(page, 'Das Bild wurde gelöscht')).toBeVisible();
  await expect(page.getByText('1 von 5 Bildern')).toBeVisible();

  // The image view: send is disabled while the description is empty.
  await page.getByRole('button', { name: 'Zurück zur Übersicht' }).click();
  await page
    .getByRole('article', { name: 'Maler Max' })
    .getByRole('button', { name: 'Bilder malen lassen' })
    .click();
  await expect(page).toHaveURL(/view=image/);
  const send = page.getByRole('button', { name: 'Bild malen' });
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page, 'Bildansicht: leer');
  await page
    .getByRole('textbox', { name: 'Beschreibe Dein Bild' })
    .fill('Ein Leuchtturm an der Nordsee bei Sonnenuntergang');
  await send.click();

  // While painting: the optimized prompt is typed out.
  await expect(page.getByText('Bild wird gemalt …').first()).toBeVisible();
  await expect(page.getByTestId('prompt-text')).toContainText('Leuchtturm');
  await expectNoAxeViolations(page, 'Bildansicht: wird gemalt');

  const picture = page.getByTestId('generated-image');
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  await expectNoAxeViolations(page, 'Bildansicht: Bild fertig');
  // Recraft was asked in the chosen style.
  expect(fake.generations().at(-1)!.body).toMatchObject({
    style: 'digital_illustration',
    substyle: 'watercolor',
  });

  // Download works and is the stored PNG; open-in-browser points at the same picture.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mika-bild-.+\.png$/);
  const bytes = await fs.readFile(await download.path());
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  await expect(page.getByRole('link', { name: 'Im Browser öffnen' })).toHaveAttribute('href', /^\/image\//);

  // On reload the picture is still there.
  await page.reload();
  await expect(page.getByTestId('generated-image')).toBeVisible();
  await api.ctx.dispose();
});
