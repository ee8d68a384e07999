// Issue 31's spike: the embedded database (PGlite) off the main thread. Measures a cheap
// authenticated read — the library's two statements (the session's user and team, the team's Mikas
// with the user's rights) answered as JSON over HTTP — with PGlite on the main thread (today) and in
// a worker thread behind a message bridge, interleaved A/B/A/B/A/B at 50 concurrent clients.
//
//   node scripts/spike-pglite-worker.ts            (the comparison; figures in docs/performance.md)
//
// The server runs in a child process per mode (`serve main|worker`) so its CPU (all threads) is read
// from /proc apart from the load generator's. The schema is the app's (all migrations); the data a
// team with 3 users and 20 Mikas, as the factories make them.
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { openDatabase } from '../src/server/db/client.ts';
import { createAssistant, createStaffedTeam } from '../tests/factories/index.ts';
import { cpuPerCall, get, loadAgent, percentile } from './bench-scale.ts';

const SELF = fileURLToPath(import.meta.url);
const USER_SQL = `select u.id, u.name, u.is_admin, t.id as team_id, t.name as team_name, t.plan_slug
  from users u join teams t on t.id = u.team_id where u.id = $1 and t.deleted_at is null`;
const LIBRARY_SQL = `select a.uuid, a.name, a.type, a.intro, a.is_public, a.image, a.created_at,
    coalesce(r.can_use, false) as can_use, coalesce(r.can_edit, false) as can_edit
  from assistants a left join assistant_rights r on r.assistant_id = a.id and r.user_id = $1
  where a.team_id = $2 or a.team_id is null order by a.name`;

type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** An in-memory PGlite with the app's schema and one team's library; returns its query function and the user id. */
async function seededDatabase(): Promise<{ query: Query; userId: number }> {
  const database = await openDatabase({});
  await database.migrate();
  const { team, employee } = await createStaffedTeam(database.db, { plan: 'team' });
  for (let i = 0; i < 20; i++) await createAssistant(database.db, team, { name: `Mika ${String(i).padStart(2, '0')}` });
  const pglite = database.pglite!;
  return { query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows, userId: employee.id };
}

/** The worker side of the bridge: one PGlite, queries by message, answers by message. */
async function runWorker() {
  const { query, userId } = await seededDatabase();
  parentPort!.on('message', (m: { id: number; sql: string; params: unknown[] }) => {
    query(m.sql, m.params).then(
      (rows) => parentPort!.postMessage({ id: m.id, rows }),
      (err: unknown) => parentPort!.postMessage({ id: m.id, error: String(err) }),
    );
  });
  parentPort!.postMessage({ ready: true, userId });
}

/** The main thread's side: the same query function, carried out by the worker. */
async function workerDatabase(): Promise<{ query: Query; userId: number }> {
  const worker = new Worker(SELF, { argv: ['worker-thread'] });
  const pending = new Map<number, { resolve: (rows: Record<string, unknown>[]) => void; reject: (err: Error) => void }>();
  let next = 0;
  const ready = new Promise<number>((resolve) => {
    worker.on('message', (m: { ready?: boolean; userId?: number; id?: number; rows?: Record<string, unknown>[]; error?: string }) => {
      if (m.ready) return resolve(m.userId!);
      const p = pending.get(m.id!);
      pending.delete(m.id!);
      if (m.error) p?.reject(new Error(m.error));
      else p?.resolve(m.rows!);
    });
  });
  const userId = await ready;
  return {
    userId,
    query: (sql, params) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, sql, params });
      }),
  };
}

async function serve(mode: 'main' | 'worker') {
  const { query, userId } = mode === 'worker' ? await workerDatabase() : await seededDatabase();
  const answer = async (res: http.ServerResponse) => {
    const [user] = await query(USER_SQL, [userId]);
    const rows = await query(LIBRARY_SQL, [userId, user!.team_id]);
    const body = JSON.stringify({ user, assistants: rows });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const server = http.createServer((_req, res) => {
    answer(res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({ port: (server.address() as { port: number }).port });
}

async function measure(mode: 'main' | 'worker') {
  const child = fork(SELF, ['serve', mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  const agent = loadAgent(60);
  const url = `http://127.0.0.1:${port}/library`;
  for (let i = 0; i < 300; i++) await get(url, '', agent); // warm-up
  const latency: number[] = [];
  const result = await cpuPerCall(child.pid!, 5000, 50, async () => {
    const t0 = performance.now();
    if ((await get(url, '', agent)) !== 200) throw new Error('read failed');
    latency.push(performance.now() - t0);
  });
  await agent.close();
  child.kill();
  return { ...result, p50: percentile(latency, 50), p99: percentile(latency, 99) };
}

async function compare() {
  const runs: Record<'main' | 'worker', Awaited<ReturnType<typeof measure>>[]> = { main: [], worker: [] };
  const load: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (const mode of ['main', 'worker'] as const) {
      load.push(os.loadavg()[0]!);
      runs[mode].push(await measure(mode));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const spread = (xs: number[], f: (x: number) => string) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
  console.log(`| PGlite | reads/s at 50 clients | latency p50 / p99 | server CPU per read (all threads) |`);
  console.log(`|---|---|---|---|`);
  for (const mode of ['main', 'worker'] as const) {
    const r = runs[mode];
    console.log(
      `| ${mode === 'main' ? 'on the main thread (today)' : 'in a worker thread (bridge)'} | ${spread(r.map((x) => x.perSecond), (x) => x.toFixed(0))} | ` +
        `${spread(r.map((x) => x.p50), (x) => x.toFixed(1))} / ${spread(r.map((x) => x.p99), (x) => x.toFixed(1))} ms | ${spread(r.map((x) => x.cpuMsPerCall), (x) => x.toFixed(3))} ms |`,
    );
  }
  console.log(`load average during the runs: ${load.map((l) => l.toFixed(1)).join(', ')}`);
}

if (!isMainThread) await runWorker();
else if (process.argv[2] === 'serve') await serve(process.argv[3] === 'worker' ? 'worker' : 'main');
else await compare();
