// npm run lighthouse — Lighthouse performance (mobile preset: simulated slow 4G, 4× CPU) of /login,
// the office library / (signed in) and the public chat, 3 runs each with a fresh browser, median.
// A benchmark, not a test: it always exits 0. Builds nothing: run `npm run build` first.
// Lighthouse and chrome-launcher are devDependencies; LIGHTHOUSE_DIR=/some/node_modules loads them
// from elsewhere (e.g. `npm install --no-save --prefix /tmp/lh lighthouse@13 chrome-launcher`).
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { publishedChat, registerBenchUser, startBenchServer, type Client } from './bench-server.ts';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The workplace's Chromium flags (tests/e2e/chromium.ts), with the new headless mode Lighthouse needs.
const CHROME_FLAGS = chromiumLaunchOptions.args.map((flag) => (flag === '--headless' ? '--headless=new' : flag));

const resolveFrom = createRequire(
  path.join(path.resolve(process.env.LIGHTHOUSE_DIR ?? 'node_modules'), '..', 'x.js'),
);
/** The little of Lighthouse's and chrome-launcher's API used here (loaded by path, so typed by hand). */
interface Lhr {
  finalDisplayedUrl: string;
  categories: { performance: { score: number | null } };
  // numericValue is missing when Lighthouse could not compute an audit (e.g. no CLS in the trace).
  audits: Record<string, { numericValue?: number } | undefined>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr }>;
type ChromeLauncher = {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
  }): Promise<{ port: number; kill(): Promise<void> }>;
};
const load = (name: string) =>
  import(pathToFileURL(resolveFrom.resolve(name)).href) as Promise<Record<string, unknown>>;
const lighthouse = (await load('lighthouse')).default as Lighthouse;
const chromeLauncher = (await load('chrome-launcher')) as unknown as ChromeLauncher;

/** Puts the user's cookies into the browser over CDP (a Cookie header would fight the CSRF cookie). */
async function setCookies(port: number, user: Client) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  const done = new Promise((resolve) => ws.addEventListener('message', resolve, { once: true }));
  const url = user.base + '/';
  ws.send(
    JSON.stringify({
      id: 1,
      method: 'Storage.setCookies',
      params: { cookies: [...user.cookies].map(([name, value]) => ({ name, value, url })) },
    }),
  );
  await done;
  ws.close();
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function measure(url: string, user?: Client): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumLaunchOptions.executablePath, chromeFlags: CHROME_FLAGS });
  try {
    if (user) await setCookies(chrome.port, user);
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    // LIGHTHOUSE_JSON=dir keeps every report for a closer look (long tasks, request chains).
    if (process.env.LIGHTHOUSE_JSON) {
      const file = path.join(process.env.LIGHTHOUSE_JSON, `${new URL(url).pathname.split('/')[1] || 'library'}-${Date.now()}.json`);
      await fs.writeFile(file, JSON.stringify(lhr));
    }
    // An audit Lighthouse could not compute (e.g. no CLS value in a trace) is NaN: the run's other
    // figures still count, and the median is taken over the runs that have the value.
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      console.warn(`  ended on ${lhr.finalDisplayedUrl}`);
    return {
      score: typeof lhr.categories.performance.score === 'number' ? Math.round(lhr.categories.performance.score * 100) : NaN,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
  }
}

/** The median of the values a run produced (NaN: none did). */
const median = (values: number[]) => {
  const known = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return known.length > 0 ? known[Math.floor(known.length / 2)]! : NaN;
};
const show = (n: number, text: (n: number) => string) => (Number.isFinite(n) ? text(n) : 'n/a');
const line = (r: Run) =>
  `${show(r.score, (n) => String(n).padStart(3))}  FCP ${show(r.fcp, (n) => (n / 1000).toFixed(2))} s  LCP ${show(r.lcp, (n) => (n / 1000).toFixed(2))} s  TBT ${show(r.tbt, (n) => String(Math.round(n)))} ms  CLS ${show(r.cls, (n) => n.toFixed(3))}`;

/**
 * One run of a page; a run that fails (Chromium crashed, Lighthouse threw) is tried again, up to
 * two more times per series, so that one failed run never costs the page its median.
 */
async function measureWithRetry(url: string, user: Client | undefined, label: string, retriesLeft: { n: number }): Promise<Run | null> {
  for (;;) {
    try {
      return await measure(url, user);
    } catch (err) {
      console.warn(`${label}: run failed (${(err as Error).message})${retriesLeft.n > 0 ? ', trying again' : ''}`);
      if (retriesLeft.n-- <= 0) return null;
    }
  }
}

const server = await startBenchServer();
try {
  const { user, assistant } = await registerBenchUser(server.base);
  const pages = [
    { label: '/login', url: '/login' },
    { label: 'office library / (signed in)', url: '/', user },
    { label: 'public chat /chat/{uuid}', url: `/chat/${await publishedChat(user, assistant)}` },
  ].filter((p) => !process.env.LIGHTHOUSE_ONLY || p.label.includes(process.env.LIGHTHOUSE_ONLY));
  console.log(
    `${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${RUNS} runs per page`,
  );
  for (const page of pages) {
    const runs: Run[] = [];
    const retries = { n: 2 };
    for (let i = 0; i < RUNS; i++) {
      const run = await measureWithRetry(server.base + page.url, page.user, `${page.label} run ${i + 1}`, retries);
      if (!run) continue;
      runs.push(run);
      console.log(`${page.label} run ${i + 1}: ${line(run)}`);
    }
    const m = (key: keyof Run) => median(runs.map((r) => r[key]));
    console.log(
      `${page.label} MEDIAN of ${runs.length} run${runs.length === 1 ? '' : 's'} (${runs.map((r) => show(r.score, String)).join(', ')}): ${line({ score: m('score'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls') })}\n`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
}
