import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../setup/server-process.ts';

/** A port nobody listens on right now (synchronous: playwright.config.ts needs it at load time). */
function pickFreePort(): number {
  const probe = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
}

// The run's port and folder are chosen once, in the runner process that loads playwright.config.ts,
// and reach the worker processes through the environment they inherit. E2E_PORT pins the port
// (CI, several people on one machine); otherwise a free one is taken. The folder (server log,
// embedded database, mails) is new per run and removed by the global teardown (E2E_KEEP_DIR=1
// keeps it for a look at the log).
process.env.E2E_PORT ||= String(pickFreePort());
export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
process.env.E2E_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), `mika-e2e-${E2E_PORT}-`));
export const E2E_DIR = process.env.E2E_DIR;
export const E2E_LOG = path.join(E2E_DIR, 'server.log');
export const SUPERADMIN = { email: 'betrieb@mika.test', password: 'Betrieb#2026' };

/** Every mail the e2e server sends, one JSON object ({ to, text }) per line, written by the SMTP sink. */
export const E2E_MAILS = path.join(E2E_DIR, 'mails.jsonl');

/**
 * The newest mail to an address, as its plain text. The e2e server runs in production mode, where
 * mails never reach the log: it delivers them over SMTP to a sink started by global-setup.ts.
 */
export function latestMailText(to: string): string | undefined {
  if (!fs.existsSync(E2E_MAILS)) return undefined;
  const wanted = to.toLowerCase();
  const lines = fs.readFileSync(E2E_MAILS, 'utf8').split('\n').filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    const mail = JSON.parse(lines[i]!) as { to: string; text: string };
    if (mail.to.toLowerCase().split(',').includes(wanted)) return mail.text;
  }
  return undefined;
}

export interface StartedServer {
  baseUrl: string;
  /** The server's log (errors; mails are not logged in production mode). */
  logFile: string;
  stop: () => Promise<void>;
}

/**
 * A second server for one test file, e.g. with another AI configuration: its own free port, its own
 * fresh data directory (a PGlite directory belongs to one process) and the same built client.
 */
export async function startServer(env: Record<string, string>): Promise<StartedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mika-e2e-extra-'));
  const logFile = path.join(dir, 'server.log');
  const server = await spawnServer({
    logFile,
    env: { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info', CLIENT_DIR: process.env.CLIENT_DIR ?? '', ...env },
  }).catch((err: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  return {
    baseUrl: server.baseUrl,
    logFile,
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
