// Regression tests for issue 25 (security, third round), findings 3, 4 and 5: count limits under
// parallel requests, the shared text rules for multipart names and fields, bounded images.
// (Finding 1, the live login, is proven over every route in src/server/access-matrix.test.ts.)
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, loginAs } from '../../tests/factories/index.ts';
import { multipartBody, pngHeaderOnly } from '../../tests/fixtures/media.ts';
import { startFakeMcpServer, type FakeMcpServer } from '../../tests/fixtures/mcp-server.ts';
import type { Agent, AgentResponse } from '../../tests/setup/agent.ts';
import { apiKeys, assetFiles, assistantTools, knowledgeFiles, mcpServers, styleImages } from './db/schema/index.ts';
import { ASSET_MAX_FILES, KNOWLEDGE_MAX_FILES, STYLE_IMAGES_REQUIRED } from '../shared/constants.ts';
import { API_KEYS_MAX } from '../shared/schemas/api-keys.ts';
import { EMAIL_CONTACTS_MAX } from '../shared/schemas/tools.ts';
import { COMMON_MESSAGES, KNOWLEDGE_MESSAGES, ASSET_MESSAGES, TOOL_MESSAGES } from '../shared/messages.ts';
import { ASSET_IMAGE_MAX_EDGE } from './features/assets/asset.service.ts';
import { MCP_SERVERS_MAX } from './features/mcp/mcp.service.ts';

let t: TestApp;
let mcp: FakeMcpServer;
beforeAll(async () => {
  mcp = await startFakeMcpServer();
  // Local servers are allowed here through the documented development switch.
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', MCP_TIMEOUT_SECONDS: '1' });
});
afterAll(async () => {
  await t?.close();
  await mcp?.close();
});

const PARALLEL = 10;

async function storedFiles(): Promise<number> {
  const entries = await fs.readdir(t.config.dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.parentPath.includes('pglite')).length;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
}

function upload(agent: Agent, url: string, fields: Record<string, string>, file: { name: string; data: Buffer }): Promise<AgentResponse> {
  const { payload, contentType } = multipartBody(fields, { field: 'file', ...file });
  return agent.request('POST', url, payload, { headers: { 'content-type': contentType } });
}

async function staffedAgency() {
  const staff = await createStaffedTeam(t.database.db, { plan: 'agency' });
  const owner = await loginAs(t, staff.owner);
  await owner.csrf();
  return { ...staff, agent: owner };
}

const statuses = (results: AgentResponse[]) => results.map((r) => r.status).sort();

