import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { Assistant } from '../../db/schema/index.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { ASSISTANT_MESSAGES, QUESTION_INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import type { FeedbackRequest, Insight, QaEntryRequest } from '../../../shared/schemas/question-insights.ts';
import { listTeamAssistantNames } from '../assistants/index.ts';
import { addQaEntry } from '../knowledge/index.ts';
import { maskContactData } from './masking.ts';
import { requestInsightBuild } from './question-insight.jobs.ts';
import { listUnanswered, markQuestionsFixed, questionTexts, readSnapshot, readTeamSnapshots, voteOnAnswer } from './question.repository.ts';
import { sameWords, type SnapshotData } from './snapshot.ts';

const DAY_MS = 86_400_000;
const UNANSWERED_SHOWN = 100;

/**
 * POST /api/feedback: the thread's person (or visitor, by the thread token) votes on one of its
 * answers; a second vote replaces the first. The reason is kept only with a thumbs down.
 */
export async function submitFeedback(deps: Deps, auth: AuthContext | null, body: FeedbackRequest) {
  const access = await requireAccess(auth, 'thread', { assistantUuid: body.assistantUuid, threadId: body.threadId, token: body.token }, deps);
  const reason = body.value === -1 && body.reason ? body.reason : null;
  const stored = await voteOnAnswer(deps.db, {
    teamId: access.assistant.teamId,
    assistantId: access.assistant.id,
    threadId: access.thread.id,
    messageId: body.messageId,
    isPublic: access.thread.isPublic,
    value: body.value,
    reason,
  });
  if (!stored) throw new AppError('NOT_FOUND', QUESTION_INSIGHT_MESSAGES.answerNotFound);
  // The insight's counts follow the vote within seconds instead of the next minute.
  if (access.assistant.teamId !== null) await requestInsightBuild(deps, access.assistant.id);
  return { status: 'success' as const, message: QUESTION_INSIGHT_MESSAGES.feedbackSaved, value: body.value, reason };
}

/** Only a team's own Mika has an insight (a default Mika's would mix teams). */
function teamMika(assistant: Assistant, auth: AuthContext | null): Assistant {
  if (assistant.teamId === null || assistant.teamId !== auth?.team.id) throw new AppError('NOT_FOUND', ASSISTANT_MESSAGES.notFound);
  return assistant;
}

const reasonText = (r: { unanswered: string | null; vote: number | null; reason: string | null }) => {
  if (r.vote === -1) return r.reason ? `${QUESTION_INSIGHT_MESSAGES.reasonThumbsDown}: ${r.reason}` : QUESTION_INSIGHT_MESSAGES.reasonThumbsDown;
  return r.unanswered === 'declared' ? QUESTION_INSIGHT_MESSAGES.reasonDeclared : QUESTION_INSIGHT_MESSAGES.reasonNoMatch;
};

/** Newest first in, one entry per question out: the newest's date and reason, how often it was asked. */
function groupAsked(rows: Omit<Insight['unanswered'][number], 'times'>[]): Insight['unanswered'] {
  const byWords = new Map<string, Insight['unanswered'][number]>();
  for (const row of rows) {
    const seen = byWords.get(sameWords(row.question));
    if (seen) seen.times++;
    else byWords.set(sameWords(row.question), { ...row, times: 1 });
  }
  return [...byWords.values()];
}

/**
 * GET /api/insights/{assistantUuid}?days=: the aggregates as the grouping job built them (never
 * computed here), the newest unanswered questions, texts of public chats masked.
 */
export async function getInsight(deps: Deps, auth: AuthContext | null, uuid: string, days: number): Promise<Insight> {
  const assistant = teamMika(await requireAccess(auth, 'assistant.edit', uuid, deps), auth);
  const since = new Date(Date.now() - days * DAY_MS);
  // Read more than are shown: the same question asked again is grouped into one entry.
  const [snapshot, unanswered] = await Promise.all([readSnapshot(deps.db, assistant.id), listUnanswered(deps.db, assistant.id, since, UNANSWERED_SHOWN * 3)]);
  const data = snapshot?.data as unknown as SnapshotData | undefined;
  const period = data?.periods[String(days)];
  const exampleIds = period?.topics.flatMap((t) => t.examples) ?? [];
  const texts = new Map((await questionTexts(deps.db, assistant.id, exampleIds)).map((q) => [q.id, q]));
  const terms = privacyTermsFor(auth!.team, assistant, { force: true });
  const shown = (q: { question: string | null; isPublic: boolean }) => (q.isPublic ? maskContactData(q.question ?? '', terms) : (q.question ?? ''));
  return {
    topics: (period?.topics ?? []).map((t) => ({
      // A model's title or the users' own word: either may carry a term of the privacy list.
      label: maskContactData(data?.titles?.[t.key]?.title ?? t.label, terms),
      count: t.count,
      answered: t.answered,
      negative: t.negative,
      trend: t.trend,
      examples: t.examples.flatMap((id) => (texts.has(id) ? [shown(texts.get(id)!)] : [])),
    })),
    unanswered: groupAsked(unanswered.map((r) => ({ question: shown(r), at: r.createdAt.toISOString(), reason: reasonText(r), fixed: r.fixedAt !== null }))).slice(0, UNANSWERED_SHOWN),
    feedback: period?.feedback ?? { up: 0, down: 0 },
    builtAt: snapshot?.builtAt.toISOString() ?? null,
  };
}

/**
 * POST /api/insights/{assistantUuid}/answers: "Antwort hinterlegen" — the answer becomes a Q&A
 * entry of the Mika's knowledge, and the matching questions count as fixed.
 */
export async function storeInsightAnswer(deps: Deps, auth: AuthContext | null, uuid: string, entry: QaEntryRequest) {
  const assistant = teamMika(await requireAccess(auth, 'assistant.edit', uuid, deps), auth);
  await addQaEntry(deps, { assistant, team: auth!.team }, entry);
  await markQuestionsFixed(deps.db, assistant.id, entry.question);
  return { status: 'success' as const, message: QUESTION_INSIGHT_MESSAGES.answerStored };
}

/** GET /api/insights: the team overview for admins — Mikas with the most unanswered questions first (30 days). */
export async function getInsightOverview(deps: Deps, auth: AuthContext | null) {
  const admin = requireAccess(auth, 'admin');
  const [snapshots, names] = await Promise.all([readTeamSnapshots(deps.db, admin.team.id), listTeamAssistantNames(deps.db, admin.team.id)]);
  const assistants = snapshots.flatMap((s) => {
    const mika = names.get(s.assistantId);
    const period = (s.data as unknown as SnapshotData).periods['30'];
    if (!mika || !period || period.questions === 0) return [];
    return [{ ...mika, questions: period.questions, unanswered: period.unanswered, down: period.feedback.down }];
  });
  assistants.sort((a, b) => b.unanswered - a.unanswered || b.questions - a.questions || a.name.localeCompare(b.name));
  return { assistants };
}
