import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3211);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DIR = path.join(os.tmpdir(), `mika-e2e-${E2E_PORT}`);
export const E2E_LOG = path.join(E2E_DIR, 'server.log');
export const SUPERADMIN = { email: 'betrieb@mika.test', password: 'Betrieb#2026' };

/**
 * Mails land in the outbox and, without SMTP, in the server log — the documented way a local user
 * opens a reset link. Journeys read the newest mail to an address from that log.
 */
export function latestMailText(to: string): string | undefined {
  const lines = fs.readFileSync(E2E_LOG, 'utf8').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!line?.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { to?: string; msg?: string };
      if (entry.to?.toLowerCase() === to.toLowerCase() && entry.msg) return entry.msg;
    } catch {
      // not a log line of ours
    }
  }
  return undefined;
}
