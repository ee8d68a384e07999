import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { startSmtpSink, type SmtpSink } from '../../../../tests/setup/smtp-sink.ts';
import { fakeProviderEnv, placeholderIn, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, createUser, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { EMAIL_FUNCTION, emailTool } from '../../ai/tools/email.ts';
import { contactFormTool } from '../../ai/tools/contact-form.ts';

// The Tools tab's calls (docs/product/knowledge-and-tools.md) and the e-mail tool end to end: a provider that calls
// the tool, the mail in a real SMTP server, and the guarantees around it.

let t: TestApp;
let fake: FakeOpenAI;
let sink: SmtpSink;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  sink = await startSmtpSink();
  t = await createTestApp(fakeProviderEnv(fake, { SMTP_URL: sink.url, JOBS_POLL_SECONDS: '0.5' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await sink?.close();
});

const CONTACTS = [
  { name: 'Anna Berger (Vertrieb)', email: 'anna.berger@example.com' },
  { name: 'Jonas Keller', email: 'jonas.keller@example.com' },
];

async function setup(opts: { isPublic?: boolean } = {}) {
  const staff = await createStaffedTeam(t.database.db);
  const a = await createAssistant(t.database.db, staff.team, { isPublic: opts.isPublic ?? false });
  const owner = await loginAs(t, staff.owner);
  return { ...staff, a, owner };
}

async function enableEmail(owner: Agent, uuid: string, contacts = CONTACTS) {
  expect((await owner.post(`/api/tool/email/${uuid}`, { properties: JSON.stringify(contacts) })).json()).toMatchObject({
    message: 'Eingaben gespeichert',
  });
  const toggled = await owner.post('/api/toggletool', { assistantUuid: uuid, toolUuid: emailTool.uuid, state: 1 });
  expect(toggled.json()).toMatchObject({ message: 'Einstellung gespeichert' });
}

async function waitForMails(count: number) {
  for (let i = 0; i < 100 && sink.mails.length < count; i++) await new Promise((r) => setTimeout(r, 100));
  return sink.mails;
}

describe('GET /api/tools and POST /api/toggletool', () => {
  it('lists every tool kind with the switch, and the switch is saved at once', async () => {
    const { a, owner } = await setup();
    const before = (await owner.get(`/api/tools/${a.uuid}`)).json();
    expect(before.map((x: { slug: string }) => x.slug)).toEqual(expect.arrayContaining(['form', 'email']));
    expect(before.every((x: { active: boolean }) => x.active === false)).toBe(true);
    expect(before.find((x: { slug: string }) => x.slug === 'email')).toMatchObject({ uuid: emailTool.uuid, name: 'E-Mail' });

    await owner.post('/api/toggletool', { assistantUuid: a.uuid, toolUuid: emailTool.uuid, state: true });
    const after = (await owner.get(`/api/tools/${a.uuid}`)).json();
    expect(after.find((x: { slug: string }) => x.slug === 'email').active).toBe(true);
    await owner.post('/api/toggletool', { assistantUuid: a.uuid, toolUuid: emailTool.uuid, state: 0 });
    expect((await owner.get(`/api/tools/${a.uuid}`)).json().find((x: { slug: string }) => x.slug === 'email').active).toBe(false);
  });

  it('an unknown tool answers 404; an image assistant has no tools; the form switch of /api/assets/formsettting is the same switch', async () => {
    const { team, a, owner } = await setup();
    const unknown = await owner.post('/api/toggletool', { assistantUuid: a.uuid, toolUuid: '00000000-0000-4000-8000-00000000beef', state: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.json().error).toBe('Dieses Tool wurde nicht gefunden.');

    const image = await createAssistant(t.database.db, team, { type: 'image' });
    const refused = await owner.post('/api/toggletool', { assistantUuid: image.uuid, toolUuid: emailTool.uuid, state: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json().error).toBe('Bilder-Mikas haben keine Tools.');

    const viaAssets = await owner.post('/api/assets/formsettting', { assistant: { uuid: a.uuid, provides_form: 1 } });
    expect(viaAssets.json()).toMatchObject({ message: 'Einstellung gespeichert' });
    expect((await owner.get(`/api/tool/form/${a.uuid}`)).json().active).toBe(true);
    expect((await owner.get(`/api/tools/${a.uuid}`)).json().find((x: { uuid: string }) => x.uuid === contactFormTool.uuid).active).toBe(true);
    // The assistant's provides_form follows the same switch.
    expect((await owner.get(`/api/assistantdata/${a.uuid}`)).json().provides_form).toBe(1);
    await owner.post('/api/toggletool', { assistantUuid: a.uuid, toolUuid: contactFormTool.uuid, state: 0 });
    expect((await owner.get(`/api/tool/form/${a.uuid}`)).json().active).toBe(false);
  });

  it('another team, or a user without the edit right, changes nothing', async () => {
    const { a, owner, team } = await setup();
    const other = await setup();
    for (const [method, url, body] of [
      ['GET', `/api/tools/${a.uuid}`, undefined],
      ['POST', '/api/toggletool', { assistantUuid: a.uuid, toolUuid: emailTool.uuid, state: 1 }],
      ['GET', `/api/tool/email/${a.uuid}`, undefined],
      ['POST', `/api/tool/email/${a.uuid}`, { properties: JSON.stringify([{ name: 'Mallory Evil', email: 'mallory@evil.example' }]) }],
      ['POST', '/api/assets/formsettting', { assistant: { uuid: a.uuid, provides_form: 1 } }],
    ] as const) {
      expect((await other.owner.request(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    const user = await createUser(t.database.db, team);
    await grantRights(t.database.db, user, a, { canUse: true, canEdit: false });
    const employee = await loginAs(t, user);
    expect((await employee.post(`/api/tool/email/${a.uuid}`, { properties: '[]' })).status).toBe(403);
    const state = (await owner.get(`/api/tool/email/${a.uuid}`)).json();
    expect(state).toEqual({ active: false, properties: [] });
  });
});

describe('e-mail contacts (POST /api/tool/email/{assistantUuid}, properties as a JSON string)', () => {
  it('saves the list and answers with the spec messages for a short name, a bad address, bad JSON', async () => {
    const { a, owner } = await setup();
    await enableEmail(owner, a.uuid);
    expect((await owner.get(`/api/tool/email/${a.uuid}`)).json()).toEqual({ active: true, properties: CONTACTS });

    const short = await owner.post(`/api/tool/email/${a.uuid}`, { properties: JSON.stringify([{ name: 'Anna', email: 'anna@example.com' }]) });
    expect(short.status).toBe(422);
    expect(short.json().error).toBe('Der Name muss mindestens 5 Zeichen lang sein');
    expect(short.json().fields['properties.0.name']).toEqual(['Der Name muss mindestens 5 Zeichen lang sein']);

    const bad = await owner.post(`/api/tool/email/${a.uuid}`, {
      properties: JSON.stringify([CONTACTS[0], { name: 'Jonas Keller', email: 'jonas@' }]),
    });
    expect(bad.status).toBe(422);
    expect(bad.json().fields['properties.1.email']).toEqual(['E-Mail muss gültig sein']);

    const empty = await owner.post(`/api/tool/email/${a.uuid}`, { properties: JSON.stringify([{ name: 'Jonas Keller', email: '' }]) });
    expect(empty.json().fields['properties.0.email']).toEqual(['E-Mail ist erforderlich']);

    const notJson = await owner.post(`/api/tool/email/${a.uuid}`, { properties: '[{name:' });
    expect(notJson.status).toBe(422);
    expect(notJson.json().error).toBe('Die Kontaktliste ist ungültig.');

    const twice = await owner.post(`/api/tool/email/${a.uuid}`, { properties: JSON.stringify([CONTACTS[1], CONTACTS[1]]) });
    expect(twice.json().error).toBe('Die Adresse jonas.keller@example.com steht schon in der Liste.');
    // Nothing of the refused saves changed the stored list.
    expect((await owner.get(`/api/tool/email/${a.uuid}`)).json().properties).toEqual(CONTACTS);
  });
});

describe('the e-mail tool in a conversation', () => {
  it('the model mails a listed contact: the mail arrives via SMTP and the answer says so', async () => {
    const { a, owner } = await setup();
    await enableEmail(owner, a.uuid);
    const thread = await openThread(owner, a.uuid);
    const mailsBefore = sink.mails.length;
    fake.queue(
      {
        toolCalls: (body) => {
          // The model is offered the tool with the contacts in its description.
          const offered = body.tools.find((x: { function: { name: string } }) => x.function.name === EMAIL_FUNCTION);
          expect(offered.function.description).toContain('anna.berger@example.com');
          return [{ name: EMAIL_FUNCTION, arguments: JSON.stringify({ empfaenger: 'Frau Berger', betreff: 'Angebot Firma Schulz', text: 'Hallo Anna,\n\ndas Angebot ist fertig.' }) }];
        },
      },
      { text: (body) => `Erledigt: ${JSON.stringify(body.messages.at(-1).content)}` },
    );
    const { complete } = await askInThread(owner, a.uuid, thread, 'Schick das Angebot bitte an Frau Berger aus dem Vertrieb.');
    expect(complete.final_text).toContain('E-Mail an Anna Berger (Vertrieb) wurde versendet.');
    const mails = await waitForMails(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('anna.berger@example.com');
    expect(mail.body).toContain('Subject: Angebot Firma Schulz');
    expect(mail.text).toContain('das Angebot ist fertig.');
  });

  it('an address that is not in the list is refused: nothing is sent, the model hears why', async () => {
    const { a, owner } = await setup({ isPublic: true });
    await enableEmail(owner, a.uuid);
    const visitor = new Agent(t.app, '192.0.2.77');
    const thread = await openThread(visitor, a.uuid, { public: true });
    for (const target of ['attacker@evil.example', 'Berger <attacker@evil.example>', 'Anna Berger, attacker@evil.example', 'Frau Keller-Berger', 'Max Mustermann']) {
      fake.queue(
        { toolCalls: [{ name: EMAIL_FUNCTION, arguments: JSON.stringify({ empfaenger: target, betreff: 'Hallo', text: 'Spam' }) }] },
        { text: (body) => `Antwort: ${JSON.stringify(body.messages.at(-1).content)}` },
      );
      const { complete } = await askInThread(visitor, a.uuid, thread, `Schick eine Mail an ${target}`);
      expect(complete.final_text).toContain('Diese Person steht nicht in der Kontaktliste.');
    }
    // The tool writes a mail to the outbox before it answers the model, and only outbox rows are
    // ever delivered: none of this team's means nothing was or will be sent.
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.teamId, a.teamId!))).toEqual([]);
  });

  it('a switched-off tool or an empty list is never offered to the model', async () => {
    const { a, owner } = await setup();
    await owner.post(`/api/tool/email/${a.uuid}`, { properties: JSON.stringify(CONTACTS) });
    const thread = await openThread(owner, a.uuid);
    fake.reply({ text: 'Ok.' });
    await askInThread(owner, a.uuid, thread, 'Schick das an Frau Berger.');
    expect(JSON.stringify(fake.requests.at(-1)!.body.tools ?? [])).not.toContain(EMAIL_FUNCTION);

    await owner.post(`/api/tool/email/${a.uuid}`, { properties: '[]' });
    await owner.post('/api/toggletool', { assistantUuid: a.uuid, toolUuid: emailTool.uuid, state: 1 });
    await askInThread(owner, a.uuid, thread, 'Schick das an Frau Berger.');
    expect(JSON.stringify(fake.requests.at(-1)!.body.tools ?? [])).not.toContain(EMAIL_FUNCTION);
  });

  it('a protected contact name reaches the provider only as a placeholder, the mail has the real name', async () => {
    const { a, owner } = await setup();
    await enableEmail(owner, a.uuid);
    await owner.post('/api/filter', { firstKey: 'main', filterString: 'Jonas Keller', protectionLevel: 1 });
    const thread = await openThread(owner, a.uuid);
    const mailsBefore = sink.mails.length;
    fake.queue(
      {
        toolCalls: (body) => [
          { name: EMAIL_FUNCTION, arguments: JSON.stringify({ empfaenger: placeholderIn(body, 1), betreff: 'Termin', text: `Hallo ${placeholderIn(body, 1)}, bis morgen.` }) },
        ],
      },
      { text: 'Gesendet.' },
    );
    const before = fake.requests.length;
    await askInThread(owner, a.uuid, thread, 'Schreib Jonas Keller, dass wir uns morgen sehen.');
    expect(JSON.stringify(fake.requests.slice(before).map((r) => r.body))).not.toContain('Keller');
    const mail = (await waitForMails(mailsBefore + 1)).at(-1)!;
    expect(mail.to).toBe('jonas.keller@example.com');
    expect(mail.text).toContain('Hallo Jonas Keller, bis morgen.');
  });
});
