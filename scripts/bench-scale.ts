// The speed-and-scale scenarios of `npm run bench` (issue 17): server CPU per call read from the
// server process, the library under 50 concurrent clients, a steady stream load, and thousands of
// open streams against a slow provider. This process is the load generator; the server runs in
// its own process (scripts/bench.ts starts it).
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Agent, request } from 'undici';
import pg from 'pg';

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) the process has used so far, in ms; null where /proc is missing. */
export function processCpuMs(pid: number): number | null {
  return cpuMsOfStat(`/proc/${pid}/stat`);
}

function cpuMsOfStat(file: string): number | null {
  try {
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** CPU time (ms) of the process's threads named `name` (the embedded database's is 'mika-db'); null when none. */
function threadCpuMs(pid: number, name: string): number | null {
  try {
    let total: number | null = null;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== name) continue;
      total = (total ?? 0) + (cpuMsOfStat(`/proc/${pid}/task/${tid}/stat`) ?? 0);
    }
    return total;
  } catch {
    return null;
  }
}

/** Resident memory of the process in MiB (null where /proc is missing). */
export function processRssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (ms) of the PostgreSQL backends serving the database of `url` (read from /proc: the
 * server must run on this machine). Null when it cannot be read.
 */
export async function databaseCpuMs(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, application_name: 'mika-bench-cpu' });
  try {
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    let total = 0;
    for (const { pid } of rows) total += processCpuMs(pid) ?? 0;
    return rows.length > 0 ? total : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server's CPU for `count` runs of `task` (at `concurrency` at once), minus what the idle
 * server uses in the same wall time (job polling, timers), per run. With `databaseUrl` also the
 * CPU of that PostgreSQL database's backends, measured the same way.
 */
export async function cpuPerCall(pid: number, count: number, concurrency: number, task: (i: number) => Promise<unknown>, databaseUrl?: string) {
  const dbCpu = async () => (databaseUrl ? await databaseCpuMs(databaseUrl) : null);
  const idleStart = processCpuMs(pid);
  const idleDbStart = await dbCpu();
  const idleT0 = performance.now();
  await sleep(2000);
  const idleWall = performance.now() - idleT0;
  const idleRate = idleStart === null ? 0 : (processCpuMs(pid)! - idleStart) / idleWall;
  const idleDbEnd = await dbCpu();
  const idleDbRate = idleDbStart === null || idleDbEnd === null ? 0 : (idleDbEnd - idleDbStart) / idleWall;
  const cpu0 = processCpuMs(pid);
  const thread0 = threadCpuMs(pid, 'mika-db');
  const db0 = await dbCpu();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  const wall = performance.now() - t0;
  const cpu = cpu0 === null ? NaN : processCpuMs(pid)! - cpu0 - idleRate * wall;
  // The embedded database's thread (decision 050): part of `cpu`, reported apart (idle share not subtracted).
  const thread1 = threadCpuMs(pid, 'mika-db');
  const dbThreadMsPerCall = thread0 === null || thread1 === null ? NaN : (thread1 - thread0) / count;
  const db1 = await dbCpu();
  const dbCpuMs = db0 === null || db1 === null ? NaN : db1 - db0 - idleDbRate * wall;
  return { cpuMsPerCall: cpu / count, dbCpuMsPerCall: dbCpuMs / count, dbThreadMsPerCall, perSecond: (count / wall) * 1000, wallMs: wall };
}

/** A keep-alive connection pool like a browser's, big enough for thousands of open streams. */
export function loadAgent(connections: number) {
  return new Agent({ connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 120_000, bodyTimeout: 120_000 });
}

export interface StreamResult {
  /** ms until the first text event, -1 when none came. */
  ttft: number;
  ok: boolean;
}

/** Opens one answer stream and reads it to the end. */
export async function runStream(url: string, cookie: string, dispatcher: Agent): Promise<StreamResult> {
  const t0 = performance.now();
  try {
    const res = await request(url, { headers: { cookie }, dispatcher });
    if (res.statusCode !== 200) {
      await res.body.dump();
      return { ttft: -1, ok: false };
    }
    let first = -1;
    let tail = '';
    res.body.setEncoding('utf8');
    for await (const chunk of res.body as AsyncIterable<string>) {
      if (first < 0 && (tail + chunk).includes('"type":"text"')) first = performance.now() - t0;
      tail = (tail + chunk).slice(-64);
    }
    return { ttft: first, ok: first >= 0 && tail.includes('[DONE]') };
  } catch {
    return { ttft: -1, ok: false };
  }
}

/** One GET, body read to the end; its status. */
export async function get(url: string, cookie: string, dispatcher: Agent): Promise<number> {
  const res = await request(url, { headers: { cookie }, dispatcher });
  await res.body.arrayBuffer();
  return res.statusCode;
}

/** Steady load: new streams arrive at `perSecond` for `seconds`; each is read to its end. */
export async function steadyLoad(opts: { perSecond: number; seconds: number; open: (i: number) => Promise<StreamResult> }) {
  const results: Promise<StreamResult>[] = [];
  const total = opts.perSecond * opts.seconds;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / opts.perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    results.push(opts.open(i));
  }
  return Promise.all(results);
}

/** Latency of one call repeated `count` times in a row (ms each). */
export async function latencies(count: number, call: () => Promise<unknown>, pauseMs = 0): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call();
    out.push(performance.now() - t0);
    if (pauseMs) await sleep(pauseMs);
  }
  return out;
}
