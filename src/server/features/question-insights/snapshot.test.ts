import { describe, expect, it } from 'vitest';
import { assignNewTopics, assignTopics, FULL_REGROUP_BELOW, FULL_REGROUP_EVERY_MS, needsFullRegroup, type SnapshotData } from './snapshot.ts';
import type { CorpusRow } from './question.repository.ts';

// Between full regroups a large Mika's new questions join the existing topics (decision 039).

const row = (id: number, question: string | null, topic: string | null = null): CorpusRow => ({
  id,
  question,
  topic,
  isPublic: true,
  unanswered: null,
  vote: null,
  createdAt: new Date('2026-11-27T10:00:00Z'),
  embedding: null,
});

const EXISTING = [
  'Wie lange ist die Lieferzeit?',
  'Welche Lieferzeit hat ein Sofa?',
  'Lieferzeit nach Österreich?',
  'Was sind die Lieferkosten?',
  'Wie hoch sind die Lieferkosten für ein Sofa?',
  'Lieferkosten in die Schweiz?',
  'Wie funktioniert die Rückgabe?',
  'Kann ich die Rückgabe online anmelden?',
];

describe('new questions between full regroups', () => {
  it('a new question joins the topic whose questions it shares its terms with; a new subject starts its own', () => {
    const grouped = assignTopics(EXISTING.map((q, i) => row(i + 1, q)));
    const rows = [
      ...EXISTING.map((q, i) => row(i + 1, q, grouped.keys[i])),
      row(100, 'Ist die Lieferzeit im Winter länger?'),
      row(101, 'Sind die Lieferkosten für Stühle gleich?'),
      row(102, 'Haben Sie Gutscheine?'),
      // An erased question keeps its topic.
      row(103, null, grouped.keys[6]),
    ];
    const result = assignNewTopics(rows, { labels: new Map([[grouped.keys[0]!, 'Lieferzeit']]) });
    expect(result.keys[8]).toBe(grouped.keys[0]);
    expect(result.keys[9]).toBe(grouped.keys[3]);
    expect(result.keys[10]).not.toBe(grouped.keys[0]);
    expect(result.keys[10]).not.toBe(grouped.keys[3]);
    expect(result.keys[11]).toBe(grouped.keys[6]);
    // Only the new questions change; the known labels are kept.
    expect(result.changed.map((c) => c.id)).toEqual([100, 101, 102]);
    expect(result.labels.get(grouped.keys[0]!)).toBe('Lieferzeit');
  });

  it('groups afresh below the size limit, hourly above it, and when a fifth of the questions are new', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const big = Array.from({ length: FULL_REGROUP_BELOW }, (_, i) => row(i, 'Frage zur Lieferzeit?', 'liefer+zeit'));
    const recent: SnapshotData = { periods: {}, fullAt: new Date(now.getTime() - 60_000).toISOString() };
    expect(needsFullRegroup(undefined, big, now)).toBe(true);
    expect(needsFullRegroup(recent, big.slice(0, 100), now)).toBe(true);
    expect(needsFullRegroup(recent, big, now)).toBe(false);
    expect(needsFullRegroup({ ...recent, fullAt: new Date(now.getTime() - FULL_REGROUP_EVERY_MS).toISOString() }, big, now)).toBe(true);
    const manyNew = big.map((r, i) => (i % 4 === 0 ? { ...r, topic: null } : r));
    expect(needsFullRegroup(recent, manyNew, now)).toBe(true);
  });
});
