import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { AI_ANSWER_EVENT, JOIN_THREAD_EVENT, type AIAnswerUpdated } from '../../src/shared/events.ts';
import { ANSWER_RECOVERY_JOB } from '../../src/server/features/chat/chat.jobs.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import {
  createAssistant,
  createStaffedTeam,
  createTeam,
  createUser,
  DEFAULT_PASSWORD,
} from '../factories/index.ts';
import { multipartBody } from '../fixtures/media.ts';
import { startFakeS3, type FakeS3 } from '../fixtures/s3-server.ts';
import { storeSetCookies } from '../setup/agent.ts';
import { spawnServer, type ServerProcess } from '../setup/server-process.ts';
import { startFakeOpenAI } from '../fixtures/fake-openai.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-app.ts';

// Two real app processes (A and B) on one PostgreSQL database, one Redis and one S3 bucket,
// as behind a load balancer without sticky sessions (docs/operations.md, Several instances).
// PostgreSQL only: vitest.config.ts does not collect this file without TEST_DATABASE_URL.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The offline engine quotes the intro word by word: long enough to stream for a while.
const INTRO = Array.from({ length: 40 }, (_, i) => `Satz${i + 1}`).join(' ');

interface Answer {
  status: number;
  body: string;
  bytes: Buffer;
  json<T = any>(): T;
}

/** A browser over real HTTP: keeps its cookies and echoes the CSRF cookie, whichever instance it talks to. */
class Browser {
  readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(
    base: string,
    method: string,
    url: string,
    body?: { json?: unknown; form?: { payload: Buffer; contentType: string } },
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (method !== 'GET') {
      if (!this.cookies.has('XSRF-TOKEN')) await this.call(base, 'GET', '/sanctum/csrf-cookie');
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['content-type'] = body.form.contentType;
      payload = new Uint8Array(body.form.payload);
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    storeSetCookies(this.cookies, res.headers.getSetCookie());
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    return { status: res.status, body: text, bytes, json: () => JSON.parse(text) };
  }

  login(base: string, user: User, password = DEFAULT_PASSWORD) {
    return this.call(base, 'POST', '/api/login', { json: { email: user.email, password } });
  }
}

describe('two instances on one PostgreSQL, one Redis and one S3 bucket', () => {
  let test: TestDatabase;
  let dataDir: string;
  let s3: FakeS3;
  let a: ServerProcess;
  let b: ServerProcess;
  let bothUp: Date;
  let staff: Awaited<ReturnType<typeof createStaffedTeam>>;
  let chatUuid: string;
  let imageUuid: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Without Redis the servers would start and the live test fail for no visible reason.
    const redis = new URL(REDIS_URL);
    await new Promise<void>((resolve, reject) => {
      const probe = net.connect(Number(redis.port || 6379), redis.hostname, () => {
        probe.end();
        resolve();
      });
      probe.on('error', (err) =>
        reject(
          new Error(`two-instances.test.ts needs Redis at ${REDIS_URL} (TEST_REDIS_URL): ${err.message}`),
        ),
      );
    });
    test = await openTestDatabase();
    if (!test.url)
      throw new Error(
        'two-instances.test.ts runs on PostgreSQL only (vitest.config.ts excludes it on PGlite)',
      );
    staff = await createStaffedTeam(test.database.db);
    chatUuid = (
      await createAssistant(test.database.db, staff.team, {
        isPublic: true,
        name: 'Mika Zwilling',
        intro: INTRO,
      })
    ).uuid;
    imageUuid = (
      await createAssistant(test.database.db, staff.team, {
        name: 'Mika Maler',
        type: 'image',
        mainStyle: 'realistic_image',
      })
    ).uuid;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-two-'));
    // Files go to one S3-compatible bucket; each instance has its own local folder, so nothing can
    // pass between them on disk.
    s3 = await startFakeS3();
    await fs.mkdir(path.join(dataDir, 'a'));
    await fs.mkdir(path.join(dataDir, 'b'));
    const env = {
      DATABASE_URL: test.url,
      ...s3.env,
      REDIS_URL,
      // Pub/sub is global to a Redis server: other test runs on it must not hear these rooms.
      REDIS_PREFIX: `mika-test-${randomBytes(4).toString('hex')}`,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      AI_OFFLINE_WORD_DELAY_MS: '40',
      JOBS_POLL_SECONDS: '1',
      // Sessions stay cached for 10 s (the most allowed): what B refuses within the poll below it learnt from the
      // database's notification, never from an entry running out.
      AUTH_CACHE_MS: '10000',
    };
    [a, b] = await Promise.all([
      spawnServer({
        env: { ...env, DATA_DIR: path.join(dataDir, 'a') },
        logFile: path.join(dataDir, 'a.log'),
      }),
      spawnServer({
        env: { ...env, DATA_DIR: path.join(dataDir, 'b') },
        logFile: path.join(dataDir, 'b.log'),
      }),
    ]);
    bothUp = new Date();
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await test?.drop();
    await s3?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('both answer their health checks', async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toEqual({ status: 'ready' });
    }
  });

