// npm run bench — performance budgets (a benchmark, not a test). Results go to docs/performance.md.
// Runs the real app in-process on a fresh embedded database against a local fake OpenAI server.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { measureBundles } from './bundle-report.ts';
import { publishedChat, registerBenchUser, startBenchServer, type Client } from './bench-server.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../tests/fixtures/fake-openai.ts';
import { cpuPerCall, get, latencies, loadAgent, percentile, processCpuMs, processRssMiB, runStream, steadyLoad } from './bench-scale.ts';

const PROVIDER_DELAY_MS = 50;
// Open streams arrive this fast in the many-streams scenario (all are open before the first ends).
const RAMP_PER_SECOND = 100;
// In that scenario the provider sends a word every this many ms (8 words: 80 s per answer).
const SLOW_WORD_MS = 10_000;

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

    if (!onlyBundles) results.push(...(await scaleScenarios(server.pid, base, user, assistant, fake)));
    if (process.env.BENCH_ONLY === 'scale') return printTable(results, []);

    // The public chat: how soon a visitor can type, and what every entry loads.
    const publicUuid = await publishedChat(user, assistant);
    if (!onlyBundles) results.push(await timeToInteractive(base, publicUuid));
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
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL 15 on localhost' : 'embedded PGlite'}; server in its own process; fake provider delay ${PROVIDER_DELAY_MS} ms before its first byte.`,
    '',
    '| measurement | Mika p50 / p99 | provider alone p50 / p99 | added by Mika p50 / p99 |',
    '|---|---|---|---|',
    ...results,
    ...(bundleTables.length ? ['', 'Bundles per entry:', '', ...bundleTables] : []),
  ].join('\n');
  console.log(table);
}

const row = (label: string, ours: string, provider = '–', added = '–') => `| ${label} | ${ours} | ${provider} | ${added} |`;
const ms2 = (values: number[]) => `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 99))}`;

/**
 * Issue 17's scenarios: server CPU per stream and per library call (from /proc of the server
 * process), the library at 50 concurrent clients, a steady stream load, and many open streams
 * against a slow provider with the latency of other calls meanwhile.
 */
async function scaleScenarios(pid: number, base: string, user: Client, assistant: string, fake: FakeOpenAI): Promise<string[]> {
  const out: string[] = [];
  const openStreams = Number(process.env.BENCH_OPEN_STREAMS ?? 5000);
  const agent = loadAgent(openStreams + 200);
  const cookie = user.header();
  // Enough credits for thousands of answers: a billing address makes top-ups succeed at once.
  await user.call('PUT', '/api/billing/address', { company: 'Bench GmbH', street: 'Teststraße 1', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: null, invoice_email: 'rechnung@firma.de' });
  const topUp = await user.call('GET', '/checkout?amount=10000');
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
  const streams = await cpuPerCall(pid, 300, 4, (i) => runStream(streamUrl(threads[i % threads.length]!, i), cookie, agent));
  out.push(row('server CPU per chat stream (300 streams, 4 at a time; short answer)', `${streams.cpuMsPerCall.toFixed(2)} ms`));
  const libraryUrl = `${base}/api/assistants/`;
  const libraryLatency: number[] = [];
  const library = await cpuPerCall(pid, 5000, 50, async () => {
    const t0 = performance.now();
    if ((await get(libraryUrl, cookie, agent)) !== 200) throw new Error('library call failed');
    libraryLatency.push(performance.now() - t0);
  });
  out.push(row('server CPU per GET /api/assistants/ (5,000 calls, 50 concurrent clients)', `${library.cpuMsPerCall.toFixed(3)} ms`));
  out.push(row('GET /api/assistants/ at 50 concurrent clients: throughput, latency p50 / p99', `${Math.round(library.perSecond)} req/s, ${ms2(libraryLatency)}`));

  // (b) steady load: 20 new streams per second for 15 s, each ~2 s long (8 words, 250 ms apart).
  fake.reply({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS, chunkDelayMs: 250 });
  const steadyThreads = await newThreads(300);
  const steady = await steadyLoad({ perSecond: 20, seconds: 15, open: (i) => runStream(streamUrl(steadyThreads[i]!, i), cookie, agent) });
  // The fake provider waits its delay, then the chunk delay before each word (the first too).
  const steadyTtft = steady.filter((r) => r.ok).map((r) => r.ttft - PROVIDER_DELAY_MS - 250);
  out.push(row(`steady load: 20 new streams/s for 15 s, ~40 open (${steadyTtft.length}/${steady.length} complete)`, 'time to first token, added p50 / p99', '–', `**${ms2(steadyTtft)}**`));

  // (c) many open streams against a slow provider (8 words, SLOW_WORD_MS apart), opened at
  // RAMP_PER_SECOND; meanwhile the library and the user data are called one after the other.
  fake.reply({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS, chunkDelayMs: SLOW_WORD_MS });
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
  const many = await ramp;
  clearInterval(sampler);
  const cpuUsed = (processCpuMs(pid) ?? NaN) - (cpuBefore ?? NaN);
  const manyOk = many.filter((r) => r.ok);
  out.push(row(`${openStreams.toLocaleString('en')} open streams, slow provider (a word every ${SLOW_WORD_MS / 1000} s, ${(8 * SLOW_WORD_MS) / 1000} s each): completed`, `${manyOk.length.toLocaleString('en')} / ${many.length.toLocaleString('en')}`));
  out.push(row(`… time to first token while opening ${RAMP_PER_SECOND}/s, added p50 / p99`, '–', '–', `**${ms2(manyOk.map((r) => r.ttft - PROVIDER_DELAY_MS - SLOW_WORD_MS))}**`));
  out.push(row('… meanwhile GET /api/assistants/ + GET /api/user/data, one after the other, p50 / p99', ms2(others)));
  out.push(row('… server memory (RSS) before / peak; server CPU for all of it', `${rssBefore.toFixed(0)} / ${peakRss.toFixed(0)} MiB; ${(cpuUsed / 1000).toFixed(1)} s`));
  await agent.close();
  return out;
}

// BENCH_ONLY=knowledge or quality: only the second part of `npm run bench` (bench-knowledge.ts).
if (!['knowledge', 'quality'].includes(process.env.BENCH_ONLY ?? '')) await main();