describe('finding 3: every count limit holds under parallel requests', () => {
  it('asset files: 10 uploads at 98 leave exactly 100', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    await t.database.db.insert(assetFiles).values(
      Array.from({ length: ASSET_MAX_FILES - 2 }, (_, i) => ({
        teamId: team.id,
        assistantId: a.id,
        name: `alt-${i}.pdf`,
        description: 'Eine ältere Datei für den Test',
        extension: 'pdf',
        sizeBytes: 1,
        storedName: `alt-${i}.pdf`,
      })),
    );
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name: `plan-${i}.pdf`, data: pdf }),
      ),
    );
    const [row] = await t.database.db.select({ n: count() }).from(assetFiles).where(eq(assetFiles.assistantId, a.id));
    expect(row!.n).toBe(ASSET_MAX_FILES);
    expect(statuses(results)).toEqual([200, 200, ...Array(PARALLEL - 2).fill(422)]);
    expect(results.find((r) => r.status === 422)!.json().error).toBe(ASSET_MESSAGES.tooManyFiles(ASSET_MAX_FILES));
  });

  it('knowledge files: 10 uploads at 98 leave exactly 100', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    await t.database.db.insert(knowledgeFiles).values(
      Array.from({ length: KNOWLEDGE_MAX_FILES - 2 }, (_, i) => ({
        teamId: team.id,
        assistantId: a.id,
        name: `alt-${i}.txt`,
        extension: 'txt',
        sizeBytes: 1,
        storedName: `alt-${i}.bin`,
        status: 'ready',
      })),
    );
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        upload(agent, '/api/knowledge', { assistantUuid: a.uuid, dataProtection: '0' }, { name: `zeiten-${i}.txt`, data: Buffer.from(`Wir haben montags geöffnet (Aushang ${i}).`) }),
      ),
    );
    const [row] = await t.database.db.select({ n: count() }).from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id));
    expect(row!.n).toBe(KNOWLEDGE_MAX_FILES);
    expect(statuses(results)).toEqual([200, 200, ...Array(PARALLEL - 2).fill(422)]);
    expect(results.find((r) => r.status === 422)!.json().error).toBe(KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
  });

  it('style images: 10 uploads at 3 leave exactly 5', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team, { type: 'image', mainStyle: 'realistic_image' });
    await t.database.db.insert(styleImages).values(
      Array.from({ length: STYLE_IMAGES_REQUIRED - 2 }, (_, i) => ({ teamId: team.id, assistantId: a.id, storedName: `alt-${i}.png`, sizeBytes: 1 })),
    );
    const image = await png(8, 8);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => upload(agent, '/api/styleimage', { assistantUuid: a.uuid }, { name: 'stil.png', data: image })),
    );
    const [row] = await t.database.db.select({ n: count() }).from(styleImages).where(eq(styleImages.assistantId, a.id));
    expect(row!.n).toBe(STYLE_IMAGES_REQUIRED);
    expect(statuses(results)).toEqual([200, 200, ...Array(PARALLEL - 2).fill(422)]);
  });

  it('API keys: 10 creates at 48 leave exactly 50 live keys', async () => {
    const { team, owner, agent } = await staffedAgency();
    await t.database.db.insert(apiKeys).values(
      Array.from({ length: API_KEYS_MAX - 2 }, (_, i) => ({
        teamId: team.id,
        name: `Alt ${i}`,
        prefix: `mika_alt${i}`,
        keyHash: `hash-${team.id}-${i}`,
        allAssistants: true,
        createdBy: owner.id,
      })),
    );
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => agent.post('/api/apikeys', { name: `Schlüssel ${i}`, scope: 'all' })),
    );
    const [row] = await t.database.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.teamId, team.id));
    expect(row!.n).toBe(API_KEYS_MAX);
    expect(statuses(results)).toEqual([200, 200, ...Array(PARALLEL - 2).fill(409)]);
  });

  it('external tools (MCP servers): 10 creates at 18 leave exactly 20', async () => {
    const { team } = await staffedAgency();
    const operatorTeam = await createTeam(t.database.db, { plan: 'agency' });
    const support = await loginAs(t, await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' }));
    await support.csrf();
    await t.database.db.insert(mcpServers).values(
      Array.from({ length: MCP_SERVERS_MAX - 2 }, (_, i) => ({ teamId: team.id, name: `Alt ${i}`, url: `${mcp.url}?alt=${i}` })),
    );
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => support.post('/api/insight/mcp', { teamUuid: team.uuid, name: `CRM ${i}`, url: mcp.url })),
    );
    const [row] = await t.database.db.select({ n: count() }).from(mcpServers).where(eq(mcpServers.teamId, team.id));
    expect(row!.n).toBe(MCP_SERVERS_MAX);
    expect(statuses(results)).toEqual([200, 200, ...Array(PARALLEL - 2).fill(409)]);
    expect(results.find((r) => r.status === 409)!.json().error).toBe(TOOL_MESSAGES.mcpTooMany(MCP_SERVERS_MAX));
  });

  it('e-mail contacts: 10 parallel saves of a full list never store more than 50', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        agent.post(`/api/tool/email/${a.uuid}`, {
          properties: JSON.stringify(Array.from({ length: EMAIL_CONTACTS_MAX }, (_, j) => ({ name: `Person ${i}-${j}`, email: `p${i}-${j}@example.com` }))),
        }),
      ),
    );
    expect(statuses(results)).toEqual(Array(PARALLEL).fill(200));
    const rows = await t.database.db.select().from(assistantTools).where(eq(assistantTools.assistantId, a.id));
    const contacts = rows.flatMap((r) => ((r.settings as { contacts?: unknown[] } | null)?.contacts ?? []));
    expect(contacts).toHaveLength(EMAIL_CONTACTS_MAX);
    // The list is replaced as a whole: one request's contacts, never a mix.
    expect(new Set(contacts.map((c) => (c as { name: string }).name.split('-')[0])).size).toBe(1);
  });
});

