// npm run bench — performance budgets (a benchmark, not a test). Results go to docs/performance.md.
// Runs the real app in-process on a fresh embedded database against a local fake OpenAI server.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { measureBundles } from './bundle-report.ts';
import { publishedChat, registerBenchUser, startBenchServer } from './bench-server.ts';
import { startFakeOpenAI } from '../tests/fixtures/fake-openai.ts';

const PROVIDER_DELAY_MS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** Fresh visitor (no cache): from navigation until the chat input can be typed into. */
async function timeToInteractive(base: string, uuid: string): Promise<string> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const samples: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      const context = await browser.newContext();
      await context.addInitScript(() => localStorage.setItem('mikaTermsApproved', 'true'));
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${base}/chat/${uuid}`);
      await page.getByRole('textbox').first().waitFor({ state: 'visible' });
      await page.waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('textarea')?.disabled);
      samples.push(performance.now() - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return `| public chat time to interactive (cold browser context, 10 runs, localhost) | ${fmt(percentile(samples, 50))} / ${fmt(percentile(samples, 99))} | – | – |`;
}

async function main() {
  const fake = await startFakeOpenAI({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS });
  // The server runs in its own process, as in production; load and fake provider stay here.
  const server = await startBenchServer(
    { AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_API_KEY: 'bench', AI_CHAT_MODEL: 'gpt-bench' },
    process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : [],
  );
  const base = server.base;
  const results: string[] = [];
  const bundleTables: string[] = [];
  try {
    const { user, assistant } = await registerBenchUser(base);

    // Baseline: the provider alone (same fake, same delay), measured the same way.
    const direct = async () => {
      const t0 = performance.now();
      const res = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'x', stream: true, messages: [] }) });
      const reader = res.body!.getReader();
      let first = -1;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (first < 0 && new TextDecoder().decode(value).includes('"content":"Das')) first = performance.now() - t0;
      }
      return first;
    };

    // BENCH_ONLY=bundles: only the bundle report (quick, while working on the client).
    const onlyBundles = process.env.BENCH_ONLY === 'bundles';
    for (const concurrency of onlyBundles ? [] : [1, 100]) {
      const threads = await Promise.all(
        Array.from({ length: concurrency }, async () =>
          (await (await user.call('POST', '/api/thread/create', { assistantUuid: assistant })).json()) as { id: number; token: string },
        ),
      );
      const rounds = concurrency === 1 ? 50 : 3;
      const ours: number[] = [];
      const baseline: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const q = (t: { id: number; token: string }) =>
          `/api/send/stream?${new URLSearchParams({ assistantUuid: assistant, threadId: String(t.id), token: t.token, message: `Frage ${r}` })}`;
        ours.push(...(await Promise.all(threads.map((t) => user.timeToFirstToken(q(t))))));
        baseline.push(...(await Promise.all(threads.map(() => direct()))));
      }
      const overhead = (p: number) => percentile(ours, p) - percentile(baseline, p);
      results.push(
        `| time to first token, ${concurrency} concurrent stream${concurrency > 1 ? 's' : ''} (${ours.length} samples) | ` +
          `${fmt(percentile(ours, 50))} / ${fmt(percentile(ours, 99))} | ${fmt(percentile(baseline, 50))} / ${fmt(percentile(baseline, 99))} | ` +
          `**${fmt(overhead(50))} / ${fmt(overhead(99))}** |`,
      );
    }

    const latencies: number[] = [];
    for (let i = 0; i < (onlyBundles ? 0 : 200); i++) {
      const t0 = performance.now();
      await (await user.call('GET', '/api/assistants/')).arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    if (!onlyBundles) results.push(`| GET /api/assistants/ (200 sequential) | ${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} | – | – |`);

    // The public chat: how soon a visitor can type, and what every entry loads.
    const publicUuid = await publishedChat(user, assistant);
    if (!onlyBundles) results.push(await timeToInteractive(base, publicUuid));
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const host = new URL(base).hostname;
      const cookies = [...user.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const }));
      const bundles = await measureBundles(browser, base, [
        { name: 'login', label: '/login (first visit)', url: '/login' },
        { name: 'library', label: 'office library / (signed in)', url: '/', context: { storageState: { cookies, origins: [] } } },
        { name: 'publicChat', label: 'public chat /chat/{uuid} (first visit)', url: `/chat/${publicUuid}` },
      ]);
      bundleTables.push(bundles.table);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    await fake.close();
  }

  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL 15 on localhost' : 'embedded PGlite'}; server in its own process; fake provider delay ${PROVIDER_DELAY_MS} ms before its first byte.`,
    '',
    '| measurement | Mika p50 / p99 | provider alone p50 / p99 | added by Mika p50 / p99 |',
    '|---|---|---|---|',
    ...results,
    '',
    'Bundles per entry:',
    '',
    ...bundleTables,
  ].join('\n');
  console.log(table);
}

await main();
