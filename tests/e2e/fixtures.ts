import { expect, test as base, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';

export { expect };

/**
 * Journeys fail on an unexpected browser error (docs/decisions/036-self-explaining-repository.md):
 * a `console.error` of any page or an uncaught exception / unhandled rejection ('weberror') in
 * any browser context of the test — the default page and every context a test opens with
 * `browser.newContext()`, also in beforeAll. A journey whose point is an error says so with
 * `allowBrowserError(/pattern/)`; the allowance is that test's only and must be used.
 *
 * Every journey imports `test` from here, never from @playwright/test (eslint: no-restricted-imports).
 */

interface Allowance {
  pattern: RegExp;
  used: boolean;
}

/** The errors of the browser contexts of one worker, handed to the test that runs. */
class BrowserErrorLog {
  private readonly watched = new WeakSet<BrowserContext>();
  private errors: string[] = [];
  allowances: Allowance[] = [];

  watch = (context: BrowserContext): void => {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      this.record(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      this.record(`page error: ${error.stack ?? error.message}${webError.page() ? ` (${webError.page()!.url()})` : ''}`);
    });
  };

  private record(text: string): void {
    const allowance = this.allowances.find((a) => a.pattern.test(text));
    if (allowance) allowance.used = true;
    else this.errors.push(text);
  }

  /** What went wrong since the last call: unexpected errors and unused allowances; clears both. */
  take(): string[] {
    const problems = this.errors.splice(0).map((e) => `unexpected browser error — ${e}`);
    for (const a of this.allowances) if (!a.used) problems.push(`allowBrowserError(${String(a.pattern)}) was never needed: remove it`);
    this.allowances = [];
    return problems;
  }
}

let current: BrowserErrorLog | undefined;

/** Lets the running test's browser log errors matching `pattern` (the error is the point of the test). */
export function allowBrowserError(pattern: RegExp): void {
  if (!current) throw new Error('allowBrowserError is called inside a journey (test from tests/e2e/fixtures.ts)');
  current.allowances.push({ pattern, used: false });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Allows the browser's own console line for a refusal the journey provokes on purpose: Chromium
 * logs every 4xx/5xx answer as "Failed to load resource: the server responded with a status of
 * N (…)" with the URL. `path` is the URL's path (a query may follow), or a pattern for it.
 */
export function allowRefusal(status: number, path: string | RegExp): void {
  const where = typeof path === 'string' ? escapeRegExp(path) : path.source;
  allowBrowserError(new RegExp(`status of ${status} \\([^)]*\\) \\(https?://[^/]+${where}(\\?[^)]*)?\\)$`));
}

/**
 * Follows the page's API requests (event streams aside): `settled()` waits until none is on its
 * way. For a tab that must sit idle before another tab changes the session: a request it still
 * had on the way would come back 401 (or for another team) and reload it by itself.
 */
export function apiRequestsOf(page: Page): { settled: () => Promise<void> } {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return { settled: () => expect.poll(() => pending.size).toBe(0) };
}

export const test = base.extend<{ browserErrorGuard: void }, { browserErrorLog: BrowserErrorLog }>({
  browserErrorLog: [
    async ({ browser }: { browser: Browser }, use) => {
      const log = new BrowserErrorLog();
      browser.on('context', log.watch);
      current = log;
      await use(log);
      browser.off('context', log.watch);
      current = undefined;
    },
    { scope: 'worker', auto: true },
  ],
  // The default context too (whichever fixture runs first).
  context: async ({ context, browserErrorLog }, use) => {
    browserErrorLog.watch(context);
    await use(context);
  },
  browserErrorGuard: [
    async ({ browserErrorLog }, use) => {
      await use();
      const problems = browserErrorLog.take();
      if (problems.length > 0) throw new Error(problems.join('\n\n'));
    },
    { auto: true },
  ],
});
