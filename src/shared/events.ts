// Typed live events (Socket.IO). Room per thread: `ai-progress.{threadId}`; joining needs the thread token.
export const AI_PROGRESS_EVENT = 'AIProcessingUpdated';
export const JOIN_THREAD_EVENT = 'join-thread';
export const LEAVE_THREAD_EVENT = 'leave-thread';

export const CHAT_STATUSES = ['done-ai', 'pending-user', 'start-ai', 'request-ai', 'error'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export interface AIProcessingUpdated {
  threadId: number;
  status: ChatStatus;
  msg: string;
}

export const progressRoom = (threadId: number) => `ai-progress.${threadId}`;

export interface JoinThreadRequest {
  threadId: number;
  token: string;
}
export interface JoinThreadAck {
  ok: boolean;
  error?: string;
}

/**
 * The text of an answer as it streams, for everyone in the thread's room (another tab, a client
 * that opened the thread mid-answer, another instance's client via Redis). `offset` is where
 * `delta` starts in the answer's text: a client whose copy is shorter refetches the messages.
 * `done` closes the answer (its final status is in the messages).
 */
export const AI_ANSWER_EVENT = 'AIAnswerUpdated';
export interface AIAnswerUpdated {
  threadId: number;
  messageId: number;
  offset: number;
  delta: string;
  done: boolean;
}
