// The chat's hook into the insight (issue 33): every answer of a team Mika records its question
// with the "could not answer" signal as a part of the answer's last statement (decision 038).
import type { Cte, Db } from '../../db/client.ts';
import type { UnansweredReason } from '../../ai/unanswered.ts';
import { recordAskedQuestionCte } from '../question-insights/index.ts';
import type { ThreadAccess } from './chat.service.ts';

export function askedQuestionCtes(db: Db, access: ThreadAccess, a: { messageId: number; question: string; unanswered: UnansweredReason | null }): Cte[] {
  // A default Mika belongs to no team: its insight would mix teams, so nothing is recorded.
  if (access.assistant.teamId === null || a.question.trim() === '') return [];
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
