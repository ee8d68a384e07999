import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions } from '@playwright/test';

/** The budgets of issue 11 (KiB, gzip): what a page loads before anyone touches it. */
export const BUNDLE_BUDGETS_KIB = { login: 120, library: 200, publicChat: 100 } as const;

export interface EntryMeasure {
  name: keyof typeof BUNDLE_BUDGETS_KIB;
  label: string;
  url: string;
  context?: BrowserContextOptions;
  /** The page loads no MUI and no emotion (decision 026: the office's first screen, the sign-in page). */
  withoutMui?: boolean;
}

/** Emotion's run-time (which every MUI component brings) leaves this marker in a bundle. */
const MUI_MARKER = '__EMOTION_TYPE_PLEASE_DO_NOT_USE__';

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The compressed size as served: the build's precompressed file, else compressed here the same way. */
async function sizes(file: string): Promise<Omit<Sizes, 'files'>> {
  const raw = await fs.readFile(file);
  const read = (ext: string) => fs.readFile(file + ext).then((b) => b.length, () => null);
  return {
    raw: raw.length,
    gzip: (await read('.gz')) ?? gzipSync(raw, { level: 9 }).length,
    brotli: (await read('.br')) ?? brotliCompressSync(raw).length,
  };
}

/**
 * Opens every entry in a fresh browser context and adds up the JS and CSS it loads until the
 * network is idle, sized from dist/client as the server sends them (gzip and brotli).
 */
export async function measureBundles(browser: Browser, base: string, entries: EntryMeasure[], clientDir = path.resolve('dist/client')) {
  const rows: string[] = [];
  const results: { name: string; gzipKiB: number; withinBudget: boolean }[] = [];
  for (const entry of entries) {
    const context = await browser.newContext(entry.context);
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === base && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
    });
    await page.goto(base + entry.url, { waitUntil: 'networkidle' });
    await context.close();
    const total: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
    const withMui: string[] = [];
    for (const asset of assets) {
      if (entry.withoutMui && asset.endsWith('.js') && (await fs.readFile(path.join(clientDir, asset), 'utf8')).includes(MUI_MARKER)) withMui.push(asset);
      const s = await sizes(path.join(clientDir, asset));
      total.files++;
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.brotli += s.brotli;
      // BENCH_BUNDLE_FILES=1: each file of the entry, to see what a change moved (docs/performance.md).
      if (process.env.BENCH_BUNDLE_FILES) console.log(`  ${entry.name} ${asset} ${kib(s.gzip)} KiB gzip`);
    }
    const budget = BUNDLE_BUDGETS_KIB[entry.name];
    const withinBudget = total.gzip / 1024 <= budget && withMui.length === 0;
    results.push({ name: entry.name, gzipKiB: total.gzip / 1024, withinBudget });
    rows.push(
      `| ${entry.label} | ${total.files} | ${kib(total.raw)} KiB | **${kib(total.gzip)} KiB** | ${kib(total.brotli)} KiB | ≤ ${budget} KiB ${withMui.length ? `✗ MUI in ${withMui.join(', ')}` : withinBudget ? '✓' : '✗ over'}${entry.withoutMui && !withMui.length ? ', no MUI ✓' : ''} |`,
    );
  }
  const table = [
    '| page (JS + CSS until network idle) | files | raw | gzip | brotli (served) | budget (gzip) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  return { table, results };
}
