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
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
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
    const audit = (id: string) => lhr.audits[id]!.numericValue;
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      console.warn(`  ended on ${lhr.finalDisplayedUrl}`);
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (r: Run) =>
  `${String(r.score).padStart(3)}  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}`;

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
    for (let i = 0; i < RUNS; i++) {
      runs.push(await measure(server.base + page.url, page.user));
      console.log(`${page.label} run ${i + 1}: ${line(runs.at(-1)!)}`);
    }
    const m = (key: keyof Run) => median(runs.map((r) => r[key]));
    console.log(
      `${page.label} MEDIAN (${runs.map((r) => r.score).join(', ')}): ${line({ score: m('score'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls') })}\n`,
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
