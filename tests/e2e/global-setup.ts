import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../setup/smtp-sink.ts';
import { E2E_BASE_URL, E2E_DIR, E2E_LOG, E2E_MAILS, E2E_PORT, SUPERADMIN } from './server.ts';
import { TEST_SELLER_ENV } from '../setup/seller-env.ts';

/**
 * Starts the real server (built client, fresh embedded database) with an SMTP sink that appends
 * every mail to E2E_MAILS (read by latestMailText), and stops both after the run.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DIR, { recursive: true });
  const sink = await startSmtpSink({
    onMail: ({ to, text }) => fs.appendFileSync(E2E_MAILS, `${JSON.stringify({ to, text })}\n`),
  });
  const log = fs.openSync(E2E_LOG, 'a');
  const child = spawn(process.execPath, ['src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...TEST_SELLER_ENV,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // A developer's .env (a real AI key, SMTP) must not reach a test server.
      ENV_FILE: '',
      APP_URL: E2E_BASE_URL,
      DATA_DIR: path.join(E2E_DIR, 'data'),
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      LOG_LEVEL: 'info',
      // Every journey registers its own team from 127.0.0.1.
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
      LOGINS_PER_IP_PER_15_MINUTES: '1000',
      // …and every visitor of a public chat comes from 127.0.0.1 too (a full run opens ~30 conversations).
      PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR: '1000',
      PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES: '1000',
      SMTP_URL: sink.url,
      // Journeys register and go straight to the office, as a local user without SMTP does.
      REGISTRATION_VERIFY_EMAIL: 'false',
      // Due retries are picked up quickly (new mails are announced at once anyway).
      JOBS_POLL_SECONDS: '1',
      // Offline answers still stream word by word, at 5 ms a word instead of 25 (the answer-heavy
      // journeys: 138 → 119 s).
      AI_OFFLINE_WORD_DELAY_MS: '5',
      // The Insight journey sets up a real MCP server on 127.0.0.1 (tests/fixtures/mcp-server.ts).
      OUTBOUND_ALLOW_PRIVATE: 'true',
      DATABASE_URL: '',
      // Parallel runs (several developers' helpers) build the client into their own folder.
      CLIENT_DIR: process.env.CLIENT_DIR ?? '',
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 60_000;
  const giveUp = async (why: string) => {
    const log = fs.readFileSync(E2E_LOG, 'utf8').slice(-3000);
    child.kill('SIGKILL');
    await sink.close();
    if (!process.env.E2E_KEEP_DIR) fs.rmSync(E2E_DIR, { recursive: true, force: true });
    return new Error(`e2e server ${why}:\n${log}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw await giveUp('exited early');
    try {
      const res = await fetch(`${E2E_BASE_URL}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw await giveUp('did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`e2e server: ${E2E_BASE_URL}, folder ${E2E_DIR}`);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await sink.close();
    if (process.env.E2E_KEEP_DIR) console.log(`e2e folder kept: ${E2E_DIR}`);
    else fs.rmSync(E2E_DIR, { recursive: true, force: true });
  };
}
