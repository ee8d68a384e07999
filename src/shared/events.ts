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
