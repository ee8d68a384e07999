import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { placeholderIn, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({ AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_API_KEY: 'k', AI_CHAT_MODEL: 'gpt-test' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const LONG_FILTER =
  'Anna Schmidt, Bernd Müller, Projekt Falke, Kundin Weber, Hausnummer Zwölf, Vertrag Sonnenschein, Geheimrezept Oma';

describe('filter settings', () => {
  it('lets admins read and save the team level and filter; others get 403', async () => {
    const { owner, employee } = await createStaffedTeam(t.database.db);
    const admin = await loginAs(t, owner);
    expect((await admin.get('/api/filter/main')).json()).toEqual({ filter: '', protection_level: 0 });
    const saved = await admin.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt, Müller', protectionLevel: 1 });
    expect(saved.json()).toEqual({ status: 'success', message: USER_MESSAGES.filterSaved });
    expect((await admin.get('/api/filter/main')).json()).toEqual({ filter: 'Anna Schmidt, Müller', protection_level: 1 });
    expect((await admin.get('/api/user/data')).json().protectionLevel).toBe(1);

    const staff = await loginAs(t, employee);
    expect((await staff.get('/api/filter/main')).status).toBe(403);
    const denied = await staff.post('/api/filter', { firstKey: 'main', filterString: '', protectionLevel: 0 });
    expect(denied.status).toBe(403);
    expect(denied.json().error).toBe(COMMON_MESSAGES.forbidden);
  });

  it('validates the list and the 100 characters at level Hoch, changing nothing on error', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const admin = await loginAs(t, owner);
    for (const bad of ['Anna;Bernd', 'ab, Müller', 'Anna  Schmidt', 'Anna Maria Schmidt', 'Müller,', 'Anna Sc']) {
      const res = await admin.post('/api/filter', { firstKey: 'main', filterString: bad, protectionLevel: 1 });
      expect(res.status, bad).toBe(422);
      expect(res.json().fields.filterString, bad).toEqual([USER_MESSAGES.filterEntries]);
    }
    const short = await admin.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt, Müller', protectionLevel: 2 });
    expect(short.json().error).toBe(USER_MESSAGES.filterMinLevel2);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row).toMatchObject({ protectionLevel: 0, filter: '' });
    expect((await admin.post('/api/filter', { firstKey: 'main', filterString: LONG_FILTER, protectionLevel: 2 })).status).toBe(200);
    expect((await admin.post('/api/filter', { firstKey: 'main', filterString: '', protectionLevel: 0 })).status).toBe(200);
  });

  it('per assistant: switch states by level, edit right needed, other teams 404', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const admin = await loginAs(t, owner);
    expect((await admin.get(`/api/filter/${a.uuid}`)).json()).toEqual({ filter: '', protection_level: 0, active: false });
    await admin.post('/api/filter', { firstKey: 'main', filterString: '', protectionLevel: 1 });
    expect((await admin.get(`/api/filter/${a.uuid}`)).json().active).toBe(true);
    const off = await admin.post('/api/filter', { firstKey: a.uuid, filterString: 'Kunde Meier', protectionLevel: 0 });
    expect(off.json().message).toBe(USER_MESSAGES.assistantFilterSaved);
    expect((await admin.get(`/api/filter/${a.uuid}`)).json()).toMatchObject({ filter: 'Kunde Meier', active: false });

    await admin.post('/api/filter', { firstKey: 'main', filterString: LONG_FILTER, protectionLevel: 2 });
    // Forced on at Hoch, and the assistant's own list needs 100 characters too.
    expect((await admin.get(`/api/filter/${a.uuid}`)).json().active).toBe(true);
    expect((await admin.post('/api/filter', { firstKey: a.uuid, filterString: 'Kunde Meier', protectionLevel: 0 })).json().error).toBe(
      USER_MESSAGES.filterMinLevel2,
    );

    const staff = await loginAs(t, employee);
    expect((await staff.get(`/api/filter/${a.uuid}`)).status).toBe(403);
    await grantRights(t.database.db, employee, a, { canEdit: true });
    expect((await staff.get(`/api/filter/${a.uuid}`)).status).toBe(200);
    const stranger = await loginAs(t, (await createStaffedTeam(t.database.db)).owner);
    expect((await stranger.get(`/api/filter/${a.uuid}`)).status).toBe(404);
    expect((await stranger.post('/api/filter', { firstKey: a.uuid, filterString: '', protectionLevel: 0 })).status).toBe(404);
  });
});

describe('the privacy promise', () => {
  it('never sends a listed term to the provider, while the user sees the real names (streamed and stored)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, {
      role: 'Du bist die Assistenz von Bernd Müller in der Buchhaltung unseres Hauses.',
      task: 'Du beantwortest Fragen zum Projekt Falke. Ansprechpartnerin ist Anna Schmidt. '.repeat(5),
      filter: 'Kundin Weber',
    });
    const agent = await loginAs(t, owner);
    await agent.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt, Bernd Müller, Projekt Falke', protectionLevel: 1 });
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const url = (message: string) =>
      `/api/send/stream?${new URLSearchParams({ assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token, message })}`;

    // The model refers to people by placeholder; the split across chunks must not leak brackets.
    const before = fake.requests.length;
    fake.reply({ text: (body) => `Ich leite das an ${placeholderIn(body, 1)} weiter, ${placeholderIn(body, 4)}s Anfrage zuerst.` });
    const first = parseSse((await agent.get(url('Bitte schreib Anna Schmidt wegen der Kundin Weber.'))).body);
    const streamed = first.events.filter((e) => e.type === 'text').map((e) => e.text).join('');
    expect(streamed).toBe('Ich leite das an Anna Schmidt weiter, Kundin Webers Anfrage zuerst.');
    expect(first.events.find((e) => e.type === 'complete').final_text).toBe(streamed);

    fake.reply({ text: (body) => `Erledigt für ${placeholderIn(body, 2)}.` });
    const second = parseSse((await agent.get(url('Und sag bernd müller Bescheid, es geht um Projekt Falke.'))).body);
    expect(second.events.find((e) => e.type === 'complete').final_text).toBe('Erledigt für Bernd Müller.');

    const sent = JSON.stringify(fake.requests.slice(before).map((r) => r.body));
    for (const term of ['Anna', 'Schmidt', 'Bernd', 'Müller', 'müller', 'Falke', 'Weber']) {
      expect(sent, term).not.toContain(term);
    }
    expect(sent).toMatch(/\[\[N1x[a-z0-9]{10}\]\]/);
    expect(sent).toMatch(/\[\[N4x[a-z0-9]{10}\]\]/);

    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(stored.map((m) => m.text)).toEqual([
      'Bitte schreib Anna Schmidt wegen der Kundin Weber.',
      'Ich leite das an Anna Schmidt weiter, Kundin Webers Anfrage zuerst.',
      'Und sag bernd müller Bescheid, es geht um Projekt Falke.',
      'Erledigt für Bernd Müller.',
    ]);
  });

  it('sends everything unchanged at level Niedrig with the switch off', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    await agent.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt', protectionLevel: 0 });
    const thread = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    fake.reply({ text: 'Ok.' });
    await agent.get(
      `/api/send/stream?${new URLSearchParams({ assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token, message: 'Grüße an Anna Schmidt' })}`,
    );
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('Anna Schmidt');
  });
});
