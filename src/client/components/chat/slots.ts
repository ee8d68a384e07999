import type { ReactNode } from 'react';
import type { ChatStatus } from '../../../shared/events.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import type { ThreadEntry } from '../../state/chat-store.ts';

/** What a slot (the voice button, the "kann sprechen" switch) may use of the running chat. */
export interface ChatSlotContext {
  assistantUuid: string;
  publicMode: boolean;
  /** The thread (id and token) once it exists. */
  thread: ThreadEntry | undefined;
  status: ChatStatus;
  messages: ChatMessage[];
  /** Sends a question as the input does (e.g. a transcript); resolves false when it was not taken. */
  send: (text: string) => Promise<boolean>;
  /** The thread, created now if there is none yet (as a first question does); undefined when that failed. */
  startThread: () => Promise<ThreadEntry | undefined>;
  /** Loads the stored messages again (e.g. an answer that became an audio message once spoken). */
  refreshMessages: () => void;
  /**
   * Sets the thread status, e.g. pending-user while a recording is transcribed, error when it failed
   * (the thread of the moment of the call: also one created since this context was made).
   */
  setStatus: (status: ChatStatus, msg?: string) => void;
}

/** Under a stored message (e.g. the thumbs under an answer): its content for that message. */
export type AnswerSlot = (message: ChatMessage, chat: ChatSlotContext) => ReactNode;

/** A slot's content, or a function of the running chat that returns it. */
export type ChatSlot = ReactNode | ((chat: ChatSlotContext) => ReactNode);
