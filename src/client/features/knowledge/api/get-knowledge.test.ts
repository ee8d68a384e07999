import { describe, expect, it } from 'vitest';
import type { KnowledgeFile, KnowledgeList, KnowledgeStatus } from '../../../../shared/schemas/knowledge.ts';
import { keepLaterStages } from './get-knowledge.ts';

const list = (...statuses: [string, KnowledgeStatus][]): KnowledgeList =>
  ({ files: statuses.map(([uuid, status]) => ({ uuid, status, error: null }) as unknown as KnowledgeFile) }) as KnowledgeList;
const statuses = (l: KnowledgeList) => l.files.map((f) => [f.uuid, f.status]);

// The upload dialog showed "wird zerlegt", then "Text wird gelesen" again: a list refresh asked
// before the live stage arrived answered after it (knowledge journey, seen 2026-11-27).
describe('the cached knowledge list', () => {
  it('keeps a later ingestion stage when a refresh answers with an earlier one', () => {
    expect(statuses(keepLaterStages(list(['a', 'chunking']), list(['a', 'reading'])))).toEqual([['a', 'chunking']]);
    expect(statuses(keepLaterStages(list(['a', 'indexing']), list(['a', 'queued'])))).toEqual([['a', 'indexing']]);
  });

  it('takes every step forward, the end of an ingestion, a new start after it and new files', () => {
    expect(statuses(keepLaterStages(list(['a', 'reading']), list(['a', 'indexing'])))).toEqual([['a', 'indexing']]);
    expect(statuses(keepLaterStages(list(['a', 'indexing']), list(['a', 'ready'])))).toEqual([['a', 'ready']]);
    expect(statuses(keepLaterStages(list(['a', 'chunking']), list(['a', 'error'])))).toEqual([['a', 'error']]);
    expect(statuses(keepLaterStages(list(['a', 'ready']), list(['a', 'queued'])))).toEqual([['a', 'queued']]);
    expect(statuses(keepLaterStages(list(['a', 'ready']), list(['a', 'ready'], ['b', 'queued'])))).toEqual([
      ['a', 'ready'],
      ['b', 'queued'],
    ]);
    const fresh = list(['a', 'reading']);
    expect(keepLaterStages(undefined, fresh)).toBe(fresh);
  });
});
