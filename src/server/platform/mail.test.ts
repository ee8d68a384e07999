import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { buildTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../../../tests/setup/test-app.ts';
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp-sink.ts';
import { TEST_SELLER_ENV } from '../../../tests/setup/seller-env.ts';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let app: TestApp | undefined;
let stored: TestDatabase | undefined;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await app?.app.close();
  await stored?.drop();
  await sink?.close();
  app = stored = sink = undefined;
});

const outboxRow = async (db: TestApp['database']['db'], id: number) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail delivery on the job engine', () => {
  it('delivers a mail once the SMTP server is back, across a restart of the app', async () => {
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' };
    stored = await openTestDatabase({ persistent: true });
    app = await buildTestApp(stored.database, env);

    const sent = await app.deps.mailer.send({ to: 'kunde@beispiel.de', subject: 'Ihre Anfrage', text: 'Hallo Frau Müller,\n\ndanke!' });
    expect(sent.status).toBe('queued');
    // The server is down: the first attempt fails, is recorded, and the mail waits for its retry.
    await expect.poll(async () => (await outboxRow(app!.database.db, sent.id)).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await outboxRow(app.database.db, sent.id)).toMatchObject({ status: 'queued', error: expect.stringMatching(/ECONNREFUSED/) });

    // Restart: the first process goes away, the server comes back, a new process opens the same database.
    await app.app.close();
    app = undefined;
    const reopened = await stored.reopen();
    sink = await startSmtpSink({ port });
    app = await buildTestApp(reopened, env);

    await expect.poll(async () => (await outboxRow(reopened.db, sent.id)).status, { timeout: 20_000 }).toBe('sent');
    const row = await outboxRow(reopened.db, sent.id);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(row.error).toBeNull();
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({ to: 'kunde@beispiel.de', text: 'Hallo Frau Müller,\n\ndanke!' });
  });

  it('keeps mails in the outbox without SMTP', async () => {
    stored = await openTestDatabase();
    app = await buildTestApp(stored.database, {});
    const sent = await app.deps.mailer.send({ to: 'kunde@beispiel.de', subject: 'Betreff', text: 'Text' });
    expect(sent.status).toBe('stored');
    expect(await outboxRow(app.database.db, sent.id)).toMatchObject({ status: 'stored', attempts: 0 });
  });

  it('prints outbox mails (reset links, chat histories) to the log only in development', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mail.logOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', LOG_OUTBOX_MAILS: 'false' }).mail.logOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:25' }).mail.logOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...TEST_SELLER_ENV }).mail.logOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOG_OUTBOX_MAILS: 'true', ...TEST_SELLER_ENV }).mail.logOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).mail.logOutbox).toBe(false);
  });

  it('enqueues the delivery inside the caller’s transaction: a rollback leaves neither mail nor job', async () => {
    sink = await startSmtpSink();
    stored = await openTestDatabase();
    app = await buildTestApp(stored.database, { SMTP_URL: sink.url });
    const db = app.database.db;
    await expect(
      db.transaction(async (tx) => {
        await app!.deps.mailer.send({ to: 'weg@beispiel.de', subject: 'Nie', text: 'Nie versendet' }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const committed = await db.transaction((tx) => app!.deps.mailer.send({ to: 'da@beispiel.de', subject: 'Ja', text: 'Versendet' }, { tx }));
    await expect.poll(async () => (await outboxRow(db, committed.id)).status).toBe('sent');
    expect(sink.mails.map((m) => m.to)).toEqual(['da@beispiel.de']);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'weg@beispiel.de'))).toHaveLength(0);
  });
});