  it('a user signed in on A is signed in on B with the same cookie; signing out on B signs out on A', async () => {
    const browser = new Browser();
    expect((await browser.login(a.baseUrl, staff.owner)).status).toBe(200);
    const onB = await browser.call(b.baseUrl, 'GET', '/api/user/data');
    expect(onB.status).toBe(200);
    expect(onB.body).toContain(staff.owner.email);

    expect((await browser.call(b.baseUrl, 'POST', '/api/logout')).status).toBeLessThan(300);
    // The old cookie, replayed on A, is dead too.
    const replay = new Browser();
    const session = new Browser();
    expect((await session.login(a.baseUrl, staff.owner)).status).toBe(200);
    for (const [k, v] of session.cookies) replay.cookies.set(k, v);
    expect((await session.call(b.baseUrl, 'POST', '/api/logout')).status).toBeLessThan(300);
    expect((await replay.call(a.baseUrl, 'GET', '/api/user/data')).status).toBe(401);
  });

  it('sign-out, the end of a live login and a team deletion on A hold on B at once, though B keeps sessions for a moment', async () => {
    const userData = async (browser: Browser, server: ServerProcess) => {
      const res = await browser.call(server.baseUrl, 'GET', '/api/user/data');
      return res.status === 200 ? (res.json().user.email as string) : res.status;
    };
    // The notification reaches B a few milliseconds after A's change commits (longer on a loaded
    // machine); far below the cache's 10 s.
    const soon = { timeout: 3000, interval: 20 };
    // Sign-out: B has just served (and kept) the session.
    const member = new Browser();
    expect((await member.login(a.baseUrl, staff.admin)).status).toBe(200);
    expect(await userData(member, b)).toBe(staff.admin.email);
    const replay = new Browser();
    for (const [k, v] of member.cookies) replay.cookies.set(k, v);
    expect((await member.call(a.baseUrl, 'POST', '/api/logout')).status).toBeLessThan(300);
    await expect.poll(() => userData(replay, b), soon).toBe(401);

    // Live login: started and ended on A, used on B.
    const operatorTeam = await createTeam(test.database.db);
    const operator = await createUser(test.database.db, operatorTeam, {
      isAdmin: true,
      isSuperadmin: true,
      role: 'owner',
      name: 'Sina Support',
    });
    const op = new Browser();
    expect((await op.login(a.baseUrl, operator)).status).toBe(200);
    expect(await userData(op, b)).toBe(operator.email);
    const live = await op.call(a.baseUrl, 'POST', '/api/insight/livelogin', {
      json: { teamUuid: staff.team.uuid, reason: 'Ticket 4711' },
    });
    expect(live.status, live.body).toBe(200);
    await expect.poll(() => userData(op, b), soon).toBe(staff.owner.email);
    expect((await op.call(a.baseUrl, 'POST', '/api/livelogin/end')).status).toBe(200);
    await expect.poll(() => userData(op, b), soon).toBe(operator.email);

    // Team deletion: its members are signed out everywhere.
    const doomed = await createStaffedTeam(test.database.db);
    const employee = new Browser();
    expect((await employee.login(a.baseUrl, doomed.employee)).status).toBe(200);
    expect(await userData(employee, b)).toBe(doomed.employee.email);
    const deleted = await op.call(a.baseUrl, 'DELETE', '/api/insight/team', {
      json: { teamUuid: doomed.team.uuid, deleteStripeCustomer: 0, softDelete: 1 },
    });
    expect(deleted.status, deleted.body).toBe(200);
    await expect.poll(() => userData(employee, b), soon).toBe(401);
  });

