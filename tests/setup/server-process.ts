import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { TEST_SELLER_ENV } from './seller-env.ts';

export async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Ends the process like a crash or an OOM kill: no shutdown hooks run. */
  kill9(): Promise<void>;
  /** A graceful stop (SIGTERM), forced after 10 s. */
  stop(): Promise<void>;
  log(): string;
}

/**
 * The real server (src/server/server.ts) as its own process, on its own port, for tests that need
 * what only a process has: a crash (kill -9) and a restart on the same data.
 */
export async function spawnServer(opts: { env: Record<string, string>; logFile: string; port?: number }): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, ['src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...TEST_SELLER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      // A developer's .env (a real AI key, SMTP) must not reach a test server.
      ENV_FILE: '',
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // Closed once: a test that failed after kill9() still stops the server in its afterAll.
  let logOpen = true;
  const closeLog = () => {
    if (logOpen) fs.closeSync(log);
    logOpen = false;
  };
  const readLog = () => fs.readFileSync(opts.logFile, 'utf8');
  const server: ServerProcess = {
    baseUrl,
    child,
    log: readLog,
    async kill9() {
      if (running()) child.kill('SIGKILL');
      await exited;
      closeLog();
    },
    async stop() {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      closeLog();
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) throw new Error(`server exited early:\n${readLog().slice(-2000)}`);
    try {
      const res = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
      if (res.status === 204) return server;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not start:\n${readLog().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser-like session against a server process: CSRF cookie, login, then API calls. */
export async function signIn(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
  };
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    'x-requested-with': 'XMLHttpRequest',
  });
  remember(await fetch(`${base}/sanctum/csrf-cookie`));
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
  remember(login);
  return {
    get: (url: string) => fetch(`${base}${url}`, { headers: headers() }),
    postForm: (url: string, form: FormData) =>
      fetch(`${base}${url}`, { method: 'POST', headers: headers(), body: form }),
    postJson: (url: string, body: unknown) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { ...headers(), 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
}

