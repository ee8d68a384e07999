import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { addKnowledge } from '../../tests/setup/knowledge.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../tests/factories/index.ts';
import { knowledgeFolderOwner } from './features/knowledge/knowledge.repository.ts';
import { audioFolderOwner } from './features/voice/voice.repository.ts';
import { sweepPrivateFiles } from './platform/file-sweep.ts';

// Deleting an assistant removes its rows by cascade; the bytes of its files must go too.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
});
afterAll(async () => t?.close());

const knowledgeDir = () => path.join(t.config.dataDir, 'private', 'knowledge');
const exists = (file: string) => fs.stat(file).then(() => true, () => false);

describe('sweep of orphaned private files', () => {
  it('deletes the stored bytes of a deleted assistant’s knowledge files and keeps every other file', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const gone = await createAssistant(t.database.db, team);
    const kept = await createAssistant(t.database.db, team);
    await addKnowledge(agent, gone.uuid, { name: 'weg.txt', data: Buffer.from('Diese Datei verschwindet mit ihrem Mika.') });
    await addKnowledge(agent, kept.uuid, { name: 'bleibt.txt', data: Buffer.from('Diese Datei bleibt bei ihrem Mika.') });
    const before = await fs.readdir(knowledgeDir());
    expect(before.length).toBeGreaterThanOrEqual(2);

    expect((await agent.delete(`/api/assistant/${gone.uuid}`)).status).toBe(200);
    // Within the grace period nothing is touched (an upload may be writing its row right now).
    expect(await sweepPrivateFiles(t.deps, [knowledgeFolderOwner, audioFolderOwner])).toBe(0);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await sweepPrivateFiles(t.deps, [knowledgeFolderOwner, audioFolderOwner], later)).toBe(1);

    const after = await fs.readdir(knowledgeDir());
    expect(after).toHaveLength(before.length - 1);
    // The remaining assistant still answers from its file.
    const list = (await agent.get(`/api/knowledge/${kept.uuid}`)).json();
    expect(list.files[0].status).toBe('ready');
    for (const name of after) expect(await exists(path.join(knowledgeDir(), name))).toBe(true);
  });
});