describe('finding 4: multipart names and fields follow the same text rules as JSON bodies', () => {
  const bad: [string, string, string][] = [
    ['a NUL byte', 'plan\u0000.pdf', COMMON_MESSAGES.fileNameInvalid],
    ['a control character', 'plan\u001b[31m.pdf', COMMON_MESSAGES.fileNameInvalid],
    ['an overlong name', `${'x'.repeat(250)}.pdf`, COMMON_MESSAGES.fileNameLength(200)],
  ];

  it('refuses such file names for assets and knowledge with a German 422 and stores nothing', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const filesBefore = await storedFiles();
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    for (const [label, name, message] of bad) {
      const asset = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name, data: pdf });
      expect(asset.status, `asset, ${label}: ${asset.body}`).toBe(422);
      expect(asset.json().error, label).toBe(message);
      const knowledge = await upload(agent, '/api/knowledge', { assistantUuid: a.uuid }, { name: name.replace('.pdf', '.txt'), data: Buffer.from('Text') });
      expect(knowledge.status, `knowledge, ${label}: ${knowledge.body}`).toBe(422);
      expect(knowledge.json().error, label).toBe(message);
    }
    const logo = await upload(agent, '/api/assistant/logo', { assistantUuid: a.uuid }, { name: 'logo\u0000.png', data: await png(4, 4) });
    expect(logo.status).toBe(422);
    expect(await storedFiles()).toBe(filesBefore);
    expect(await t.database.db.select().from(assetFiles).where(eq(assetFiles.assistantId, a.id))).toHaveLength(0);
    expect(await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, a.id))).toHaveLength(0);
  });

  it('keeps only the base name of a file name with a path', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    for (const name of ['../../etc/plan.pdf', 'C:\\Users\\anna\\plan.pdf']) {
      const res = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name, data: Buffer.from('%PDF-1.4\n%%EOF\n') });
      expect(res.status, res.body).toBe(200);
      expect(res.json().file.name).toBe('plan.pdf');
    }
  });

  it('refuses an overlong text field and a path in a rename', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const long = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'x'.repeat(40_000) }, { name: 'plan.pdf', data: Buffer.from('%PDF-1.4\n') });
    expect(long.status).toBe(422);
    expect(long.json().error).toBe(COMMON_MESSAGES.fieldTooLong);

    const ok = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name: 'plan.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(ok.status, ok.body).toBe(200);
    const rename = await agent.post('/api/assets/edit', { fileUuid: ok.json().file.uuid, name: '../geheim.pdf', description: 'Der Lageplan unseres Büros' });
    expect(rename.status).toBe(422);
    expect(rename.json().error).toBe(COMMON_MESSAGES.fileNamePath);
  });
});

describe('finding 5: uploaded images are decoded with a pixel limit and stored bounded', () => {
  it('refuses an asset PNG declaring 60,000 × 60,000 pixels and stores nothing', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const filesBefore = await storedFiles();
    const res = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name: 'plan.png', data: pngHeaderOnly(60_000, 60_000) });
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(ASSET_MESSAGES.imageDimensions);
    expect(await storedFiles()).toBe(filesBefore);
    expect(await t.database.db.select().from(assetFiles).where(eq(assetFiles.assistantId, a.id))).toHaveLength(0);
  });

  it('stores a large asset picture re-encoded within the bound, without trailing bytes', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const original = Buffer.concat([await png(3000, 1500), Buffer.from('<script>alert(1)</script>')]);
    const res = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name: 'plan.png', data: original });
    expect(res.status, res.body).toBe(200);
    const [row] = await t.database.db.select().from(assetFiles).where(eq(assetFiles.assistantId, a.id));
    const stored = await t.deps.privateFiles.read('assets', row!.storedName);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', ASSET_IMAGE_MAX_EDGE, ASSET_IMAGE_MAX_EDGE / 2]);
    expect(stored!.includes(Buffer.from('<script>'))).toBe(false);
    expect(row!.sizeBytes).toBe(stored!.length);
  });

  it('refuses a JPG that is no image at all', async () => {
    const { team, agent } = await staffedAgency();
    const a = await createAssistant(t.database.db, team);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(agent, '/api/assets', { assistantUuid: a.uuid, description: 'Der Lageplan unseres Büros' }, { name: 'foto.jpg', data: fake });
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(ASSET_MESSAGES.imageInvalid);
  });
});
