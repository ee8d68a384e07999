import type { ReactNode } from 'react';
import type { AIAnswerUpdated, AIProcessingUpdated } from '../../../shared/events.ts';

/**
 * The live progress channel as the chat panel sees it. The office passes the Socket.IO channel
 * (lib/live-channel.ts) and its status dot; the public chat passes none and takes its status from
 * the answer's own event stream — so a visitor's browser never loads the socket client
 * (docs/decisions/012).
 */
export interface ChatLive {
  subscribe: (
    threadId: number,
    token: string,
    listener: (event: AIProcessingUpdated) => void,
    /** The text of an answer this view did not ask for (another tab, a thread opened mid-answer). */
    answerListener?: (event: AIAnswerUpdated) => void,
  ) => () => void;
  /** Shown beside the assistant's name, e.g. the connection's status dot. */
  indicator: ReactNode;
}
