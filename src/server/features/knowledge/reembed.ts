// Re-embedding after the embedding model changed (Insight "KI-Anbieter", docs/knowledge.md):
// vectors of different models (and dimensions) never mix — retrieval compares only vectors of the
// current model (vectorRanking), so a Mika whose passages have none stays lexical until this job
// has embedded all of them. One Mika at a time, in one transaction: its old vectors go and the new
// ones come together, so no Mika is ever ranked on half of its passages.
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { assistants, knowledgePassages, teams } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { filterEntries } from '../../../shared/schemas/users.ts';
import { recordUsage } from '../usage/index.ts';
import { embedPassages, insertVectors, vectorsEnabled } from './vectors.ts';

export const reembedJob = 'knowledge-reembed';

/** Enqueues the re-embedding (one queued at a time); the job embeds for whatever model is current when it runs. */
export async function requestReembedding(deps: Deps): Promise<void> {
  await deps.jobs.send(reembedJob, {}, { singletonKey: 'reembed' });
}

/** Mikas with passages that have no vector of the current embedding model (lexical retrieval until done). */
export async function reembeddingPending(deps: Deps): Promise<number> {
  const model = deps.ai.embeddingModel;
  if (!model || !(await vectorsEnabled(deps))) return 0;
  return (await assistantsWithout(deps, model)).length;
}

/** Oldest Mika first (the shipped help Mika, seeded at the first start, leads). */
async function assistantsWithout(deps: Deps, model: string): Promise<number[]> {
  const result = await deps.db.execute<{ assistant_id: number }>(sql`
    select distinct p.assistant_id from knowledge_passages p
    left join knowledge_vectors v on v.passage_id = p.id and v.model = ${model}
    where v.passage_id is null
    order by p.assistant_id`);
  return rowsOf<{ assistant_id: number }>(result).map((r) => r.assistant_id);
}

export function defineReembedJob(deps: Deps) {
  deps.jobs.define<Record<string, never>>(
    reembedJob,
    async (_data, ctx) => {
      // The job may run on an instance that has not heard of the change yet: read it first.
      await deps.providers.reload();
      const model = deps.ai.embeddingModel;
      if (!model || !(await vectorsEnabled(deps))) return;
      for (const assistantId of await assistantsWithout(deps, model)) {
        // A newer change enqueued its own job; this one stops.
        if (deps.ai.embeddingModel !== model || ctx.signal?.aborted) return;
        await reembedAssistant(deps, assistantId, model, ctx.signal);
      }
      deps.log.info({ model }, 'knowledge re-embedded for the current embedding model');
    },
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 3600, heartbeatSeconds: 30 },
  );
}

async function reembedAssistant(deps: Deps, assistantId: number, model: string, signal?: AbortSignal) {
  const [owner] = await deps.db
    .select({ assistant: assistants, team: teams })
    .from(assistants)
    .leftJoin(teams, eq(teams.id, assistants.teamId))
    .where(eq(assistants.id, assistantId));
  if (!owner) return;
  const passages = await deps.db
    .select({ id: knowledgePassages.id, heading: knowledgePassages.heading, text: knowledgePassages.text })
    .from(knowledgePassages)
    .where(eq(knowledgePassages.assistantId, assistantId))
    .orderBy(knowledgePassages.id);
  if (passages.length === 0) return;
  const terms = owner.team ? privacyTermsFor(owner.team, owner.assistant, { force: true }) : filterEntries(owner.assistant.filter);
  const vectors = await embedPassages(deps, createPrivacyGate(terms), passages, signal);
  if (vectors.model !== model) return;
  await deps.db.transaction(async (tx) => {
    // Passages deleted meanwhile are skipped; passages added meanwhile came with vectors of their own.
    const still = new Set(
      (await tx.select({ id: knowledgePassages.id }).from(knowledgePassages).where(eq(knowledgePassages.assistantId, assistantId))).map((r) => r.id),
    );
    await tx.execute(sql`delete from knowledge_vectors where assistant_id = ${assistantId}`);
    await insertVectors(
      tx,
      assistantId,
      model,
      passages.flatMap((p, i) => (still.has(p.id) && vectors.embeddings[i] ? [{ passageId: p.id, embedding: vectors.embeddings[i] }] : [])),
    );
    if (vectors.tokens > 0) {
      await recordUsage(tx, [{ teamId: owner.assistant.teamId, assistantId, capability: 'embedding', model, inputTokens: vectors.tokens }], null, { inTransaction: true });
    }
  });
}
