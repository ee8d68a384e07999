import type { Deps } from '../../platform/deps.ts';
import { independentParts } from '../../platform/jobs.ts';
import type { AiGateway } from '../../ai/gateway.ts';
import { createPrivacyGate, type PrivacyGate } from '../../ai/privacy-gate.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { recordUsage, type UsageRecord } from '../usage/index.ts';
import { assignNewTopics, assignTopics, buildSnapshot, CORPUS_DAYS, needsFullRegroup, type SnapshotData } from './snapshot.ts';
import { maskContactData } from './masking.ts';
import { storedVector } from './topic-vectors.ts';
import { titleTopic } from './topic-titles.ts';
import {
  insightOwner,
  loadCorpus,
  pendingEmbeddings,
  readSnapshot,
  saveEmbeddings,
  saveSnapshot,
  saveTopics,
  staleAssistants,
  type CorpusRow,
} from './question.repository.ts';

export const INSIGHT_BUILD_JOB = 'question-insights-build';
/** One Mika's insight at once (after a vote): at most one waiting per Mika. */
export const INSIGHT_BUILD_ONE_JOB = 'question-insights-build-one';
/**
 * Every minute (pg-boss's finest cron): the insight of every Mika with new questions or votes is
 * built again, so a new question shows within about a minute and a page view reads the result.
 */
export const INSIGHT_BUILD_CRON = '* * * * *';

/** Questions embedded per build (the rest in the next minutes). */
const EMBED_PER_BUILD = 512;
const EMBED_BATCH = 64;
/** Titles asked per build (a new Mika with many topics gets the rest in the next builds). */
const TITLES_PER_BUILD = 10;

/** With these, a build uses the configured models (vectors for topics, titles); without, it is lexical. */
type InsightDeps = Pick<Deps, 'db'> & Partial<Pick<Deps, 'ai' | 'log'>>;

const corpusSince = (now: Date) => new Date(now.getTime() - CORPUS_DAYS * 86_400_000);

/**
 * Groups one Mika's questions of the last 180 days and stores its insight. With an embedding model
 * the questions get their vectors first and topics that mean the same are joined; with a chat model
 * new topics get a short title (decision 045). A model that fails leaves the lexical result.
 */
export async function buildInsight(deps: InsightDeps, assistantId: number, now = new Date()): Promise<void> {
  const models = deps.ai && deps.log ? { ai: deps.ai, log: deps.log } : null;
  const owner = models && (models.ai.canEmbed || !models.ai.offline) ? await insightOwner(deps.db, assistantId) : undefined;
  const gate = owner ? createPrivacyGate(privacyTermsFor(owner.team, owner.assistant)) : null;
  const embeddingModel = models && gate && models.ai.canEmbed ? models.ai.embeddingModel : null;
  if (embeddingModel) await embedPending({ ...deps, ...models! }, gate!, owner!, assistantId, embeddingModel, now);

  const [{ teamId, rows }, previous] = await Promise.all([
    loadCorpus(deps.db, assistantId, corpusSince(now), embeddingModel),
    readSnapshot(deps.db, assistantId).then((s) => s?.data as unknown as SnapshotData | undefined),
  ]);
  const kept = new Set([...Object.values(previous?.joins ?? {}), ...Object.keys(previous?.titles ?? {})]);
  // A large Mika is grouped afresh at most hourly; between, its new questions join the topics.
  const full = needsFullRegroup(previous, rows, now);
  const { keys, labels, changed, joins } = full
    ? assignTopics(rows, { byMeaning: embeddingModel !== null, joins: previous?.joins ?? {}, kept })
    : assignNewTopics(rows, { joins: previous?.joins ?? {}, labels: shownLabels(previous) });
  await saveTopics(deps.db, changed);
  const data = buildSnapshot(rows, keys, labels, now);
  data.joins = joins;
  data.fullAt = full ? now.toISOString() : previous!.fullAt!;
  data.titles = previous?.titles ?? {};
  if (models && gate && owner && !models.ai.offline) await addTitles({ ...deps, ...models }, gate, owner, rows, data);
  await saveSnapshot(deps.db, { assistantId, teamId, builtAt: now, data: data as unknown as Record<string, unknown> });
}

type Owner = NonNullable<Awaited<ReturnType<typeof insightOwner>>>;
type ModelDeps = Pick<Deps, 'db'> & { ai: AiGateway; log: Deps['log'] };

/** What leaves for a model: contact data of public questions masked (the gate masks the privacy list). */
const outgoing = (q: { question: string | null; isPublic: boolean }) => (q.isPublic ? maskContactData(q.question ?? '', []) : (q.question ?? ''));

const usageOf = (owner: Owner, r: Pick<UsageRecord, 'capability' | 'model' | 'inputTokens'> & Partial<UsageRecord>): UsageRecord => ({
  teamId: owner.team.id,
  assistantId: owner.assistant.id,
  threadId: null,
  apiKeyId: null,
  ...r,
});

