// npm run bench — performance budgets (a benchmark, not a test). Results go to docs/performance.md.
// Runs the real app in-process on a fresh embedded database against a local fake OpenAI server.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { measureBundles } from './bundle-report.ts';
import { publishedChat, registerBenchUser, startBenchServer, type Client } from './bench-server.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../tests/fixtures/fake-openai.ts';
import { cpuPerCall, get, latencies, loadAgent, percentile, processCpuMs, processRssMiB, runStream, steadyLoad } from './bench-scale.ts';
import { insightsBench } from './bench-insights.ts';
import { handoffScenario } from './bench-handoff.ts';

const PROVIDER_DELAY_MS = 50;
// Open streams arrive this fast in the many-streams scenario (all are open before the first ends).
const RAMP_PER_SECOND = 100;
// In that scenario the provider sends a word every this many ms (8 words: 80 s per answer).
const SLOW_WORD_MS = 10_000;

// Every figure is measured in RUNS separate runs (BENCH_RUNS, at least 3) and shown as the median
// with the lowest and highest run: on a shared machine one run alone says little.
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));

const fmt = (n: number) => `${n.toFixed(1)} ms`;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

/** The median of the runs with their range: `12.3 ms (11.0–14.2)`. */
function spread(values: number[], format: (n: number) => string = fmt): string {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return 'n/a';
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const range = sorted.length > 1 ? ` (${format(sorted[0]!).replace(/ .*/, '')}–${format(sorted.at(-1)!)})` : '';
  return `${format(mid)}${range}`;
}

/** `task` run RUNS times one after the other; the runs' results in order. */
async function repeat<T>(task: (run: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let run = 0; run < RUNS; run++) out.push(await task(run));
  return out;
}

/** Fresh visitor (no cache): from navigation until the chat input can be typed into. */
async function timeToInteractive(base: string, uuid: string): Promise<number[]> {
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
  return samples;
}

const startLoad = loadAverage();

