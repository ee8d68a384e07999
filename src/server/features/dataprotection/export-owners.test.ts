import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { apiKeys, auditLog, billingAddresses, billingBookings, creditLedger, dataExports, generatedImages, mcpServers, messages, orders, styleImages, teamDiscounts, type DataExportRow } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread, speakAnswer } from '../../../../tests/setup/chat.ts';
import { uploadKnowledge } from '../../../../tests/setup/knowledge-upload.ts';
import { switchAssetTool, uploadAsset } from '../../../../tests/setup/assets.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { buildExportZip, teamExportContext } from './exports.ts';

// The team export is written by the owners of the rows (RowOwner.exportTeam, decision 029). A team
// with data in every area gets every part; each owner that declares a part contributes it for its
// own tables; an owner whose contribution returns nothing is caught by the same check.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
});
afterAll(async () => t?.close());

/** Every part the team export promises in its LIESMICH.txt, as patterns over the ZIP's names. */
const EXPECTED: Record<string, RegExp[]> = {
  teams: [/^team\.json$/],
  auth: [/^users\.json$/],
  assistants: [/^assistants\.json$/],
  knowledge: [/^knowledge\/files\.json$/, /^knowledge\/\d+-preise\.txt$/, /^knowledge\/questions-and-answers\.json$/],
  'knowledge/websites': [/^knowledge\/websites\.json$/],
  assets: [/^assets\/files\.json$/, /^assets\/\d+-preisliste\.pdf$/],
  images: [/^images\/images\.json$/, /^images\/[0-9a-f-]{36}\.png$/, /^images\/styles\/references\.json$/, /^images\/styles\/[0-9a-f-]{36}\.png$/],
  chat: [/^conversations\/\d+\/conversation\.json$/, /^conversations\/\d+\/audio\/.+$/, /^conversations\/\d+\/documents\/\d+-Angebot\.pdf$/],
  forms: [/^form-submissions\.json$/],
  'question-insights': [/^insights\/questions\.json$/],
  handoff: [/^handoff-settings\.json$/],
  billing: [/^billing-address\.json$/, /^bookings\.json$/, /^orders\.json$/, /^invoices\.json$/],
  mcp: [/^external-tools\.json$/],
  'api-keys': [/^api-keys\.json$/],
  credits: [/^credits\.json$/],
  usage: [/^usage\.json$/],
  insight: [/^discount\.json$/],
  'platform/audit': [/^audit-log\.json$/],
};

function missingParts(names: string[]): string[] {
  return Object.entries(EXPECTED).flatMap(([owner, patterns]) => patterns.filter((p) => !names.some((n) => p.test(n))).map((p) => `${owner}: ${p.source}`));
}

