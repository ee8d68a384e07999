import type { Page } from '@playwright/test';

/**
 * Waits until the page shows its current width as it ends up: the page reports the width, media
 * queries have been re-evaluated and their updates rendered, and no finite animation or transition
 * (a drawer sliding, a dialog fading) is still running — two frames in a row start with none.
 * Endless animations (spinners, pulses) are left running. This is what a fixed sleep after
 * `setViewportSize` used to hope for.
 */
export async function settled(page: Page) {
  const width = page.viewportSize()?.width;
  if (width !== undefined) await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    for (let quiet = 0; quiet < 2; ) {
      const now = running();
      await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      await frame();
      quiet = now.length > 0 ? 0 : quiet + 1;
    }
  });
}

/** Sets the viewport and waits until the page has settled at the new size. */
export async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await settled(page);
}
