import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assetFiles, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { switchAssetTool, uploadAsset } from '../../../../tests/setup/assets.ts';
import { makeDocx, makePdf, makePng, makeZipBombDocx } from '../../../../tests/fixtures/office-files.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { KNOWLEDGE_MESSAGES, ASSET_MESSAGES } from '../../../shared/messages.ts';
import { ASSET_MAX_FILES, type AssetFile, type AssetList, type AssetToolState } from '../../../shared/schemas/assets.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { ASSET_FUNCTION } from '../../ai/tools/asset.ts';

const PRICE_DESCRIPTION = 'Unsere aktuelle Preisliste mit allen Tarifen 2026';

const docUrl = (assistantUuid: string, file: string, token: string) =>
  `/document/${assistantUuid}/${encodeURIComponent(file)}?token=${encodeURIComponent(token)}`;

describe('assets: files and the asset tool view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('uploads, lists in both views, renames, describes and deletes (bytes removed from disk)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);

    const res = await uploadAsset(agent, a.uuid, { name: 'Preisliste.pdf', data: await makePdf(['Preise 2026']) }, PRICE_DESCRIPTION);
    expect(res.status, res.body).toBe(200);
    const { file, message } = res.json<{ file: AssetFile; message: string }>();
    expect(message).toBe(ASSET_MESSAGES.fileUploaded);
    expect(file).toMatchObject({ name: 'Preisliste.pdf', description: PRICE_DESCRIPTION, extension: 'pdf' });

    // The tool view adds a PNG through its own path: the same set of files.
    const viaTool = await uploadAsset(agent, a.uuid, { name: 'Lageplan.png', data: makePng() }, 'Der Lageplan unseres Büros mit Parkplätzen', { toolPath: true });
    expect(viaTool.status, viaTool.body).toBe(200);
    expect(viaTool.json<AssetToolState & { message: string }>().message).toBe(ASSET_MESSAGES.fileUploaded);

    const list = (await agent.get(`/api/assets/${a.uuid}`)).json<AssetList>();
    expect(list.max_files).toBe(ASSET_MAX_FILES);
    expect(list.files.map((f) => f.name)).toEqual(['Preisliste.pdf', 'Lageplan.png']);
    const tool = (await agent.get(`/api/tool/asset/${a.uuid}`)).json<AssetToolState>();
    expect(tool).toMatchObject({ active: false, max_files: ASSET_MAX_FILES });
    expect(tool.properties).toEqual(list.files.map((f) => ({ id: f.id, description: f.description, extension: f.extension })));

    // Rename keeps the checked extension; the description keeps its minimum.
    const edit = await agent.post('/api/assets/edit', { fileUuid: file.uuid, name: 'Preise 2026.docx', description: 'Die Preisliste für alle Kunden 2026' });
    expect(edit.status, edit.body).toBe(200);
    expect(edit.json<{ file: AssetFile; message: string }>()).toMatchObject({ message: ASSET_MESSAGES.updated, file: { name: 'Preise 2026.pdf' } });
    const short = await agent.post('/api/assets/edit', { fileUuid: file.uuid, name: 'x.pdf', description: 'zu kurz' });
    expect(short.status).toBe(422);
    expect(short.body).toContain(ASSET_MESSAGES.descriptionTooShort(15));

    const [row] = await t.database.db.select().from(assetFiles).where(eq(assetFiles.uuid, file.uuid));
    const stored = path.join(t.config.dataDir, 'private', 'assets', row!.storedName);
    await expect(fs.stat(stored)).resolves.toBeTruthy();
    const del = await agent.delete('/api/assets', { assistantUuid: a.uuid, fileUuid: file.uuid });
    expect(del.status, del.body).toBe(200);
    expect(del.json<{ message: string }>().message).toBe(ASSET_MESSAGES.fileDeleted);
    await expect(fs.stat(stored)).rejects.toThrow();

    // The tool view removes by property id.
    const png = (await agent.get(`/api/assets/${a.uuid}`)).json<AssetList>().files[0]!;
    const removed = await agent.post(`/api/tool/asset/${a.uuid}`, { remove: true, propertyId: png.id });
    expect(removed.status, removed.body).toBe(200);
    expect(removed.json<AssetToolState & { message: string }>()).toMatchObject({ message: ASSET_MESSAGES.fileDeleted, properties: [] });

    // The tool's switch: the tools feature's state for slug asset.
    const on = await agent.post(`/api/tool/asset/${a.uuid}`, { active: true });
    expect(on.json<AssetToolState & { message: string }>()).toMatchObject({ active: true, message: ASSET_MESSAGES.settingSaved });
    expect((await agent.post(`/api/tool/asset/${a.uuid}`, { remove: true })).status).toBe(422);
  });

  it('refuses what must not be stored: no file, short description, 10 MB + 1, wrong content, wrong type, zip bomb, the 101st file', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const pdf = await makePdf(['Preise']);

    const short = await uploadAsset(agent, a.uuid, { name: 'a.pdf', data: pdf }, 'zu kurz');
    expect(short.status).toBe(422);
    expect(short.body).toContain(ASSET_MESSAGES.descriptionTooShort(15));

    const tooBig = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    expect(tooBig.length).toBe(10485761);
    const big = await uploadAsset(agent, a.uuid, { name: 'gross.pdf', data: tooBig });
    expect(big.status).toBe(413);
    expect(big.body).toContain(KNOWLEDGE_MESSAGES.fileTooLarge);

    const fake = await uploadAsset(agent, a.uuid, { name: 'bild.png', data: pdf });
    expect(fake.status).toBe(422);
    expect(fake.body).toContain(KNOWLEDGE_MESSAGES.contentMismatch);
    const fakeDocx = await uploadAsset(agent, a.uuid, { name: 'brief.docx', data: makePng() });
    expect(fakeDocx.status).toBe(422);
    const exe = await uploadAsset(agent, a.uuid, { name: 'tool.exe', data: pdf });
    expect(exe.status).toBe(422);
    expect(exe.body).toContain(ASSET_MESSAGES.typeNotAllowed);
    const bomb = await uploadAsset(agent, a.uuid, { name: 'bombe.docx', data: await makeZipBombDocx() });
    expect(bomb.status).toBe(422);
    expect(bomb.body).toContain(KNOWLEDGE_MESSAGES.archiveTooLarge);
    const docx = await uploadAsset(agent, a.uuid, { name: 'brief.docx', data: await makeDocx({ heading: 'Brief', paragraph: 'Text', table: [['a']] }) });
    expect(docx.status, docx.body).toBe(200);
    expect((await agent.get(`/api/assets/${a.uuid}`)).json<AssetList>().files).toHaveLength(1);

    await t.database.db.insert(assetFiles).values(
      Array.from({ length: ASSET_MAX_FILES - 1 }, (_, i) => ({
        teamId: team.id,
        assistantId: a.id,
        name: `f${i}.pdf`,
        description: 'Eine Datei zum Füllen der Liste',
        extension: 'pdf',
        sizeBytes: 1,
        storedName: `x${i}.pdf`,
      })),
    );
    const over = await uploadAsset(agent, a.uuid, { name: 'eine-zu-viel.pdf', data: pdf });
    expect(over.status).toBe(422);
    expect(over.body).toContain(ASSET_MESSAGES.tooManyFiles(ASSET_MAX_FILES));
  });

  it("another team's assistant or file answers 404 on every call; the edit right is needed", async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const file = (await uploadAsset(agent, a.uuid, { name: 'p.pdf', data: await makePdf(['x']) })).json<{ file: AssetFile }>().file;

    const other = await createStaffedTeam(t.database.db);
    const stranger = await loginAs(t, other.owner);
    expect((await stranger.get(`/api/assets/${a.uuid}`)).status).toBe(404);
    expect((await stranger.get(`/api/tool/asset/${a.uuid}`)).status).toBe(404);
    expect((await uploadAsset(stranger, a.uuid, { name: 'p.pdf', data: await makePdf(['x']) })).status).toBe(404);
    expect((await uploadAsset(stranger, a.uuid, { name: 'p.pdf', data: await makePdf(['x']) }, undefined, { toolPath: true })).status).toBe(404);
    expect((await stranger.post('/api/assets/edit', { fileUuid: file.uuid, name: 'n.pdf', description: 'Eine neue Beschreibung hier' })).status).toBe(404);
    expect((await stranger.delete('/api/assets', { assistantUuid: a.uuid, fileUuid: file.uuid })).status).toBe(404);
    expect((await stranger.post(`/api/tool/asset/${a.uuid}`, { remove: true, propertyId: file.id })).status).toBe(404);
    // Their own assistant cannot reach our file either.
    const theirs = await createAssistant(t.database.db, other.team);
    expect((await stranger.delete('/api/assets', { assistantUuid: theirs.uuid, fileUuid: file.uuid })).status).toBe(404);
    expect((await stranger.post(`/api/tool/asset/${theirs.uuid}`, { remove: true, propertyId: file.id })).status).toBe(404);
    expect((await agent.get(`/api/assets/${a.uuid}`)).json<AssetList>().files).toHaveLength(1);
  });
});

