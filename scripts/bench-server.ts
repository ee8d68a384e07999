// Shared by the benchmarks (bench.ts, lighthouse.ts): the production server in its own process on a
// fresh data directory, an HTTP client that keeps cookies and CSRF, and the seed they measure on.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { TEST_SELLER_ENV } from '../tests/setup/seller-env.ts';

export class Client {
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
      headers: {
        'content-type': 'application/json',
        cookie: this.header(),
        'x-xsrf-token': this.cookies.get('XSRF-TOKEN')!,
      },
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

/** A port nobody listens on now (others run benchmarks and tests on the same machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  base: string;
  /** The server process (its CPU time and memory are read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * `src/server/server.ts` in production mode on a fresh data directory and a random local port;
 * resolves once it answers. `env` adds to (and wins over) the defaults, e.g. the AI provider.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeArgs, 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...TEST_SELLER_ENV,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      ENV_FILE: '', // a developer's .env must not change what is measured or shown
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/sanctum/csrf-cookie`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Up to 3 minutes: on a busy shared machine a fresh embedded database takes a while to migrate.
    if (i > 900 || server.exitCode !== null) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: server.pid!, stop };
}

/** Registers the bench user (a new team with its default assistants); returns it and its chat assistant. */
export async function registerBenchUser(base: string): Promise<{ user: Client; assistant: string }> {
  const user = new Client(base);
  await user.call('POST', '/api/register', {
    name: 'Bench Mark',
    email: 'bench@firma.de',
    password: 'geheim123',
    password_confirmation: 'geheim123',
    terms: true,
  });
  const list = (await (await user.call('GET', '/api/assistants/')).json()) as {
    assistants: { uuid: string; type: string }[];
  };
  return { user, assistant: list.assistants.find((a) => a.type === 'chat')!.uuid };
}

/** A published chat assistant: the default one when the team may publish it, else an own one. */
export async function publishedChat(user: Client, assistant: string): Promise<string> {
  const published = await user.call('PUT', '/api/assistant', {
    assistant: { uuid: assistant, is_public: 1 },
  });
  if (published.ok) return assistant;
  // Default assistants are not editable by a team: publish an own one.
  const created = (await (
    await user.call('POST', '/api/assistant', {
      type: 'chat',
      name: 'Bench Chat',
      role: 'Du bist eine freundliche Assistenz für Besucher unserer Website.',
      task: 'Du beantwortest Fragen von Besuchern. '.repeat(8),
      style: 'professionell und sachlich',
      is_public: 1,
      can_talk: 0,
    })
  ).json()) as { uuid: string };
  await user.call('PUT', '/api/assistant', { assistant: { uuid: created.uuid, is_public: 1 } });
  return created.uuid;
}
