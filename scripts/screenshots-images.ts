// Screenshots of the image Mika's screens (Stilrichtungen in both modes, the image view while
// painting and with a picture) at 1440 and 390 px, into artifacts/screenshots/. Starts its own
// server with a fake Recraft server as the painter. Expects a built client (npm run build).
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { recraftEnv, startFakeImageServer } from '../tests/fixtures/fake-image-server.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { adminApi } from '../tests/e2e/public-helpers.ts';
import { startServer } from '../tests/e2e/server.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'artifacts', 'screenshots');
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

const reference = (i: number) =>
  sharp({
    create: {
      width: 200,
      height: 200,
      channels: 3,
      background: { r: 40 + 40 * i, g: 90 + 25 * i, b: 200 - 30 * i },
    },
  })
    .png()
    .toBuffer();

async function shot(page: Page, name: string, width: number) {
  // From the top and without a focused control: sticky bars and the skip link stay where they belong.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT_DIR, `${name}-${width}.png`), fullPage: true });
  console.log(`${name}-${width}.png`);
}

await fs.mkdir(OUT_DIR, { recursive: true });
const fake = await startFakeImageServer({ delayMs: 6000 });
const server = await startServer(recraftEnv(fake));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const api = await adminApi(server.baseUrl);
  const { uuid } = (await api.call('post', '/api/assistant', {
    type: 'image',
    is_public: 0,
    name: 'Maler Max',
    role: '',
    task: '',
    style: '',
    can_talk: 0,
  })) as { uuid: string };
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addCookies((await api.ctx.storageState()).cookies);
  const page = await context.newPage();
  let uploaded = false;
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.baseUrl}/?view=edit&assistant=${uuid}&tab=styles`);
    await page.getByRole('button', { name: 'Digitale Illustration' }).click();
    await page.getByRole('button', { name: 'Aquarell' }).click();
    await shot(page, 'images-styles-choose', width);
    await page.getByRole('button', { name: 'Eigener Style' }).click();
    if (!uploaded) {
      for (let i = 0; i < 4; i++) {
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: `ref-${i}.png`, mimeType: 'image/png', buffer: await reference(i) });
        await page.getByText(`${i + 1} von 5 Bildern`).waitFor();
      }
      uploaded = true;
    }
    await shot(page, 'images-styles-custom', width);
    await page.getByRole('button', { name: 'Stil auswählen' }).click();

    await page.goto(`${server.baseUrl}/?view=image&assistant=${uuid}`);
    await page
      .getByRole('textbox', { name: 'Beschreibe Dein Bild' })
      .fill('Ein Leuchtturm an der Nordsee bei Sonnenuntergang, Möwen am Himmel');
    await page.getByRole('button', { name: 'Bild malen' }).click();
    await page.getByText('Bild wird gemalt …').first().waitFor();
    await page.waitForTimeout(1500);
    await shot(page, 'images-view-generating', width);
    await page.getByTestId('generated-image').waitFor({ timeout: 30_000 });
    await shot(page, 'images-view-picture', width);
  }
  await api.ctx.dispose();
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}
