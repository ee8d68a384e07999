import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { askedQuestions } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';
import { assistantsWithUngrouped, eraseQuestionTexts, listTeamFeedback } from './question.repository.ts';
import { buildInsight, groupInsightTopics } from './question-insight.jobs.ts';

/** feedback.json of one visitor conversation (the visitor export): the votes on its answers. */
export async function exportThreadFeedback(db: Db, threadId: number) {
  const rows = await db.select().from(askedQuestions).where(eq(askedQuestions.threadId, threadId)).orderBy(asc(askedQuestions.id));
  return {
    'feedback.json': exportJson(
      rows.filter((r) => r.vote !== null).map((r) => ({ answer: r.messageId, question: r.question, vote: r.vote, reason: r.reason, created_at: r.createdAt, updated_at: r.updatedAt })),
    ),
  };
}

/**
 * Asked questions and the votes on answers (decision 039). The erasure of a conversation removes
 * the question's text, the free-text reason and the links; the row stays without them so the
 * counts per topic and day survive. Exported as insights/questions.json (with the feedback).
 */
export const questionInsightRowOwner: RowOwner = {
  owner: 'question-insights',
  tables: ['asked_questions', 'question_insight_snapshots'],
  exportDescription: 'insights/questions.json: die gestellten Fragen mit Rückmeldungen (Daumen, Grund) und ob sie unbeantwortet blieben',
  async eraseThreads(tx, threadIds) {
    // Questions not grouped yet get their topic while they still have their text; afterwards the
    // insight is built again, so no label or example of the erased texts stays in the snapshot.
    for (const assistantId of await assistantsWithUngrouped(tx, threadIds)) await groupInsightTopics({ db: tx }, assistantId);
    const affected = await eraseQuestionTexts(tx, threadIds);
    for (const assistantId of affected) await buildInsight({ db: tx }, assistantId);
  },
  async exportTeam(db, teamId, ctx) {
    const mikas = await ctx.assistants();
    const rows = await listTeamFeedback(db, teamId);
    return {
      'insights/questions.json': exportJson(
        rows.map((r) => ({
          assistant: mikas.get(r.assistantId)?.uuid ?? null,
          thread: r.threadId,
          answer: r.messageId,
          question: r.question,
          unanswered: r.unanswered,
          vote: r.vote,
          reason: r.reason,
          fixed_at: r.fixedAt,
          created_at: r.createdAt,
        })),
      ),
    };
  },
};