  it('an answer streamed on A shows live progress to a client connected to B', async () => {
    const visitor = new Browser();
    const thread = (
      await visitor.call(a.baseUrl, 'POST', '/api/thread/create', {
        json: { assistantUuid: chatUuid, public: true },
      })
    ).json<{
      id: number;
      token: string;
    }>();
    const socket = connect(b.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const live: AIAnswerUpdated[] = [];
    socket.on(AI_ANSWER_EVENT, (e: AIAnswerUpdated) => live.push(e));
    expect(
      (await socket.emitWithAck(JOIN_THREAD_EVENT, { threadId: thread.id, token: thread.token })).ok,
    ).toBe(true);

    // A question the intro answers: offline, a question nothing matches gets the short explanation.
    const q = new URLSearchParams({
      assistantUuid: chatUuid,
      threadId: String(thread.id),
      token: thread.token,
      message: 'Was sagst Du zu Satz1 bis Satz40?',
    });
    const stream = await fetch(`${a.baseUrl}/api/send/stream?${q}`);
    expect(stream.status).toBe(200);
    // While A is still streaming, B's client already has part of the answer.
    const reader = stream.body!.getReader();
    let liveWhileStreaming = 0;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      if (liveWhileStreaming === 0 && live.length > 0 && !live.at(-1)!.done) liveWhileStreaming = live.length;
    }
    expect(liveWhileStreaming).toBeGreaterThan(0);
    await expect.poll(() => live.at(-1)?.done, { timeout: 5000 }).toBe(true);

    // The deltas B relayed add up to the answer A stored.
    const stored = (
      await visitor.call(b.baseUrl, 'GET', `/api/messages/${chatUuid}/${thread.id}?token=${thread.token}`)
    ).json<{ messages: { origin: string; text: string; id: number; status: string }[] }>().messages;
    const answer = stored.at(-1)!;
    expect(answer).toMatchObject({ origin: 'ai', status: 'complete' });
    expect(answer.text).toContain('Satz40');
    expect(live.every((e) => e.messageId === answer.id)).toBe(true);
    expect(live.length).toBeGreaterThan(5);
    const sorted = [...live].sort((x, y) => x.offset - y.offset);
    expect(sorted.map((e) => e.delta).join('')).toBe(answer.text.slice(sorted[0]!.offset));
  });

  it('the login throttle counts failures on both instances together', async () => {
    const user = staff.employee;
    // Five wrong passwords, alternately on A and B: each instance alone has seen at most three.
    for (let i = 0; i < 5; i++) {
      const res = await new Browser().login(i % 2 === 0 ? a.baseUrl : b.baseUrl, user, 'falsch-falsch');
      expect(res.status, `attempt ${i + 1}: ${res.body}`).toBe(422);
    }
    // Now even the right password is refused on either instance until the window has passed.
    for (const server of [b, a]) {
      const res = await new Browser().login(server.baseUrl, user);
      expect(res.status, res.body).toBe(429);
      expect(res.json().error).toMatch(/Zu viele/);
    }
  });

  it('a file uploaded through A downloads through B (one S3 bucket, separate local folders), with B checking the rights', async () => {
    const owner = new Browser();
    expect((await owner.login(a.baseUrl, staff.owner)).status).toBe(200);
    const form = multipartBody(
      { assistantUuid: imageUuid },
      { field: 'file', name: 'stil.png', data: PNG_1PX, type: 'image/png' },
    );
    const upload = await owner.call(a.baseUrl, 'POST', '/api/styleimage', { form });
    expect(upload.status, upload.body).toBe(200);
    const imageUuidOnA = upload.json().image.uuid as string;

    const url = `/api/styleimage/${imageUuid}/${imageUuidOnA}`;
    const fromA = await owner.call(a.baseUrl, 'GET', url);
    const fromB = await owner.call(b.baseUrl, 'GET', url);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    // B keeps the access check: without a session no file.
    expect((await new Browser().call(b.baseUrl, 'GET', url)).status).toBe(401);
  });

