import type { ReactNode } from 'react';
import type { ChatSlotContext } from '../../components/chat/index.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { onDemand } from '../../lib/on-demand.tsx';

// The thumbs load the first time an answer shows them: the public chat's first load does not carry
// them (its bundle budget, docs/performance.md).
const AnswerFeedback = onDemand(() => import('./AnswerFeedback.tsx').then((m) => m.AnswerFeedback));

/** The answer slot of a chat panel: thumbs under every finished answer of the assistant. */
export function useFeedbackSlots() {
  return {
    answerActions: (message: ChatMessage, chat: ChatSlotContext): ReactNode =>
      message.origin === 'ai' && message.status === 'complete' && (message.type === 'txt' || message.type === 'mp3') && chat.thread ? (
        <AnswerFeedback message={message} chat={chat} />
      ) : null,
  };
}
