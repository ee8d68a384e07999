import { z } from '../zod.ts';
import { COMMON_MESSAGES, CONVERSATION_MESSAGES } from '../messages.ts';
import { MESSAGE_MAX_CHARS } from '../constants.ts';
import { isCleanText, zId, zRawText, zToken } from './common.ts';
export { MESSAGE_MAX_CHARS };

export const ZThreadCreateRequest = z.object({
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }),
  /** The public chat page asks for a visitor thread even when a session exists. */
  public: z.boolean().optional(),
});
export const ZThread = z.object({ id: z.number(), token: z.string() });
export type Thread = z.infer<typeof ZThread>;

export const MESSAGE_TYPES = ['txt', 'mp3', 'doc', 'form'] as const;

export const ZMessage = z.object({
  id: z.number(),
  /** staff: a team member who took the public conversation over (live hand-off), with `name`. */
  origin: z.enum(['user', 'ai', 'staff']),
  /** A staff message's author (display name). */
  name: z.string().optional(),
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  audio: z.string().nullable(),
  document: z.string().nullable(),
  response_id: z.string().nullable(),
  /**
   * streaming (being written: text so far, the rest follows on the live channel) | complete |
   * partial (interrupted: the provider failed or the server stopped mid-answer) | submitted (a sent form)
   */
  status: z.enum(['streaming', 'complete', 'partial', 'submitted']),
  /** Knowledge sources of an answer (file and page/sheet/slide); absent when it used none. */
  sources: z.array(z.object({ file: z.string(), location: z.string() })).optional(),
  /** The thread's own vote on an answer (Einblicke), shown again when the conversation is loaded. */
  feedback: z.object({ value: z.union([z.literal(1), z.literal(-1)]), reason: z.string().nullable() }).optional(),
  created_at: z.string(),
});
export type AnswerSource = NonNullable<ChatMessage['sources']>[number];
export type ChatMessage = z.infer<typeof ZMessage>;

export const zUserMessage = z
  .string({ error: CONVERSATION_MESSAGES.messageRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.messageRequired)
  .max(MESSAGE_MAX_CHARS, CONVERSATION_MESSAGES.messageTooLong)
  .refine(isCleanText, COMMON_MESSAGES.invalidCharacters);

export const ZStreamQuery = z.object({
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }),
  threadId: zId(CONVERSATION_MESSAGES.noThread),
  token: zToken(CONVERSATION_MESSAGES.noThread).min(1, CONVERSATION_MESSAGES.noThread),
  message: zUserMessage,
  lastResponseId: z.string().max(100).optional(),
  addCost: z.string().max(20).optional(),
});

export const ZSaveStreamRequest = z.object({
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }),
  threadId: zId(CONVERSATION_MESSAGES.noThread),
  message: zRawText(100_000).optional(),
  lastResponseId: z.string().max(100),
  token: zToken(CONVERSATION_MESSAGES.noThread).optional(),
});

/**
 * SSE data lines of GET /api/send/stream: text carries deltas; form announces a stored contact-form
 * message; document a stored document message (a handed-out file); complete carries the whole answer; every stream ends with [DONE].
 */
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'complete'; response_id: string; final_text: string; message_id: number; sources?: AnswerSource[] }
  | { type: 'form'; message_id: number }
  | { type: 'document'; message_id: number; document: string }
  /** A person of the team holds the conversation: the message was stored for them, the Mika does not answer. */
  | { type: 'held'; message_id: number }
  | { type: 'error'; error: string };

export const ZCapability = z.object({ available: z.boolean(), provider: z.string().nullable(), model: z.string().nullable() });
export const ZCapabilities = z.object({
  offline: z.boolean(),
  chat: ZCapability,
  transcription: ZCapability,
  speech: ZCapability,
  image: ZCapability,
  embedding: ZCapability,
  /** Who receives personal data (docs/dataprotection.md): from the operator's configuration. */
  processors: z.array(
    z.object({ name: z.string(), purpose: z.string(), data: z.string(), location: z.enum(['eu', 'non-eu', 'unknown']) }),
  ),
});
export type Capabilities = z.infer<typeof ZCapabilities>;