  it('a scheduled job runs once per period, not once per instance', async () => {
    // answers-recover is scheduled every minute on both instances. Wait for a run in a minute
    // that began after both were up, i.e. a period in which both were competing for it.
    type Row = { minute: Date | string; n: number; done: number };
    const runs = async () => {
      const result: unknown = await test.database.db.execute(
        sql`select date_trunc('minute', created_on) as minute, count(*)::int as n, count(*) filter (where state = 'completed')::int as done
            from pgboss.job where name = ${ANSWER_RECOVERY_JOB} group by 1 order by 1`,
      );
      return (result as { rows: Row[] }).rows.map((r) => ({
        minute: new Date(r.minute),
        n: r.n,
        done: r.done,
      }));
    };
    const firstFullMinute = new Date(Math.ceil(bothUp.getTime() / 60_000) * 60_000);
    const poll = { timeout: 110_000, interval: 2000 };
    let contested: Date | undefined;
    await expect
      .poll(async () => (contested = (await runs()).find((r) => r.minute >= firstFullMinute && r.done > 0)?.minute), poll)
      .toBeDefined();
    // A late duplicate of that minute could only come from a cron pass during it; once the next
    // minute's run is filed, every such pass (of either instance) is over: the count is final.
    await expect.poll(async () => (await runs()).some((r) => r.minute > contested!), poll).toBe(true);
    const all = await runs();
    expect(all.filter((r) => r.minute <= contested!).length).toBeGreaterThan(0);
    for (const r of all) expect(r.n, `runs in the minute from ${r.minute.toISOString()}`).toBe(1);
  }, 240_000);

  it('a provider set on A answers the next chat on B without a restart (LISTEN/NOTIFY), its key never shown', async () => {
    const fake = await startFakeOpenAI({ text: 'Antwort vom Anbieter aus Insight.' });
    const operatorTeam = await createTeam(test.database.db, { plan: 'agency' });
    const operator = await createUser(test.database.db, operatorTeam, {
      isAdmin: true,
      isSuperadmin: true,
      role: 'owner',
    });
    const op = new Browser();
    const visitor = new Browser();
    const ask = async (base: string) => {
      const thread = (
        await visitor.call(base, 'POST', '/api/thread/create', {
          json: { assistantUuid: chatUuid, public: true },
        })
      ).json<{ id: number; token: string }>();
      const q = new URLSearchParams({
        assistantUuid: chatUuid,
        threadId: String(thread.id),
        token: thread.token,
        message: 'Wer antwortet?',
      });
      const body = (await visitor.call(base, 'GET', `/api/send/stream?${q}`)).body;
      return body
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => JSON.parse(l.slice(6)) as { type: string; text?: string })
        .filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join('');
    };
    try {
      // B has answered offline before: its models are loaded and in memory.
      expect(await ask(b.baseUrl)).toContain('Offline-Modus');
      expect((await op.login(a.baseUrl, operator)).status).toBe(200);
      const put = await op.call(a.baseUrl, 'PUT', '/api/insight/providers', {
        json: {
          capability: 'chat',
          provider: 'openai',
          baseUrl: fake.url,
          apiKey: 'sk-zwei-instanzen-geheim',
          model: 'gpt-zwei',
        },
      });
      expect(put.status, put.body).toBe(200);
      // B hears the change through PostgreSQL's NOTIFY; its next answer comes from the provider.
      await expect
        .poll(() => ask(b.baseUrl), { timeout: 5000, interval: 200 })
        .toBe('Antwort vom Anbieter aus Insight.');
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-zwei-instanzen-geheim');
      const onB = await op.call(b.baseUrl, 'GET', '/api/insight/providers');
      expect(onB.json().providers[0]).toMatchObject({
        capability: 'chat',
        provider: 'openai',
        model: 'gpt-zwei',
        source: 'stored',
        hasKey: true,
      });
      expect(onB.body).not.toContain('sk-zwei-instanzen-geheim');
      // The key sealed on A opens on B (one SECRETS_KEY), and neither log shows it.
      const logs =
        (await fs.readFile(path.join(dataDir, 'a.log'), 'utf8')) +
        (await fs.readFile(path.join(dataDir, 'b.log'), 'utf8'));
      expect(logs).not.toContain('sk-zwei-instanzen-geheim');
    } finally {
      await op.call(a.baseUrl, 'PUT', '/api/insight/providers', {
        json: { capability: 'chat', provider: 'offline' },
      });
      await fake.close();
    }
  });
});