async function main() {
  // BENCH_ONLY=handoff: only «Live» with 200 open public conversations (issue 35, scripts/bench-handoff.ts).
  if (process.env.BENCH_ONLY === 'handoff') return printTable(await handoffScenario(), []);
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

    // BENCH_ONLY=bundles: only the bundle report (quick, while working on the client). BENCH_ONLY=cpu:
    // only the time to first token of one stream and the server's CPU per chat answer. BENCH_ONLY=reads:
    // also the burst of 100 and the library reads (no steady load, no open streams).
    const only = process.env.BENCH_ONLY;
    const onlyBundles = only === 'bundles';
    for (const concurrency of onlyBundles ? [] : only === 'cpu' ? [1] : [1, 100]) {
      const threads = await Promise.all(
        Array.from({ length: concurrency }, async () =>
          (await (await user.call('POST', '/api/thread/create', { assistantUuid: assistant })).json()) as { id: number; token: string },
        ),
      );
      const rounds = concurrency === 1 ? 50 : 3;
      // Per run: p50 and p99 of Mika, of the provider alone (asked in the same rounds), and their difference.
      const runs = await repeat(async (run) => {
        const ours: number[] = [];
        const baseline: number[] = [];
        for (let r = 0; r < rounds; r++) {
          const q = (t: { id: number; token: string }) =>
            `/api/send/stream?${new URLSearchParams({ assistantUuid: assistant, threadId: String(t.id), token: t.token, message: `Frage ${run}.${r}` })}`;
          ours.push(...(await Promise.all(threads.map((t) => user.timeToFirstToken(q(t))))));
          baseline.push(...(await Promise.all(threads.map(() => direct()))));
        }
        const at = (p: number) => ({ ours: percentile(ours, p), provider: percentile(baseline, p), added: percentile(ours, p) - percentile(baseline, p) });
        return { p50: at(50), p99: at(99), samples: ours.length };
      });
      const col = (key: 'ours' | 'provider' | 'added') => `${spread(runs.map((r) => r.p50[key]))} / ${spread(runs.map((r) => r.p99[key]))}`;
      results.push(
        `| time to first token, ${concurrency} concurrent stream${concurrency > 1 ? 's' : ''} (${runs[0]!.samples} samples per run) | ` +
          `${col('ours')} | ${col('provider')} | **${col('added')}** |`,
      );
    }

    if (!onlyBundles && only !== 'cpu') {
      const runs = await repeat(async () => {
        const latencies: number[] = [];
        for (let i = 0; i < 200; i++) {
          const t0 = performance.now();
          await (await user.call('GET', '/api/assistants/')).arrayBuffer();
          latencies.push(performance.now() - t0);
        }
        return latencies;
      });
      results.push(`| GET /api/assistants/ (200 sequential) | ${spread(runs.map((l) => percentile(l, 50)))} / ${spread(runs.map((l) => percentile(l, 99)))} | – | – |`);
    }

    if (!onlyBundles) results.push(...(await scaleScenarios(server.pid, base, user, assistant, fake, only === 'cpu')));
    if (only === 'scale' || only === 'cpu' || only === 'reads') return printTable(results, []);

    // The public chat: how soon a visitor can type, and what every entry loads.
    const publicUuid = await publishedChat(user, assistant);
    if (!onlyBundles) {
      const runs = await repeat(() => timeToInteractive(base, publicUuid));
      results.push(`| public chat time to interactive (cold browser context, 10 per run, localhost) | ${spread(runs.map((s) => percentile(s, 50)))} / ${spread(runs.map((s) => percentile(s, 99)))} | – | – |`);
    }
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const host = new URL(base).hostname;
      const cookies = [...user.cookies].map(([name, value]) => ({ name, value, domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const }));
      const bundles = await measureBundles(browser, base, [
        { name: 'login', label: '/login (first visit)', url: '/login', withoutMui: true },
        { name: 'library', label: 'office library / (signed in)', url: '/', context: { storageState: { cookies, origins: [] } }, withoutMui: true },
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

  printTable(results, bundleTables);
}

function printTable(results: string[], bundleTables: string[]) {
  const table = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL on localhost' : 'embedded PGlite'}; server in its own process; fake provider delay ${PROVIDER_DELAY_MS} ms before its first byte.`,
    `Load average (1 / 5 / 15 min) at the start ${startLoad}, at the end ${loadAverage()}. Every figure: the median of ${RUNS} runs (lowest–highest run in brackets).`,
    '',
    '| measurement | Mika p50 / p99 | provider alone p50 / p99 | added by Mika p50 / p99 |',
    '|---|---|---|---|',
    ...results,
    ...(bundleTables.length ? ['', 'Bundles per entry:', '', ...bundleTables] : []),
  ].join('\n');
  console.log(table);
}

const row = (label: string, ours: string, provider = '–', added = '–') => `| ${label} | ${ours} | ${provider} | ${added} |`;
/** p50 / p99 over the runs: each the median (lowest–highest run). */
const ms2 = (runs: number[][]) => `${spread(runs.map((v) => percentile(v, 50)))} / ${spread(runs.map((v) => percentile(v, 99)))}`;
const fixed = (digits: number, unit = ' ms') => (n: number) => `${n.toFixed(digits)}${unit}`;

/**
 * Issue 17's scenarios: server CPU per stream and per library call (from /proc of the server
 * process), the library at 50 concurrent clients, a steady stream load, and many open streams
 * against a slow provider with the latency of other calls meanwhile. Each RUNS times.
 */
async function scaleScenarios(pid: number, base: string, user: Client, assistant: string, fake: FakeOpenAI, cpuOnly: boolean): Promise<string[]> {
  const out: string[] = [];
  const openStreams = Number(process.env.BENCH_OPEN_STREAMS ?? 5000);
  const agent = loadAgent(openStreams + 200);
  const cookie = user.header();
  // Enough credits for thousands of answers: a billing address makes top-ups succeed at once.
  await user.call('PUT', '/api/billing/address', { company: 'Bench GmbH', street: 'Teststraße 1', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: null, invoice_email: 'rechnung@firma.de' });
  // The purchase the Usage page's "Kostenpflichtig bestellen" makes (GET /checkout only leads there).
  const topUp = await user.call('POST', '/api/checkout', { amount: 10000 });
  if (topUp.status >= 400) throw new Error(`credits top-up failed: ${topUp.status}`);
  const newThreads = async (n: number) => {
    const threads: { id: number; token: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next++ < n) threads.push((await (await user.call('POST', '/api/thread/create', { assistantUuid: assistant })).json()) as { id: number; token: string });
      }),
    );
    return threads;
  };
  const streamUrl = (t: { id: number; token: string }, i: number) =>
    `${base}/api/send/stream?${new URLSearchParams({ assistantUuid: assistant, threadId: String(t.id), token: t.token, message: `Frage ${i}` })}`;

  // (a) server CPU per chat stream (short answer, fast provider) and per library call.
  fake.reply({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: 0 });
  const threads = await newThreads(20);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const streams = await repeat(() => cpuPerCall(pid, 300, 4, (i) => runStream(streamUrl(threads[i % threads.length]!, i), cookie, agent), databaseUrl));
  out.push(row('server CPU per chat stream (300 streams, 4 at a time; short answer)', spread(streams.map((s) => s.cpuMsPerCall), fixed(2))));
  // On PostgreSQL the database's own work per answer (its backends for this database) comes on top.
  if (databaseUrl) out.push(row('… PostgreSQL CPU per chat stream (the backends of its database)', spread(streams.map((s) => s.dbCpuMsPerCall), fixed(2))));
  else if (streams.every((s) => Number.isFinite(s.dbThreadMsPerCall))) {
    out.push(row("… of it in the embedded database's thread (decision 050)", spread(streams.map((s) => s.dbThreadMsPerCall), fixed(2))));
  }
  if (cpuOnly) {
    await agent.close();
    return out;
  }
  const libraryUrl = `${base}/api/assistants/`;
  const library = await repeat(async () => {
    const latency: number[] = [];
    const cpu = await cpuPerCall(pid, 5000, 50, async () => {
      const t0 = performance.now();
      if ((await get(libraryUrl, cookie, agent)) !== 200) throw new Error('library call failed');
      latency.push(performance.now() - t0);
    });
    return { ...cpu, latency };
  });
  out.push(row('server CPU per GET /api/assistants/ (5,000 calls, 50 concurrent clients)', spread(library.map((l) => l.cpuMsPerCall), fixed(3))));
  if (!databaseUrl && library.every((l) => Number.isFinite(l.dbThreadMsPerCall))) {
    out.push(row("… of it in the embedded database's thread", spread(library.map((l) => l.dbThreadMsPerCall), fixed(3))));
  }
  out.push(
    row(
      'GET /api/assistants/ at 50 concurrent clients: throughput, latency p50 / p99',
      `${spread(library.map((l) => l.perSecond), fixed(0, ' req/s'))}, ${ms2(library.map((l) => l.latency))}`,
    ),
  );
  // BENCH_ONLY=reads: the figures above without the minutes of steady load and open streams.
  if (process.env.BENCH_ONLY === 'reads') {
    await agent.close();
    return out;
  }

  // (b) steady load: 20 new streams per second for 15 s, each ~2 s long (8 words, 250 ms apart).
  fake.reply({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS, chunkDelayMs: 250 });
  const steady = await repeat(async () => {
    const steadyThreads = await newThreads(300);
    const results = await steadyLoad({ perSecond: 20, seconds: 15, open: (i) => runStream(streamUrl(steadyThreads[i]!, i), cookie, agent) });
    // The fake provider waits its delay, then the chunk delay before each word (the first too).
    return { ttft: results.filter((r) => r.ok).map((r) => r.ttft - PROVIDER_DELAY_MS - 250), total: results.length };
  });
  out.push(
    row(
      `steady load: 20 new streams/s for 15 s, ~40 open (complete: ${steady.map((s) => `${s.ttft.length}/${s.total}`).join(', ')})`,
      'time to first token, added p50 / p99',
      '–',
      `**${ms2(steady.map((s) => s.ttft))}**`,
    ),
  );

  // (c) many open streams against a slow provider (8 words, SLOW_WORD_MS apart), opened at
  // RAMP_PER_SECOND; meanwhile the library and the user data are called one after the other.
  fake.reply({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS, chunkDelayMs: SLOW_WORD_MS });
  const many = await repeat(async () => {
    const manyThreads = await newThreads(openStreams);
    let peakRss = processRssMiB(pid) ?? NaN;
    const rssBefore = peakRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, processRssMiB(pid) ?? NaN)), 250);
    const cpuBefore = processCpuMs(pid);
    const ramp = steadyLoad({ perSecond: RAMP_PER_SECOND, seconds: openStreams / RAMP_PER_SECOND, open: (i) => runStream(streamUrl(manyThreads[i]!, i), cookie, agent) });
    await new Promise((r) => setTimeout(r, (openStreams / RAMP_PER_SECOND) * 1000 + 2000));
    const others = await latencies(100, async () => {
      await get(libraryUrl, cookie, agent);
      await get(`${base}/api/user/data`, cookie, agent);
    }, 50);
    const results = await ramp;
    clearInterval(sampler);
    const cpuUsed = (processCpuMs(pid) ?? NaN) - (cpuBefore ?? NaN);
    const ok = results.filter((r) => r.ok);
    return { ok: ok.length, total: results.length, ttft: ok.map((r) => r.ttft - PROVIDER_DELAY_MS - SLOW_WORD_MS), others, rssBefore, peakRss, cpuUsed };
  });
  out.push(
    row(
      `${openStreams.toLocaleString('en')} open streams, slow provider (a word every ${SLOW_WORD_MS / 1000} s, ${(8 * SLOW_WORD_MS) / 1000} s each): completed`,
      many.map((m) => `${m.ok.toLocaleString('en')} / ${m.total.toLocaleString('en')}`).join(', '),
    ),
  );
  out.push(row(`… time to first token while opening ${RAMP_PER_SECOND}/s, added p50 / p99`, '–', '–', `**${ms2(many.map((m) => m.ttft))}**`));
  out.push(row('… meanwhile GET /api/assistants/ + GET /api/user/data, one after the other, p50 / p99', ms2(many.map((m) => m.others))));
  out.push(
    row(
      '… server memory (RSS) before / peak; server CPU for all of it',
      `${spread(many.map((m) => m.rssBefore), fixed(0, ' MiB'))} / ${spread(many.map((m) => m.peakRss), fixed(0, ' MiB'))}; ${spread(many.map((m) => m.cpuUsed / 1000), fixed(1, ' s'))}`,
    ),
  );
  await agent.close();
  return out;
}

// BENCH_ONLY=knowledge or quality: only the second part of `npm run bench` (bench-knowledge.ts);
// BENCH_ONLY=website: only the crawler (bench-website.ts, run from here); BENCH_ONLY=insights: only
// Einblicke (bench-insights.ts). A full run adds both at the end.
if (!['knowledge', 'quality', 'website', 'insights'].includes(process.env.BENCH_ONLY ?? '')) await main();
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'website') await import('./bench-website.ts');
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'insights') await insightsBench();
