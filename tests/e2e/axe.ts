import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { resize } from './viewport.ts';

/** WCAG 2.1 A and AA: the bar issue 11 sets for every screen. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const WIDTHS = { wide: 1440, phone: 390 } as const;

/** axe-core's script, the same build @axe-core/playwright injects. */
const axeSource = (() => {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return fs.readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');
})();

/**
 * A page without frames is checked by axe itself, injected once per document and run in it:
 * @axe-core/playwright injects the 500 KB script for every check and finishes each in a new blank
 * page (≈ 1.1 s a check here, against ≈ 0.1–0.5 s). A page with frames (the embedded chat comes
 * from another origin) goes through @axe-core/playwright, which checks inside every frame.
 * Both report the same violations: the same axe-core, the same rules (WCAG 2.1 A and AA).
 */
async function analyze(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_21_AA }, resultTypes: ['violations'] };
  return page.evaluate((o) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, o), options);
}

async function violations(page: Page) {
  // A dialog or menu still fading in has blended colours: judge the screen as it ends up.
  // (Endless ones — spinners, skeleton pulses — are left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await analyze(page);
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`),
  }));
}

/**
 * The axe gate of issue 11, used by every journey on every screen it visits: WCAG 2.1 AA, both
 * widths (the current one and the other of 1440 / 390 px), any violation fails the test. The page's
 * own size is restored afterwards.
 */
export async function expectNoAxeViolations(page: Page, screen: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 720 };
  const widths = original.width <= WIDTHS.phone ? [original.width, WIDTHS.wide] : [original.width, WIDTHS.phone];
  try {
    for (const width of widths) {
      if (width !== page.viewportSize()?.width) {
        // Layout, media queries and transitions settle before checking.
        await resize(page, { width, height: width === WIDTHS.phone ? 844 : 900 });
      }
      expect(await violations(page), `axe (WCAG 2.1 AA) on „${screen}“ at ${width} px`).toEqual([]);
    }
  } finally {
    // Back at its own size, settled as after any resize: the next step must not act on a layout
    // still moving (an embedded chat's panel takes its place again after the phone width).
    if (page.viewportSize()?.width !== original.width) await resize(page, original);
  }
}
