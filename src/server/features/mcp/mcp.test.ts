import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import {
  fakeProviderEnv,
  placeholderIn,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../../../../tests/fixtures/fake-openai.ts';
import { startFakeMcpServer, type FakeMcpServer } from '../../../../tests/fixtures/mcp-server.ts';
import {
  createAssistant,
  createStaffedTeam,
  createTeam,
  createUser,
  loginAs,
} from '../../../../tests/factories/index.ts';
import { mcpCalls, mcpServers } from '../../db/schema/index.ts';
import { modelToolName } from './mcp.client.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';

// External tools (MCP): support sets a server up for a team, an admin switches it on for an
// assistant, the model calls its tool and the result flows into the answer — against a real MCP
// server (the protocol's reference SDK) on 127.0.0.1 and a provider speaking OpenAI's protocol.

let t: TestApp;
let fake: FakeOpenAI;
let mcp: FakeMcpServer;
let support: Agent;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  mcp = await startFakeMcpServer({ slowMs: 10_000 });
  // Local servers are allowed here through the documented development switch. The limit leaves a
  // loaded machine time for a quick call; the slow tool takes far longer.
  t = await createTestApp(
    fakeProviderEnv(fake, { OUTBOUND_ALLOW_PRIVATE: 'true', MCP_TIMEOUT_SECONDS: '3' }),
  );
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency' });
  support = await loginAs(
    t,
    await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' }),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await mcp?.close();
});

async function teamWithServer(opts: { url?: string } = {}) {
  const staff = await createStaffedTeam(t.database.db);
  const a = await createAssistant(t.database.db, staff.team, { isPublic: true });
  const owner = await loginAs(t, staff.owner);
  const created = await support.post('/api/insight/mcp', {
    teamUuid: staff.team.uuid,
    name: 'CRM',
    url: opts.url ?? mcp.url,
    description: '<p>Unser <b>CRM</b></p><img src=x onerror=alert(1)>',
    headers: [{ name: 'Authorization', value: 'Bearer geheim-123' }],
  });
  expect(created.status, created.body).toBe(200);
  return { ...staff, a, owner, mcpId: created.json().id as number };
}