describe('handing out assets in a conversation', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(fakeProviderEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('the model lists and offers an asset: a doc message follows, HEAD and GET serve it to the thread only', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    const pdf = await makePdf(['Preise 2026: Basis 10 Euro']);
    const file = (await uploadAsset(agent, a.uuid, { name: 'Preisliste 2026.pdf', data: pdf }, PRICE_DESCRIPTION)).json<{ file: AssetFile }>().file;
    await uploadAsset(agent, a.uuid, { name: 'Lageplan.png', data: makePng() }, 'Der Lageplan unseres Büros mit Parkplätzen');
    await switchAssetTool(t.database.db, a.id);

    const visitor = new Agent(t.app);
    const thread = await openThread(visitor, a.uuid, { public: true });
    let listed: unknown;
    fake.queue(
      { toolCalls: [{ name: ASSET_FUNCTION, arguments: '{}' }] },
      {
        toolCalls: (body) => {
          listed = body.messages.find((m: { role: string }) => m.role === 'tool')?.content;
          return [{ name: ASSET_FUNCTION, arguments: JSON.stringify({ id: file.id }) }];
        },
      },
      { text: 'Gern, die Preisliste liegt unten für Sie bereit.' },
    );
    const turn = await askInThread(visitor, a.uuid, thread, 'Haben Sie eine Preisliste?');
    // The model saw this assistant's files and nothing else.
    expect(String(listed)).toContain('Preisliste 2026.pdf');
    expect(String(listed)).toContain('Lageplan.png');
    expect(turn.events.map((e) => e.type)).toEqual(expect.arrayContaining(['text', 'document', 'complete']));
    const docEvent = turn.events.find((e) => e.type === 'document')!;
    expect(docEvent.document).toBe('Preisliste 2026.pdf');

    const history = (await visitor.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json<{
      messages: { type: string; document: string | null }[];
    }>();
    const doc = history.messages.at(-1)!;
    expect(doc).toMatchObject({ type: 'doc', document: 'Preisliste 2026.pdf' });

    const url = docUrl(a.uuid, 'Preisliste 2026.pdf', thread.token);
    const head = await visitor.request('HEAD', url);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const got = await visitor.get(url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="Preisliste 2026.pdf"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.raw.equals(pdf)).toBe(true);

    // Wrong token, another thread, another assistant's path, a file never handed out: 404.
    expect((await visitor.request('HEAD', docUrl(a.uuid, 'Preisliste 2026.pdf', 'falsch'))).status).toBe(404);
    expect((await visitor.get(`/document/${a.uuid}/${encodeURIComponent('Preisliste 2026.pdf')}`)).status).toBe(404);
    const otherThread = await openThread(visitor, a.uuid, { public: true });
    expect((await visitor.get(docUrl(a.uuid, 'Preisliste 2026.pdf', otherThread.token))).status).toBe(404);
    expect((await visitor.get(docUrl(a.uuid, 'Lageplan.png', thread.token))).status).toBe(404);
    const other = await createStaffedTeam(t.database.db);
    const theirs = await createAssistant(t.database.db, other.team, { isPublic: true });
    expect((await visitor.get(docUrl(theirs.uuid, 'Preisliste 2026.pdf', thread.token))).status).toBe(404);
    // A team member without the use right cannot open a member's thread document either.
    const memberThread = await openThread(agent, a.uuid);
    fake.queue({ toolCalls: [{ name: ASSET_FUNCTION, arguments: JSON.stringify({ id: file.id }) }] }, { text: 'Bitte sehr.' });
    await askInThread(agent, a.uuid, memberThread, 'Die Preisliste bitte');
    expect((await agent.request('HEAD', docUrl(a.uuid, 'Preisliste 2026.pdf', memberThread.token))).status).toBe(200);
    const employeeAgent = await loginAs(t, employee);
    await grantRights(t.database.db, employee, a, { canUse: false });
    expect((await employeeAgent.get(docUrl(a.uuid, 'Preisliste 2026.pdf', memberThread.token))).status).toBe(404);

    // Deleted asset: the message stays, the document is no longer available.
    await agent.delete('/api/assets', { assistantUuid: a.uuid, fileUuid: file.uuid });
    expect((await visitor.request('HEAD', url)).status).toBe(404);
  });

  it('an id of another assistant is never handed out; Office files download as attachment', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const b = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    const docx = await makeDocx({ heading: 'AGB', paragraph: 'Unsere Bedingungen', table: [['a']] });
    const mine = (await uploadAsset(agent, a.uuid, { name: 'AGB Übersicht.docx', data: docx }, 'Unsere allgemeinen Geschäftsbedingungen')).json<{ file: AssetFile }>().file;
    const foreign = (await uploadAsset(agent, b.uuid, { name: 'Geheim.pdf', data: await makePdf(['x']) }, 'Eine Datei eines anderen Mikas')).json<{ file: AssetFile }>().file;
    await switchAssetTool(t.database.db, a.id);

    const visitor = new Agent(t.app);
    const thread = await openThread(visitor, a.uuid, { public: true });
    fake.queue(
      { toolCalls: [{ name: ASSET_FUNCTION, arguments: JSON.stringify({ id: foreign.id }) }] },
      { toolCalls: [{ name: ASSET_FUNCTION, arguments: JSON.stringify({ id: mine.id }) }] },
      { text: 'Hier sind die AGB.' },
    );
    const turn = await askInThread(visitor, a.uuid, thread, 'Schicken Sie mir die AGB');
    const docs = turn.events.filter((e) => e.type === 'document');
    expect(docs.map((d) => d.document)).toEqual(['AGB Übersicht.docx']);
    const got = await visitor.get(docUrl(a.uuid, 'AGB Übersicht.docx', thread.token));
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toContain('wordprocessingml');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="AGB _bersicht.docx"; filename*=UTF-8''${encodeURIComponent('AGB Übersicht.docx')}`);
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('the tool is not offered while switched off', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    await uploadAsset(agent, a.uuid, { name: 'p.pdf', data: await makePdf(['x']) });
    const visitor = new Agent(t.app);
    const thread = await openThread(visitor, a.uuid, { public: true });
    fake.reply({ text: 'Hallo.' });
    await askInThread(visitor, a.uuid, thread, 'Haben Sie eine Preisliste?');
    expect((fake.requests.at(-1)!.body.tools ?? []).map((x: { function: { name: string } }) => x.function.name)).not.toContain(ASSET_FUNCTION);
  });
});

describe('handing out assets offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('the offline engine offers the asset whose description matches the question', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    await uploadAsset(agent, a.uuid, { name: 'Lageplan.png', data: makePng() }, 'Der Lageplan unseres Büros mit Parkplätzen');
    await uploadAsset(agent, a.uuid, { name: 'Preisliste.pdf', data: await makePdf(['Preise']) }, PRICE_DESCRIPTION);
    await switchAssetTool(t.database.db, a.id);

    const visitor = new Agent(t.app);
    const thread = await openThread(visitor, a.uuid, { public: true });
    const turn = await askInThread(visitor, a.uuid, thread, 'Haben Sie eine Preisliste für mich?');
    expect(turn.events.filter((e) => e.type === 'document').map((e) => e.document)).toEqual(['Preisliste.pdf']);
    expect(turn.streamed).toContain('Preisliste.pdf');
    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(stored.map((m) => m.type)).toEqual(['txt', 'txt', 'doc']);
    expect((await visitor.request('HEAD', docUrl(a.uuid, 'Preisliste.pdf', thread.token))).status).toBe(200);

    // A question for no file gets the usual answer and no document.
    const plain = await askInThread(visitor, a.uuid, thread, 'Wie ist das Wetter?');
    expect(plain.events.some((e) => e.type === 'document')).toBe(false);
    expect(plain.complete).toBeTruthy();
  });
});