/** A team with a row in every area the export covers. */
async function teamWithEverything() {
  const db = t.database.db;
  const { team, owner, employee } = await createStaffedTeam(db);
  const a = await createAssistant(db, team, { name: 'Alles-Mika', isPublic: true, canTalk: true, form: { active: true, settings: { send_to: 'vertrieb@example.com' } } });
  await grantRights(db, employee, a, { canUse: true });
  await switchAssetTool(db, a.id);
  const admin = await loginAs(t, owner);
  expect((await uploadKnowledge(admin, a.uuid, { name: 'preise.txt', data: Buffer.from('Paket A kostet 10 Euro.') })).status).toBe(200);
  expect((await uploadAsset(admin, a.uuid, { name: 'preisliste.pdf', data: Buffer.from('%PDF-1.4\n%Preisliste\n') })).status).toBeLessThan(300);
  const staff = await loginAs(t, employee);
  const thread = await openThread(staff, a.uuid);
  const { complete } = await askInThread(staff, a.uuid, thread, 'Frage mit Stimme');
  expect((await speakAnswer(staff, a.uuid, thread, complete.message_id)).status).toBe(200);
  // A document generated in the conversation (tasks feature): its file and the message naming it.
  const stored = await t.deps.privateFiles.put(`taskdocs-${thread.id}`, 'pdf', Buffer.from('%PDF-1.4\n%Angebot\n'));
  await db.insert(messages).values({ threadId: thread.id, origin: 'ai', type: 'doc', text: '', status: 'complete', document: 'Angebot.pdf', documentSource: `task:${thread.id}/${stored}` });
  const visitor = new Agent(t.app, '192.0.2.91');
  const vt = await openThread(visitor, a.uuid, { public: true });
  await askInThread(visitor, a.uuid, vt, 'Besucherfrage');
  expect((await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: vt.id, token: vt.token, firstname: 'Paula', lastname: 'Pflaume', email: 'paula@kunde.example' })).status).toBe(200);
  // A picture an employee painted with an image Mika, and a reference image of a custom style.
  const painter = await createAssistant(db, team, { name: 'Mal-Mika', type: 'image' });
  const png = await t.deps.privateFiles.put('images', 'png', Buffer.from('\x89PNG-Bild-des-Teams'));
  await db.insert(generatedImages).values({ teamId: team.id, assistantId: painter.id, userId: employee.id, description: 'Ein Leuchtturm', prompt: 'lighthouse', status: 'ready', storedName: png });
  const reference = await t.deps.privateFiles.put('style-images', 'png', Buffer.from('\x89PNG-Referenz'));
  await db.insert(styleImages).values({ teamId: team.id, assistantId: painter.id, storedName: reference, sizeBytes: 16 });
  await db.insert(orders).values({ teamId: team.id, status: 'paid', credits: 500, priceCents: 1234 });
  // Money, keys and tools: every table with the team's rows has its part (the test below asks it of all).
  await db.insert(billingAddresses).values({ teamId: team.id, company: 'Alles GmbH', street: 'Hauptstraße 1', postcode: '10115', city: 'Berlin', invoiceEmail: 'rechnung@alles.example' });
  await db.insert(billingBookings).values({ teamId: team.id, item: 'plan', detail: 'team-monthly' });
  await db.insert(creditLedger).values({ teamId: team.id, kind: 'topup', units: 500_000, month: '2026-11', reference: 'export-test' });
  await db.insert(apiKeys).values({ teamId: team.id, name: 'Warenwirtschaft', prefix: 'mika_ab12', keyHash: `hash-that-never-leaves-${team.id}`, createdBy: owner.id });
  await db.insert(mcpServers).values({ teamId: team.id, name: 'Lager', url: 'https://lager.example/mcp', headersSecret: 'encrypted-header-values', headerNames: ['Authorization'] });
  await db.insert(teamDiscounts).values({ teamId: team.id, code: 'WILLKOMMEN', percentOff: 20 });
  await db.insert(auditLog).values({ teamId: team.id, actorLabel: 'Inhaberin', action: 'apikey.created', detail: { name: 'Warenwirtschaft' } });
  const [row] = await db.insert(dataExports).values({ teamId: team.id, requestedBy: owner.id, scope: 'team', label: 'Gesamtes Team' }).returning();
  return { team, employee, painter, row: row as DataExportRow };
}

