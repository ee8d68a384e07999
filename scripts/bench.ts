// npm run bench — performance budgets (a benchmark, not a test). Results go to docs/performance.md.
// Runs the real app in-process on a fresh embedded database against a local fake OpenAI server.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/chromium.ts';
import { measureBundles } from './bundle-report.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../tests/fixtures/fake-openai.ts';
import { cpuPerCall, get, latencies, loadAgent, percentile as pct, processCpuMs, processRssMiB, runStream, steadyLoad } from './bench-scale.ts';

const PROVIDER_DELAY_MS = 50;
// Open streams arrive this fast in the many-streams scenario (all are open before the first ends).
const RAMP_PER_SECOND = 100;
// In that scenario the provider sends a word every this many ms (8 words: 80 s per answer).
const SLOW_WORD_MS = 10_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const fmt = (n: number) => `${n.toFixed(1)} ms`;

class Client {
  cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      this.cookies.set(k!, v.join('='));
    }
  }
  async call(method: string, url: string, body?: unknown) {
    if (!this.cookies.has('XSRF-TOKEN')) this.keep(await fetch(`${this.base}/sanctum/csrf-cookie`));
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.header(), 'x-xsrf-token': this.cookies.get('XSRF-TOKEN')! },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    return res;
  }
  /** Milliseconds until the first streamed text event arrives, then drains the stream. */
  async timeToFirstToken(url: string): Promise<number> {
    const started = performance.now();
    const res = await fetch(`${this.base}${url}`, { headers: { cookie: this.header() } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let first = -1;
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      if (first < 0 && buffer.includes('"type":"text"')) first = performance.now() - started;
    }
    if (first < 0) throw new Error(`no text event: ${buffer.slice(0, 200)}`);
    return first;
  }
}

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

/** A published chat assistant: the default one when the team may publish it, else an own one. */
async function publishedChat(user: Client, assistant: string): Promise<string> {
  const published = await user.call('PUT', '/api/assistant', { assistant: { uuid: assistant, is_public: 1 } });
  if (published.ok) return assistant;
  // Default assistants are not editable by a team: publish an own one.
  const created = (await (
    await user.call('POST', '/api/assistant', { type: 'chat', name: 'Bench Chat', role: 'Du bist eine freundliche Assistenz für Besucher unserer Website.', task: 'Du beantwortest Fragen von Besuchern. '.repeat(8), style: 'professionell und sachlich', is_public: 1, can_talk: 0 })
  ).json()) as { uuid: string };
  await user.call('PUT', '/api/assistant', { assistant: { uuid: created.uuid, is_public: 1 } });
  return created.uuid;
}

async function main() {
  const fake = await startFakeOpenAI({ text: 'Das ist eine kurze Antwort aus dem Modell.', firstByteDelayMs: PROVIDER_DELAY_MS });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-bench-'));
  // The server runs in its own process, as in production; load and fake provider stay here.
  const port = 3290 + Math.floor(Math.random() * 100);
  const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []), 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ENV_FILE: '', // a developer's .env must not change what is measured or shown
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.url,
      AI_API_KEY: 'bench',
      AI_CHAT_MODEL: 'gpt-bench',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/sanctum/csrf-cookie`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const results: string[] = [];
  const bundleTables: string[] = [];
  try {
    const user = new Client(base);
    await user.call('POST', '/api/register', { name: 'Bench Mark', email: 'bench@firma.de', password: 'geheim123', password_confirmation: 'geheim123', terms: true });
    const list = (await (await user.call('GET', '/api/assistants/')).json()) as { assistants: { uuid: string; type: string }[] };
    const assistant = list.assistants.find((a) => a.type === 'chat')!.uuid;

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

    if (!onlyBundles) results.push(...(await scaleScenarios(server.pid!, base, user, assistant, fake)));
    if (process.env.BENCH_ONLY === 'scale') return printTable(results, []);

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
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await fake.close();
    await fs.rm(dataDir, { recursive: true, force: true });
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
const ms2 = (values: number[]) => `${fmt(pct(values, 50))} / ${fmt(pct(values, 99))}`;

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

await main();
