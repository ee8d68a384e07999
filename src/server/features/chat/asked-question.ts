// The chat's hook into the insight (issue 33): every answer of a team Mika records its question
// with the "could not answer" signal as a part of the answer's last statement (decision 038).
import type { Cte, Db } from '../../db/client.ts';
import type { UnansweredReason } from '../../ai/unanswered.ts';
import { recordAskedQuestionCte } from '../question-insights/index.ts';
import type { ThreadAccess } from './chat.service.ts';

/**
 * Whether an answer's question is recorded (with its "could not answer" signal, so only then is
 * the model offered that tool). A default Mika belongs to no team: its insight would mix teams.
 */
export function recordsAskedQuestions(access: ThreadAccess): boolean {
  return access.assistant.teamId !== null;
}

export function askedQuestionCtes(db: Db, access: ThreadAccess, a: { messageId: number; question: string; unanswered: UnansweredReason | null }): Cte[] {
  if (access.assistant.teamId === null || a.question.trim() === '') return []; // as recordsAskedQuestions
  return [
    recordAskedQuestionCte(db, {
      teamId: access.assistant.teamId,
      assistantId: access.assistant.id,
      threadId: access.thread.id,
      messageId: a.messageId,
      isPublic: access.thread.isPublic,
      question: a.question,
      unanswered: a.unanswered,
    }),
  ];
}