describe('the team export is written by the owners of the rows', () => {
  it('a team with data in every area gets every part, each owner contributing its own', async () => {
    const { team, row } = await teamWithEverything();
    const files = unzipSync(await buildExportZip(t.deps, row));
    const names = Object.keys(files);
    expect(missingParts(names)).toEqual([]);
    expect(strFromU8(files['assistants.json']!)).toContain('Alles-Mika');
    const conversations = names.filter((n) => n.endsWith('conversation.json')).map((n) => strFromU8(files[n]!)).join('\n');
    expect(conversations).toContain('Frage mit Stimme');
    expect(conversations).toMatch(/"document": "conversations\/\d+\/documents\/\d+-Angebot\.pdf"/);

    // Each owner that declares a part contributes it, and only the names expected of it.
    const ctx = teamExportContext(t.deps, team.id);
    const contributors = t.deps.rowOwners.filter((o) => o.exportTeam);
    expect(contributors.map((o) => o.owner).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const owner of contributors) {
      const part = Object.keys(await owner.exportTeam!(t.database.db, team.id, ctx));
      expect(part.length, owner.owner).toBeGreaterThan(0);
      for (const name of part) expect(EXPECTED[owner.owner]!.some((p) => p.test(name)), `${owner.owner}: ${name}`).toBe(true);
      for (const name of part) expect(Buffer.from(files[name]!).equals(Buffer.from((await owner.exportTeam!(t.database.db, team.id, ctx))[name]!)), name).toBe(true);
    }
  });

  it('every table with team rows is exported by its owner, or its owner says why not', async () => {
    const res = await t.database.db.execute<{ table: string }>(sql`
      select c.table_name as "table" from information_schema.columns c
        join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
       where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.column_name = 'team_id'
       order by 1`);
    // Both drivers answer raw SQL with { rows }.
    const teamTables = (res as { rows: { table: string }[] }).rows.map((r) => r.table);
    expect(teamTables.length).toBeGreaterThan(15);
    const unanswered = teamTables.filter(
      (table) =>
        !t.deps.rowOwners.some(
          (o) => (o.exportTeam && o.tables.includes(table)) || (o.notExported?.[table]?.length ?? 0) > 20,
        ),
    );
    expect(unanswered, 'add the table to its RowOwner with an exportTeam part, or to its notExported with the reason').toEqual([]);
  });

  it('LIESMICH.txt names every part; secrets stay out', async () => {
    const { row } = await teamWithEverything();
    const files = unzipSync(await buildExportZip(t.deps, row));
    const readme = strFromU8(files['LIESMICH.txt']!);
    for (const owner of t.deps.rowOwners.filter((o) => o.exportTeam)) {
      expect(owner.exportDescription, owner.owner).toBeTruthy();
      expect(readme).toContain(owner.exportDescription);
    }
    const all = Object.values(files).map((f) => strFromU8(f)).join('\n');
    expect(all).not.toContain('hash-that-never-leaves');
    expect(all).not.toContain('encrypted-header-values');
    expect(JSON.parse(strFromU8(files['api-keys.json']!))).toEqual([expect.objectContaining({ name: 'Warenwirtschaft', prefix: 'mika_ab12', assistants: 'all' })]);
    expect(JSON.parse(strFromU8(files['credits.json']!)).entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'topup', credits: 500, reference: 'export-test' })]),
    );
    expect(JSON.parse(strFromU8(files['billing-address.json']!))).toEqual(expect.objectContaining({ company: 'Alles GmbH', city: 'Berlin' }));
    expect(JSON.parse(strFromU8(files['external-tools.json']!)).servers).toEqual([expect.objectContaining({ name: 'Lager', headerNames: ['Authorization'] })]);
    // The offline answers of the conversations were counted.
    expect((JSON.parse(strFromU8(files['usage.json']!)) as { capability: string }[]).some((u) => u.capability === 'chat')).toBe(true);
  });

  it("a person's export holds their pictures, with the picture file and the Mika that painted it", async () => {
    const { team, employee, painter } = await teamWithEverything();
    const [row] = await t.database.db.insert(dataExports).values({ teamId: team.id, requestedBy: employee.id, scope: 'user', subject: employee.uuid, label: employee.name }).returning();
    const files = unzipSync(await buildExportZip(t.deps, row as DataExportRow));
    const pictures = JSON.parse(strFromU8(files['images/images.json']!)) as { uuid: string; assistant: string; description: string; file: string }[];
    expect(pictures).toEqual([expect.objectContaining({ assistant: painter.uuid, description: 'Ein Leuchtturm' })]);
    expect(strFromU8(files[pictures[0]!.file]!)).toContain('PNG-Bild-des-Teams');
    // The team's style references are the team's, not the person's.
    expect(Object.keys(files).some((n) => n.startsWith('images/styles/'))).toBe(false);
  });

  it('an owner whose contribution returns nothing is caught', async () => {
    const { row } = await teamWithEverything();
    for (const name of ['knowledge', 'chat', 'billing', 'images', 'credits', 'api-keys']) {
      const owner = t.deps.rowOwners.find((o) => o.owner === name)!;
      const real = owner.exportTeam;
      owner.exportTeam = async () => ({});
      try {
        const names = Object.keys(unzipSync(await buildExportZip(t.deps, row)));
        expect(missingParts(names).length, name).toBeGreaterThan(0);
        expect(missingParts(names).every((m) => m.startsWith(`${name}:`)), name).toBe(true);
      } finally {
        owner.exportTeam = real;
      }
    }
  });
});
