// The insight of one Mika as the grouping job builds it (decision 039): topics per period with
// their counts and shares, the trend against the previous period, example question ids, and the
// feedback counts. Pure: the job loads the rows and stores the result.
import { INSIGHT_DAYS } from '../../../shared/schemas/question-insights.ts';
import { groupQuestions } from './topics.ts';
import { joinTopicsByMeaning } from './topic-vectors.ts';
import type { CorpusRow } from './question.repository.ts';
import { maxOf } from '../../../shared/arrays.ts';

const DAY_MS = 86_400_000;
/** Topics listed per period. */
export const TOPICS_SHOWN = 20;
/** The corpus a build reads: the longest period and the one before it (for the trend). */
export const CORPUS_DAYS = 2 * maxOf(INSIGHT_DAYS);

export interface SnapshotTopic {
  key: string;
  label: string;
  count: number;
  answered: number;
  negative: number;
  trend: number;
  /** Ids of up to three recent questions with text, each in other words. */
  examples: number[];
}

export interface PeriodSnapshot {
  topics: SnapshotTopic[];
  feedback: { up: number; down: number };
  questions: number;
  unanswered: number;
}

export interface SnapshotData {
  /** Per period length in days ("7", "30", "90"). Topics whose questions all lost their text (erasure) are labelled by their stems. */
  periods: Record<string, PeriodSnapshot>;
  /** Titles by the chat model per topic key (kept from build to build; asked once per key and model). */
  titles?: Record<string, { title: string; model: string }>;
  /** Word topics joined to another by meaning in the last build with vectors (topic-vectors.ts). */
  joins?: Record<string, string>;
  /** When all questions were last grouped afresh (between, new questions join the existing topics). */
  fullAt?: string;
}

/** A Mika with fewer questions is grouped afresh at every build (it takes well under a second). */
export const FULL_REGROUP_BELOW = 20_000;
/** A larger one at least this often, and whenever a fifth of its questions are new. */
export const FULL_REGROUP_EVERY_MS = 60 * 60_000;

/** Whether this build groups all questions afresh or only gives the new ones their topics. */
export function needsFullRegroup(previous: SnapshotData | undefined, rows: readonly CorpusRow[], now: Date): boolean {
  if (!previous?.fullAt || rows.length < FULL_REGROUP_BELOW) return true;
  if (now.getTime() - Date.parse(previous.fullAt) >= FULL_REGROUP_EVERY_MS) return true;
  const fresh = rows.reduce((n, r) => n + (r.question && r.topic === null ? 1 : 0), 0);
  return fresh > rows.length / 5;
}

/** Questions per existing topic that stand for it when new questions are placed, and topics so represented. */
const REPRESENTATIVES = 5;
const REPRESENTED_TOPICS = 2000;

/**
 * Gives only the questions without a topic theirs: they are grouped together with a few questions of
 * each existing topic (the largest 2,000), and a new question that lands with a topic's questions
 * joins that topic; the others start topics of their own (joined by meaning as the last build with
 * vectors joined their word topic). The existing questions keep their topics. `labels`: the last
 * snapshot's labels, else the users' spelling from this grouping.
 */
export function assignNewTopics(
  rows: readonly CorpusRow[],
  opts: { joins?: Record<string, string>; labels?: ReadonlyMap<string, string> } = {},
): { keys: string[]; labels: Map<string, string>; changed: { id: number; topic: string }[]; joins: Record<string, string> } {
  const joins = { ...(opts.joins ?? {}) };
  const fresh = rows.flatMap((r, i) => (r.question && r.topic === null ? [i] : []));
  const keys = rows.map((r) => r.topic ?? '');
  if (fresh.length === 0) return { keys, labels: new Map(opts.labels), changed: [], joins };
  const byTopic = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (!r.question || r.topic === null) return;
    const list = byTopic.get(r.topic) ?? [];
    list.push(i);
    byTopic.set(r.topic, list);
  });
  const reps = [...byTopic.entries()]
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, REPRESENTED_TOPICS)
    .flatMap(([topic, list]) => list.slice(-REPRESENTATIVES).map((i) => ({ i, topic })));
  const grouping = groupQuestions([...fresh.map((i) => rows[i]!.question!), ...reps.map((r) => rows[r.i]!.question!)]);
  // Which existing topic each key of this grouping stands for (the one most of its representatives have).
  const votes = new Map<string, Map<string, number>>();
  reps.forEach((r, j) => {
    const key = grouping.keys[fresh.length + j]!;
    const tally = votes.get(key) ?? new Map<string, number>();
    tally.set(r.topic, (tally.get(r.topic) ?? 0) + 1);
    votes.set(key, tally);
  });
  const existing = new Map([...votes].map(([key, tally]) => [key, [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]]));
  const changed = fresh.map((rowIndex, j) => {
    const key = grouping.keys[j]!;
    const topic = existing.get(key) ?? joins[key] ?? key;
    keys[rowIndex] = topic;
    return { id: rows[rowIndex]!.id, topic };
  });
  const labels = new Map(grouping.labels);
  for (const [key, label] of opts.labels ?? []) labels.set(key, label);
  return { keys, labels, changed, joins };
}

