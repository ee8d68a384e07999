// BENCH_ONLY=handoff (issue 35): 200 concurrent open public conversations seen in «Live». The
// server runs in its own process (TRUST_PROXY so that every visitor has an IP of its own, as on a
// website); an office tab is a signed-in Socket.IO client in the Mika's live room. Every
// conversation is open (listed) before the measured message: each visitor wrote once already.
// Measured from a visitor's send: the office's event with the text (sent once the access check
// passed — a listed conversation shows it from the event, decision 046), the plain event once the
// message is stored, and that plus the list's refetch (GET /api/live/threads with all 200 listed).
import { io } from 'socket.io-client';
import { JOIN_LIVE_EVENT, LIVE_EVENT, type LiveThreadUpdated } from '../src/shared/schemas/handoff.ts';
import { percentile } from './bench-scale.ts';
import { Client, publishedChat, startBenchServer } from './bench-server.ts';

const CONVERSATIONS = Number(process.env.BENCH_HANDOFF_CONVERSATIONS ?? 200);
const RUNS = 3;
/**
 * steady: the 200 conversations each write once within 10 s (20 messages a second, all 200 open);
 * burst: all 200 write at the same instant (200 answers start together) — the worst case.
 */
const MODES = [
  { name: 'steady', label: 'each writes once within 10 s', spreadMs: 10_000 },
  { name: 'burst', label: 'all write at the same instant', spreadMs: 0 },
] as const;

/** A team of its own per run (the visitor limit per Mika is 600 messages an hour). */
async function registerTeam(base: string, name: string): Promise<{ user: Client; uuid: string }> {
  const user = new Client(base);
  await user.call('POST', '/api/register', { name: 'Bench Live', email: `bench-live-${name}@firma.de`, password: 'geheim123', password_confirmation: 'geheim123', terms: true });
  const list = (await (await user.call('GET', '/api/assistants/')).json()) as { assistants: { uuid: string; type: string }[] };
  return { user, uuid: await publishedChat(user, list.assistants.find((a) => a.type === 'chat')!.uuid) };
}

const fmt = (n: number) => `${Math.round(n)} ms`;

export async function handoffScenario(): Promise<string[]> {
  const server = await startBenchServer({ TRUST_PROXY: 'true', AI_OFFLINE_WORD_DELAY_MS: '0' });
  try {
    const rows: string[] = [];
    for (const mode of MODES) rows.push(...(await measureMode(server.base, mode)));
    return rows;
  } finally {
    await server.stop();
  }
}

/** A team with its Mika's hand-off on and an office tab in its live room, recording the events. */
async function office(base: string, name: string) {
  const { user, uuid } = await registerTeam(base, name);
  const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:59' }));
  const saved = await user.call('PUT', `/api/handoff/${uuid}`, { enabled: true, hours, waitSeconds: 120, greeting: '' });
  if (!saved.ok) throw new Error(`hand-off settings: ${saved.status}`);
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: user.header() } });
  // The first event with the visitor's text (shown at once) and the first plain one (stored).
  const shown = new Map<number, number>();
  const arrivals = new Map<number, number>();
  socket.on(LIVE_EVENT, (e: LiveThreadUpdated) => {
    if (e.kind !== 'message') return;
    const seen = e.visitor ? shown : arrivals;
    if (!seen.has(e.threadId)) seen.set(e.threadId, performance.now());
  });
  const ack = (await socket.timeout(10_000).emitWithAck(JOIN_LIVE_EVENT, {})) as { ok: boolean; rooms: number };
  if (!ack.ok || ack.rooms < 1) throw new Error('the office socket joined no live room');
  return { user, uuid, socket, shown, arrivals };
}