async function embedPending(deps: ModelDeps, gate: PrivacyGate, owner: Owner, assistantId: number, model: string, now: Date) {
  const pending = await pendingEmbeddings(deps.db, assistantId, corpusSince(now), model, EMBED_PER_BUILD);
  for (let i = 0; i < pending.length; i += EMBED_BATCH) {
    const batch = pending.slice(i, i + EMBED_BATCH);
    try {
      const result = await deps.ai.embed(gate, batch.map(outgoing));
      await saveEmbeddings(deps.db, result.model, batch.map((q, j) => ({ id: q.id, embedding: storedVector(result.embeddings[j]!) })));
      await recordUsage(deps.db, [usageOf(owner, { capability: 'embedding', model: result.model, inputTokens: result.tokens })]);
    } catch (err) {
      // The topics stay as their words group them until the model answers again (next build).
      deps.log.warn({ err, assistantId }, 'question vectors could not be made: topics stay lexical for now');
      return;
    }
  }
}

/** Titles for the shown topics that have none from the current chat model (a few per build). */
async function addTitles(deps: ModelDeps, gate: PrivacyGate, owner: Owner, rows: readonly CorpusRow[], data: SnapshotData) {
  const chat = deps.ai.chat(gate);
  const titles = data.titles!;
  const shown = new Set(Object.values(data.periods).flatMap((p) => p.topics.map((t) => t.key)));
  const missing = [...shown].filter((key) => titles[key]?.model !== chat.name).slice(0, TITLES_PER_BUILD);
  if (missing.length === 0) return;
  const texts = new Map<string, { question: string; isPublic: boolean }[]>();
  const topicOf = new Map(Object.values(data.periods).flatMap((p) => p.topics.flatMap((t) => t.examples.map((id) => [id, t.key] as const))));
  for (const r of rows) {
    const key = topicOf.get(r.id);
    if (!key || !r.question) continue;
    const list = texts.get(key) ?? [];
    list.push({ question: r.question, isPublic: r.isPublic });
    texts.set(key, list);
  }
  for (const key of missing) {
    const examples = texts.get(key);
    if (!examples || examples.length === 0) continue;
    try {
      const made = await titleTopic(chat, examples.map(outgoing));
      await recordUsage(deps.db, [usageOf(owner, { capability: 'chat', model: chat.name, inputTokens: made.usage.inputTokens, outputTokens: made.usage.outputTokens })]);
      if (made.title) titles[key] = { title: made.title, model: chat.name };
    } catch (err) {
      deps.log.warn({ err, assistantId: owner.assistant.id }, 'topic title could not be made: the topic keeps its word');
      return;
    }
  }
  // Only the titles of topics still shown are kept.
  for (const key of Object.keys(titles)) if (!shown.has(key)) delete titles[key];
}

/** The labels the last snapshot showed, by topic key. */
const shownLabels = (previous: SnapshotData | undefined) =>
  new Map(Object.values(previous?.periods ?? {}).flatMap((p) => p.topics.map((t) => [t.key, t.label] as const)));

/** Topics for a Mika's questions that have none yet (before an erasure takes their texts). */
export async function groupInsightTopics(deps: Pick<Deps, 'db'>, assistantId: number, now = new Date()): Promise<void> {
  const [{ rows }, previous] = await Promise.all([loadCorpus(deps.db, assistantId, corpusSince(now)), readSnapshot(deps.db, assistantId)]);
  const joins = (previous?.data as unknown as SnapshotData | undefined)?.joins ?? {};
  await saveTopics(deps.db, assignNewTopics(rows, { joins }).changed);
}

/**
 * Builds every stale insight; returns how many. Each Mika on its own: one that fails (and would
 * fail again every minute) must not keep every later Mika's insight stale.
 */
export async function buildStaleInsights(deps: InsightDeps & Pick<Deps, 'log'>): Promise<number> {
  const model = deps.ai?.canEmbed ? deps.ai.embeddingModel : null;
  const ids = await staleAssistants(deps.db, model ? { model, since: corpusSince(new Date()) } : null);
  const parts = independentParts(deps.log, 'insight build');
  for (const id of ids) await parts.part(`assistant ${id}`, () => buildInsight(deps, id));
  parts.finish();
  return ids.length;
}

/** One Mika's insight built soon (at most one waiting per Mika; the minute's run catches a lost one). */
export async function requestInsightBuild(deps: Pick<Deps, 'jobs' | 'log'>, assistantId: number): Promise<void> {
  await deps.jobs
    .send(INSIGHT_BUILD_ONE_JOB, { assistantId }, { singletonKey: String(assistantId) })
    .catch((err: unknown) => deps.log.warn({ err, assistantId }, 'insight build could not be queued'));
}

export function defineQuestionInsightJobs(deps: Deps) {
  deps.jobs.define(INSIGHT_BUILD_JOB, async () => {
    const built = await buildStaleInsights(deps);
    if (built > 0) deps.log.info({ built }, 'question insights built');
  });
  deps.jobs.schedule(INSIGHT_BUILD_JOB, INSIGHT_BUILD_CRON);
  // After a vote only the counts are due: built without the models (no vectors or titles asked twice
  // while the minute's run may be asking them); joins and titles of the last build are kept.
  deps.jobs.define<{ assistantId: number }>(INSIGHT_BUILD_ONE_JOB, async ({ assistantId }) => buildInsight({ db: deps.db }, assistantId), {
    policy: 'short',
    retryLimit: 1,
  });
}
