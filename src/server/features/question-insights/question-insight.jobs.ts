import type { Deps } from '../../platform/deps.ts';
import { assignTopics, buildSnapshot, CORPUS_DAYS } from './snapshot.ts';
import { loadCorpus, saveSnapshot, saveTopics, staleAssistants } from './question.repository.ts';

export const INSIGHT_BUILD_JOB = 'question-insights-build';
/**
 * Every minute (pg-boss's finest cron): the insight of every Mika with new questions or votes is
 * built again, so a new question shows within about a minute and a page view reads the result.
 */
export const INSIGHT_BUILD_CRON = '* * * * *';

/** Groups one Mika's questions of the last 180 days and stores its insight. */
export async function buildInsight(deps: Pick<Deps, 'db'>, assistantId: number, now = new Date()): Promise<void> {
  const { teamId, rows } = await loadCorpus(deps.db, assistantId, new Date(now.getTime() - CORPUS_DAYS * 86_400_000));
  const { keys, labels, changed } = assignTopics(rows);
  await saveTopics(deps.db, changed);
  const data = buildSnapshot(rows, keys, labels, now);
  await saveSnapshot(deps.db, { assistantId, teamId, builtAt: now, data: data as unknown as Record<string, unknown> });
}

/** Only the topic keys of a Mika's questions (before an erasure takes their texts). */
export async function groupInsightTopics(deps: Pick<Deps, 'db'>, assistantId: number, now = new Date()): Promise<void> {
  const { rows } = await loadCorpus(deps.db, assistantId, new Date(now.getTime() - CORPUS_DAYS * 86_400_000));
  await saveTopics(deps.db, assignTopics(rows).changed);
}

/** Builds every stale insight; returns how many. */
export async function buildStaleInsights(deps: Pick<Deps, 'db'>): Promise<number> {
  const ids = await staleAssistants(deps.db);
  for (const id of ids) await buildInsight(deps, id);
  return ids.length;
}

export function defineQuestionInsightJobs(deps: Deps) {
  deps.jobs.define(INSIGHT_BUILD_JOB, async () => {
    const built = await buildStaleInsights(deps);
    if (built > 0) deps.log.info({ built }, 'question insights built');
  });
  deps.jobs.schedule(INSIGHT_BUILD_JOB, INSIGHT_BUILD_CRON);
}