/**
 * Groups the questions with text by their words, then joins topics that mean the same: by their
 * vectors when given (an embedding model is configured), else as the last build with vectors joined
 * them (`joins`: word topic → the topic it joined), so a build without the model (an erasure) keeps
 * the joined topics. Questions without text (erased) keep the topic they had.
 */
export function assignTopics(
  rows: readonly CorpusRow[],
  opts: { byMeaning?: boolean; joins?: Record<string, string>; kept?: ReadonlySet<string> } = {},
): { keys: string[]; labels: Map<string, string>; changed: { id: number; topic: string }[]; joins: Record<string, string> } {
  const withText = rows.flatMap((r, i) => (r.question ? [i] : []));
  const grouping = groupQuestions(withText.map((i) => rows[i]!.question!));
  const lexical = rows.map((r) => r.topic ?? '');
  withText.forEach((rowIndex, j) => (lexical[rowIndex] = grouping.keys[j]!));
  let keys: string[];
  const joins: Record<string, string> = {};
  if (opts.byMeaning) {
    keys = joinTopicsByMeaning(lexical, rows.map((r) => (r.question ? r.embedding : null)), opts.kept);
    keys.forEach((key, i) => {
      if (key !== lexical[i] && rows[i]!.question) joins[lexical[i]!] = key;
    });
  } else {
    Object.assign(joins, opts.joins ?? {});
    keys = lexical.map((key, i) => (rows[i]!.question ? (joins[key] ?? key) : key));
  }
  const changed = rows.flatMap((r, i) => (r.question && r.topic !== keys[i] ? [{ id: r.id, topic: keys[i]! }] : []));
  return { keys, labels: grouping.labels, changed, joins };
}

/** The words of a question as a person reads them: case, spacing and the closing marks aside. */
export const sameWords = (question: string) => question.toLocaleLowerCase('de').replace(/\s+/g, ' ').replace(/[\s?!.…]+$/u, '').trim();

const isUnanswered = (r: CorpusRow) => r.unanswered !== null || r.vote === -1;

export function buildSnapshot(rows: readonly CorpusRow[], keys: readonly string[], labels: Map<string, string>, now: Date): SnapshotData {
  const data: SnapshotData = { periods: {} };
  for (const days of INSIGHT_DAYS) {
    const from = now.getTime() - days * DAY_MS;
    const before = from - days * DAY_MS;
    const topics = new Map<string, { count: number; answered: number; negative: number; previous: number; examples: { id: number; at: number; words: string }[] }>();
    const period: PeriodSnapshot = { topics: [], feedback: { up: 0, down: 0 }, questions: 0, unanswered: 0 };
    rows.forEach((r, i) => {
      const at = r.createdAt.getTime();
      if (at < before) return;
      const key = keys[i] ?? '';
      let t = topics.get(key);
      if (!t) topics.set(key, (t = { count: 0, answered: 0, negative: 0, previous: 0, examples: [] }));
      if (at < from) {
        t.previous++;
        return;
      }
      t.count++;
      period.questions++;
      if (!isUnanswered(r)) t.answered++;
      else period.unanswered++;
      if (r.vote === -1) {
        t.negative++;
        period.feedback.down++;
      } else if (r.vote === 1) period.feedback.up++;
      if (r.question) {
        // The same words asked again are one example (the newest asking of them).
        const words = sameWords(r.question);
        const same = t.examples.find((e) => e.words === words);
        if (same) {
          if (at > same.at || (at === same.at && r.id > same.id)) Object.assign(same, { id: r.id, at });
        } else {
          t.examples.push({ id: r.id, at, words });
          if (t.examples.length > 3) {
            t.examples.sort((a, b) => b.at - a.at || b.id - a.id);
            t.examples.pop();
          }
        }
      }
    });
    period.topics = [...topics.entries()]
      .filter(([key, t]) => key !== '' && t.count > 0)
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .slice(0, TOPICS_SHOWN)
      .map(([key, t]) => ({
        key,
        label: labels.get(key) ?? key.replaceAll('+', ' '),
        count: t.count,
        answered: round(t.answered / t.count),
        negative: round(t.negative / t.count),
        trend: t.count - t.previous,
        examples: t.examples.sort((a, b) => b.at - a.at || b.id - a.id).map((e) => e.id),
      }));
    data.periods[String(days)] = period;
  }
  return data;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
