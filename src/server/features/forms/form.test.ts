import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { formSubmissions, mailOutbox, messages } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';

let t: TestApp;
let smtp: SMTPServer;
const mails: { to: string; body: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let body = '';
      stream.on('data', (c: Buffer) => (body += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: body.replace(/=\r?\n/g, '') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  smtp?.close();
});

const settings = {
  active: true,
  firstname: true,
  lastname: true,
  company: true,
  email: true,
  phone: false,
  notes: true,
  send_to: 'vertrieb@firma.de, chefin@firma.de',
  send_to_user: false,
};

describe('form tool settings', () => {
  it('saves valid settings and refuses invalid recipients with the spec messages', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const admin = await loginAs(t, owner);
    expect((await admin.get(`/api/tool/form/${a.uuid}`)).json()).toMatchObject({ active: false, email: true, send_to_user: true });

    const none = await admin.post(`/api/tool/form/${a.uuid}`, { form: { ...settings, send_to: '', send_to_user: false } });
    expect(none.status).toBe(422);
    expect(none.json()).toEqual({ error: PUBLIC_CHAT_MESSAGES.formInvalid, fields: { 'form.send_to': [PUBLIC_CHAT_MESSAGES.sendToRequired] } });
    const bad = await admin.post(`/api/tool/form/${a.uuid}`, { form: { ...settings, send_to: 'ok@firma.de, kaputt, auch@kaputt' } });
    expect(bad.json().fields['form.send_to']).toEqual([PUBLIC_CHAT_MESSAGES.sendToInvalid(['kaputt', 'auch@kaputt'])]);
    // Empty recipients are fine when the user gets the mail.
    expect((await admin.post(`/api/tool/form/${a.uuid}`, { form: { ...settings, send_to: '', send_to_user: true } })).status).toBe(200);

    const saved = await admin.post(`/api/tool/form/${a.uuid}`, { form: settings });
    expect(saved.json()).toEqual({ status: 'success', message: PUBLIC_CHAT_MESSAGES.formSaved });
    expect((await admin.get(`/api/tool/form/${a.uuid}`)).json()).toEqual(settings);

    expect((await (await loginAs(t, employee)).get(`/api/tool/form/${a.uuid}`)).status).toBe(403);
    await grantRights(t.database.db, employee, a, { canEdit: true });
    expect((await (await loginAs(t, employee)).get(`/api/tool/form/${a.uuid}`)).status).toBe(200);
    const stranger = await loginAs(t, (await createStaffedTeam(t.database.db)).owner);
    expect((await stranger.post(`/api/tool/form/${a.uuid}`, { form: settings })).status).toBe(404);
  });
});

describe('contact form in the chat', () => {
  it('is offered when a visitor asks for contact, validated, stored and mailed with the chat history', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, {
      isPublic: true,
      name: 'Mika Empfang',
      form: { active: true, settings: { ...settings, send_to: 'vertrieb@firma.de', send_to_user: true } },
      ownerEmail: 'inhaberin@firma.de',
    });
    const visitor = new Agent(t.app, '192.0.2.200');
    expect((await visitor.get(`/api/forminfo/${a.uuid}`)).json()).toEqual({
      firstname: true,
      lastname: true,
      company: true,
      email: true,
      phone: false,
      notes: true,
    });
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const q = new URLSearchParams({ assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token, message: 'Könnt Ihr mich bitte zurückrufen?' });
    const { events } = parseSse((await visitor.get(`/api/send/stream?${q}`)).body);
    const form = events.find((e) => e.type === 'form');
    expect(form).toBeTruthy();
    const history = (await visitor.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages;
    expect(history.map((m: any) => m.type)).toEqual(['txt', 'txt', 'form']);
    expect(history[2].id).toBe(form.message_id);

    const base = { assistantUuid: a.uuid, threadId: thread.id, token: thread.token };
    const invalid = await visitor.post('/api/send/form', { ...base, firstname: 'Al', lastname: 'Muster', company: 'Firma GmbH', email: 'kaputt' });
    expect(invalid.status).toBe(422);
    expect(invalid.json().fields).toEqual({ firstname: ['Vorname muss mindestens 3 Zeichen lang sein'], email: [COMMON_MESSAGES.emailInvalid] });
    expect(await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.assistantId, a.id))).toHaveLength(0);

    const ok = await visitor.post('/api/send/form', {
      ...base,
      firstname: 'Petra',
      lastname: 'Besucherin',
      company: 'Beispiel AG',
      email: 'petra@beispiel.de',
      phone: '0170 123',
      notes: 'Bitte nachmittags.',
    });
    expect(ok.json()).toEqual({ status: 'success', message: 'Angaben gesendet' });
    const [stored] = await t.database.db.select().from(formSubmissions).where(eq(formSubmissions.assistantId, a.id));
    // Phone is not part of this form, so it is not kept.
    expect(stored!.data).toEqual({ firstname: 'Petra', lastname: 'Besucherin', company: 'Beispiel AG', email: 'petra@beispiel.de', notes: 'Bitte nachmittags.' });
    expect(stored!.recipients).toBe('vertrieb@firma.de, inhaberin@firma.de');

    await expect.poll(() => mails.find((m) => m.to.includes('vertrieb@firma.de'))).toBeTruthy();
    const mail = mails.find((m) => m.to.includes('vertrieb@firma.de'))!;
    expect(mail.to).toContain('inhaberin@firma.de');
    expect(mail.body).toContain('Petra');
    expect(mail.body).toContain('petra@beispiel.de');
    expect(mail.body).toMatch(/Besucher:.*zur(ü|=C3=BC)ckrufen/);

    const [formMessage] = await t.database.db.select().from(messages).where(eq(messages.id, form.message_id));
    expect(formMessage).toMatchObject({ status: 'submitted', text: PUBLIC_CHAT_MESSAGES.formSent });
  });

  it('keeps the submission when mail delivery fails', async () => {
    // No retries: the first failed attempt is final (retries are covered in platform/mail.test.ts).
    const broken = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_RETRY_LIMIT: '0' });
    try {
      const { team } = await createStaffedTeam(broken.database.db);
      const a = await createAssistant(broken.database.db, team, { isPublic: true, form: { active: true, settings } });
      const visitor = new Agent(broken.app);
      const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
      const res = await visitor.post('/api/send/form', {
        assistantUuid: a.uuid,
        threadId: thread.id,
        token: thread.token,
        firstname: 'Petra',
        lastname: 'Besucherin',
        company: 'Beispiel AG',
        email: 'petra@beispiel.de',
      });
      expect(res.status).toBe(200);
      expect(await broken.database.db.select().from(formSubmissions)).toHaveLength(1);
      const outbox = async () =>
        (await broken.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'vertrieb@firma.de, chefin@firma.de')))[0];
      await expect.poll(async () => (await outbox())?.status).toBe('failed');
      expect(await outbox()).toMatchObject({ attempts: 1, error: expect.stringMatching(/ECONNREFUSED/) });
    } finally {
      await broken.close();
    }
  });

  it('refuses the form for assistants that do not offer one, and for strangers', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '192.0.2.201');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const res = await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: thread.id, token: thread.token, firstname: 'Petra' });
    expect(res.json().error).toBe(PUBLIC_CHAT_MESSAGES.formNotOffered);
    expect((await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: thread.id, token: 'falsch' })).status).toBe(404);
    const privateOne = await createAssistant(t.database.db, team);
    expect((await visitor.get(`/api/forminfo/${privateOne.uuid}`)).status).toBe(404);
  });
});