describe('support sets up an MCP server for a team', () => {
  it('stores it with its tool list; header values are never sent back and are encrypted at rest', async () => {
    const { team, mcpId } = await teamWithServer();
    const list = (await support.get(`/api/insight/mcp/${team.uuid}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: mcpId,
      name: 'CRM',
      url: mcp.url,
      headers: ['Authorization'],
      error: null,
    });
    expect(list[0].tools.map((x: { name: string }) => x.name).sort()).toEqual(['kundenstatus', 'langsam']);
    expect(JSON.stringify(list)).not.toContain('geheim-123');
    const [row] = await t.database.db.select().from(mcpServers).where(eq(mcpServers.id, mcpId));
    expect(row!.headersSecret).toBeTruthy();
    expect(row!.headersSecret).not.toContain('geheim');
    // The server received the header when the list was fetched.
    expect(mcp.requests.some((r) => r.headers.authorization === 'Bearer geheim-123')).toBe(true);

    // Updating without a value keeps the secret; a new value replaces it.
    await support.put('/api/insight/mcp', {
      teamUuid: team.uuid,
      mcpId,
      name: 'CRM neu',
      url: mcp.url,
      headers: [{ name: 'Authorization' }],
    });
    const before = mcp.requests.length;
    await support.put('/api/insight/mcp', {
      teamUuid: team.uuid,
      mcpId,
      name: 'CRM neu',
      url: mcp.url,
      headers: [{ name: 'Authorization' }],
    });
    expect(mcp.requests.slice(before).some((r) => r.headers.authorization === 'Bearer geheim-123')).toBe(
      true,
    );
    await support.put('/api/insight/mcp', {
      teamUuid: team.uuid,
      mcpId,
      name: 'CRM neu',
      url: mcp.url,
      headers: [{ name: 'Authorization', value: 'Bearer neu-456' }],
    });
    expect(mcp.requests.at(-1)!.headers.authorization).toBe('Bearer neu-456');

    const teams = (await support.get(`/api/insight/mcpteams?search=${encodeURIComponent(team.name)}`)).json();
    expect(teams).toEqual([{ uuid: team.uuid, name: team.name }]);
  });

  it('only superadmins reach the set-up; an unknown team or server is 404', async () => {
    const { team, owner, mcpId } = await teamWithServer();
    expect((await owner.get(`/api/insight/mcp/${team.uuid}`)).status).toBe(403);
    expect(
      (await owner.post('/api/insight/mcp', { teamUuid: team.uuid, name: 'X-Server', url: mcp.url })).status,
    ).toBe(403);
    expect((await support.get('/api/insight/mcp/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const other = await createStaffedTeam(t.database.db);
    // A server id of team A addressed under team B is not found.
    expect((await support.delete('/api/insight/mcp', { teamUuid: other.team.uuid, mcpId })).status).toBe(404);
    expect((await support.delete('/api/insight/mcp', { teamUuid: team.uuid, mcpId })).json().message).toBe(
      'Externes Tool gelöscht',
    );
  });
});

describe('an admin switches the external tool on for an assistant', () => {
  it('lists the team’s servers with their tools (description as plain text), refreshes with flag 1, toggles', async () => {
    const { a, owner, mcpId } = await teamWithServer();
    const list = (await owner.get(`/api/mcps/${a.uuid}/0`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: mcpId, name: 'CRM', active: false, error: null });
    expect(list[0].description).toBe('Unser CRM');
    const status = list[0].tools.find((x: { name: string }) => x.name === 'kundenstatus');
    expect(status.description).toBe('Liefert den Status eines Kunden aus dem CRM. alert(1)');
    expect(JSON.stringify(list)).not.toMatch(/<|geheim/);

    const before = mcp.requests.length;
    await owner.get(`/api/mcps/${a.uuid}/0`);
    expect(mcp.requests.length).toBe(before);
    await owner.get(`/api/mcps/${a.uuid}/1`);
    expect(mcp.requests.length).toBeGreaterThan(before);

    expect(
      (await owner.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: 1 })).json().message,
    ).toBe('Einstellung gespeichert');
    expect((await owner.get(`/api/mcps/${a.uuid}/0`)).json()[0].active).toBe(true);
  });

  it('another team sees none of it and cannot switch it', async () => {
    const { a, mcpId } = await teamWithServer();
    const other = await teamWithServer();
    expect((await other.owner.get(`/api/mcps/${a.uuid}/0`)).status).toBe(404);
    expect(
      (await other.owner.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: 1 })).status,
    ).toBe(404);
    // Its own assistant with team A's server id: not found either.
    expect(
      (await other.owner.post('/api/togglemcp', { assistantUuid: other.a.uuid, mcpId, state: 1 })).status,
    ).toBe(404);
    const theirs = (await other.owner.get(`/api/mcps/${other.a.uuid}/0`)).json();
    expect(theirs.map((x: { id: number }) => x.id)).toEqual([other.mcpId]);
  });
});

describe('the model calls an external tool', () => {
  it('the tool is offered, called with the arguments, and its result reaches the answer; the call is logged', async () => {
    const { team, a, owner, mcpId } = await teamWithServer();
    await owner.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: 1 });
    const name = modelToolName(mcpId, 'kundenstatus');
    fake.queue(
      {
        toolCalls: (body) => {
          expect(body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain(name);
          return [{ name, arguments: JSON.stringify({ kundennummer: '4711' }) }];
        },
      },
      { text: (body) => `Laut CRM: ${body.messages.at(-1).content}` },
    );
    const thread = await openThread(owner, a.uuid);
    const { complete } = await askInThread(owner, a.uuid, thread, 'Wie ist der Status von Kunde 4711?');
    expect(complete.final_text).toContain('Status aktiv, offene Rechnung 120 Euro.');
    expect(mcp.calls.at(-1)).toMatchObject({ tool: 'kundenstatus', args: { kundennummer: '4711' } });
    expect(mcp.calls.at(-1)!.headers.authorization).toBe('Bearer geheim-123');
    const log = await t.database.db.select().from(mcpCalls).where(eq(mcpCalls.teamId, team.id));
    expect(
      log.some((l) => l.toolName === 'kundenstatus' && l.outcome === 'ok' && l.assistantId === a.id),
    ).toBe(true);
    const admin = (await support.get(`/api/insight/mcp/${team.uuid}`)).json()[0];
    expect(admin.calls_24h).toBeGreaterThanOrEqual(2);
  });

  it('a switched-off server is not offered; a slow tool times out and the model hears a German reason', async () => {
    const { team, a, owner, mcpId } = await teamWithServer();
    const thread = await openThread(owner, a.uuid);
    fake.reply({ text: 'Ok.' });
    await askInThread(owner, a.uuid, thread, 'Hallo');
    expect(JSON.stringify(fake.requests.at(-1)!.body.tools ?? [])).not.toContain(`mcp${mcpId}_`);

    await owner.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: true });
    fake.queue(
      { toolCalls: [{ name: modelToolName(mcpId, 'langsam'), arguments: '{}' }] },
      { text: (body) => `Tool: ${body.messages.at(-1).content}` },
    );
    // The tool takes 10 s and the limit is 3 s: the model hears the timeout, never the tool's late answer.
    const { complete } = await askInThread(owner, a.uuid, thread, 'Mach das Langsame');
    expect(complete.final_text).toContain('Das externe Tool hat nicht rechtzeitig geantwortet.');
    expect(complete.final_text).not.toContain('endlich');
    const log = await t.database.db.select().from(mcpCalls).where(eq(mcpCalls.teamId, team.id));
    expect(log.some((l) => l.toolName === 'langsam' && l.outcome === 'timeout')).toBe(true);
  });

  it('a filtered term in the tool result reaches the provider only as a placeholder', async () => {
    const { a, owner, mcpId } = await teamWithServer();
    await owner.post('/api/filter', { firstKey: 'main', filterString: 'Müller GmbH', protectionLevel: 1 });
    await owner.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: 1 });
    fake.queue(
      {
        toolCalls: [
          { name: modelToolName(mcpId, 'kundenstatus'), arguments: JSON.stringify({ kundennummer: '4711' }) },
        ],
      },
      { text: (body) => `Kunde: ${placeholderIn(body, 1)}` },
    );
    const before = fake.requests.length;
    const thread = await openThread(owner, a.uuid);
    const { complete } = await askInThread(owner, a.uuid, thread, 'Wer ist Kunde 4711?');
    expect(JSON.stringify(fake.requests.slice(before).map((r) => r.body))).not.toContain('Müller');
    expect(complete.final_text).toBe('Kunde: Müller GmbH');
  });
});

describe('outbound rules (docs/tools.md#externe-tools-mcp)', () => {
  it('without the development switch, loopback, private and plain-http URLs are refused with a German message', async () => {
    const strict = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
    try {
      const operatorTeam = await createTeam(strict.database.db, { plan: 'agency' });
      const op = await loginAs(
        strict,
        await createUser(strict.database.db, operatorTeam, {
          isSuperadmin: true,
          isAdmin: true,
          role: 'owner',
        }),
      );
      const target = await createTeam(strict.database.db);
      for (const [url, message] of [
        [mcp.url, 'Externe Tools müssen über https erreichbar sein.'],
        [
          'https://127.0.0.1/mcp',
          'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
        ],
        [
          'https://localhost:8443/mcp',
          'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
        ],
        [
          'https://[::ffff:10.0.0.1]/mcp',
          'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
        ],
        [
          'https://169.254.169.254/latest',
          'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
        ],
      ]) {
        const res = await op.post('/api/insight/mcp', { teamUuid: target.uuid, name: 'Intern', url });
        expect(res.status, url).toBe(422);
        expect(res.json().error, url).toBe(message);
      }
      expect(await strict.database.db.select().from(mcpServers)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('a redirect is not followed: the list fails with a German reason, the target is never asked', async () => {
    const { a, owner } = await teamWithServer({ url: `${mcp.base}/redirect` });
    const list = (await owner.get(`/api/mcps/${a.uuid}/1`)).json();
    expect(list[0].tools).toEqual([]);
    expect(list[0].error).toBe(
      'Der Server des externen Tools leitet weiter; Weiterleitungen werden aus Sicherheitsgründen nicht verfolgt.',
    );
  });
});
