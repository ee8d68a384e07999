import { expect } from 'vitest';
import type { KnowledgeFile, KnowledgeList } from '../../src/shared/schemas/knowledge.ts';
import { uploadKnowledge } from './knowledge-upload.ts';

export { uploadKnowledge };
import type { Agent } from './agent.ts';

/** Polls the list until the file is ready or failed. */
export async function waitForIngestion(
  agent: Agent,
  assistantUuid: string,
  fileUuid: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(`/api/knowledge/${assistantUuid}`);
    expect(res.status, res.body).toBe(200);
    const file = res.json<KnowledgeList>().files.find((f) => f.uuid === fileUuid);
    if (file && (file.status === 'ready' || file.status === 'error')) return file;
    if (Date.now() > deadline) throw new Error(`ingestion did not finish: ${JSON.stringify(file)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads and waits until the file is indexed. */
export async function addKnowledge(
  agent: Agent,
  assistantUuid: string,
  file: { name: string; data: Buffer },
  fields = {},
) {
  const res = await uploadKnowledge(agent, assistantUuid, file, fields);
  expect(res.status, res.body).toBe(200);
  const ready = await waitForIngestion(agent, assistantUuid, res.json<{ file: KnowledgeFile }>().file.uuid);
  expect(ready.status, JSON.stringify(ready)).toBe('ready');
  return ready;
}