async function measureMode(base: string, mode: (typeof MODES)[number]): Promise<string[]> {
  const server = { base };
  {
    const shownRuns: number[][] = [];
    const eventRuns: number[][] = [];
    const visibleRuns: number[][] = [];
    const listRuns: number[][] = [];
    for (let run = 0; run < RUNS; run++) {
      // A team per run: each conversation writes twice, and a Mika takes 600 visitor messages an hour.
      const { user, uuid, socket, shown, arrivals } = await office(server.base, `${mode.name}-${run}`);
      const ip = (i: number) => `10.${60 + run + (mode.name === 'burst' ? 10 : 0)}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      // Open conversations: one thread per visitor (each with its own IP).
      const threads = await Promise.all(
        Array.from({ length: CONVERSATIONS }, async (_, i) => {
          const res = await fetch(`${server.base}/api/thread/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i) },
            body: JSON.stringify({ assistantUuid: uuid, public: true }),
          });
          if (!res.ok) throw new Error(`thread: ${res.status}`);
          return (await res.json()) as { id: number; token: string };
        }),
      );
      const send = async (t: { id: number; token: string }, i: number, message: string) => {
        const q = new URLSearchParams({ assistantUuid: uuid, threadId: String(t.id), token: t.token, message });
        const res = await fetch(`${server.base}/api/send/stream?${q}`, { headers: { 'x-forwarded-for': ip(i) } });
        await res.arrayBuffer();
      };
      // Open conversations: each visitor wrote once (10 at a time, not measured), so all are listed.
      for (let i = 0; i < threads.length; i += 10) await Promise.all(threads.slice(i, i + 10).map((t, j) => send(t, i + j, 'Hallo!')));
      shown.clear();
      arrivals.clear();
      const started = new Map<number, number>();
      // The answers stream meanwhile (offline engine).
      const sends = threads.map(async (t, i) => {
        if (mode.spreadMs > 0) await new Promise((r) => setTimeout(r, (i * mode.spreadMs) / threads.length));
        started.set(t.id, performance.now());
        await send(t, i, `Frage ${run}.${i}: Habt Ihr heute geöffnet?`);
      });
      const deadline = performance.now() + mode.spreadMs + 30_000;
      while ((arrivals.size < threads.length || shown.size < threads.length) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      // «Live» refetches its list on an event: the list call with everything listed.
      const listStart = performance.now();
      const listed = (await (await user.call('GET', '/api/live/threads')).json()) as unknown[];
      const listMs = performance.now() - listStart;
      await Promise.all(sends);
      if (arrivals.size < threads.length || shown.size < threads.length) throw new Error(`only ${shown.size} / ${arrivals.size} of ${threads.length} events arrived`);
      if (listed.length < threads.length) throw new Error(`«Live» listed ${listed.length} of ${threads.length}`);
      shownRuns.push(threads.map((t) => shown.get(t.id)! - started.get(t.id)!));
      const events = threads.map((t) => arrivals.get(t.id)! - started.get(t.id)!);
      eventRuns.push(events);
      visibleRuns.push(events.map((e) => e + listMs));
      const lists: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await (await user.call('GET', '/api/live/threads')).arrayBuffer();
        lists.push(performance.now() - t0);
      }
      listRuns.push(lists);
      socket.close();
    }
    const cell = (runs: number[][]) =>
      `${fmt(median(runs.map((v) => percentile(v, 50))))} / ${fmt(median(runs.map((v) => percentile(v, 95))))} (p95 of runs: ${runs.map((v) => fmt(percentile(v, 95))).join(', ')})`;
    return [
      `| «Live», ${CONVERSATIONS} open public conversations, ${mode.label}: visitor message → office event with its text, shown (p50 / p95) | ${cell(shownRuns)} | – | – |`,
      `| «Live», ${mode.name}: visitor message → stored → plain office event (p50 / p95) | ${cell(eventRuns)} | – | – |`,
      `| «Live», ${mode.name}: message → list refetched (event + GET /api/live/threads) (p50 / p95) | ${cell(visibleRuns)} | – | – |`,
      `| «Live», ${mode.name}: GET /api/live/threads with ${CONVERSATIONS}+ listed (20 sequential, p50 / p95) | ${cell(listRuns)} | – | – |`,
    ];
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
