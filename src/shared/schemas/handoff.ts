import { z } from '../zod.ts';
import { COMMON_MESSAGES, HANDOFF_MESSAGES } from '../messages.ts';
import { isCleanText, zId, zToken } from './common.ts';

// Live hand-off (issue 35, docs/decisions/044-live-handoff.md): settings per Mika, the visitor's
// request, the office area "Live" and its live events.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const zTime = z.string({ error: HANDOFF_MESSAGES.timeInvalid }).regex(TIME, HANDOFF_MESSAGES.timeInvalid);

export const ZHandoffHours = z
  .object({
    day: z.number({ error: HANDOFF_MESSAGES.dayInvalid }).int(HANDOFF_MESSAGES.dayInvalid).min(1, HANDOFF_MESSAGES.dayInvalid).max(7, HANDOFF_MESSAGES.dayInvalid),
    from: zTime,
    to: zTime,
  })
  .refine((h) => h.from <= h.to, { message: HANDOFF_MESSAGES.rangeInvalid, path: ['to'] });

export const ZHandoffSettings = z.object({
  enabled: z.boolean(),
  hours: z.array(ZHandoffHours).max(21, HANDOFF_MESSAGES.tooManyHours),
  waitSeconds: z
    .number({ error: HANDOFF_MESSAGES.waitInvalid })
    .int(HANDOFF_MESSAGES.waitInvalid)
    .min(30, HANDOFF_MESSAGES.waitInvalid)
    .max(900, HANDOFF_MESSAGES.waitInvalid),
  greeting: z
    .string()
    .trim()
    .max(500, HANDOFF_MESSAGES.greetingTooLong)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters),
});
export type HandoffSettings = z.infer<typeof ZHandoffSettings>;

export const DEFAULT_HANDOFF_SETTINGS: HandoffSettings = { enabled: false, hours: [], waitSeconds: 120, greeting: '' };

export const ZHandoffRequest = z.object({
  assistantUuid: z.uuid(),
  threadId: zId(HANDOFF_MESSAGES.threadNotFound),
  token: zToken(HANDOFF_MESSAGES.threadNotFound),
});
export const ZHandoffRequestResult = z.object({ status: z.enum(['waiting', 'unavailable']) });
export type HandoffRequestResult = z.infer<typeof ZHandoffRequestResult>;

export const ZLiveThread = z.object({
  threadId: z.number(),
  assistantUuid: z.string(),
  assistantName: z.string(),
  /** The visitor asked for a person and nobody took it yet. */
  requested: z.boolean(),
  /** The display name of who holds it, or null. */
  takenBy: z.string().nullable(),
  /** Whether the caller holds it. */
  takenByMe: z.boolean(),
  lastMessage: z.string(),
  updatedAt: z.string(),
});
export type LiveThread = z.infer<typeof ZLiveThread>;

export const ZLiveMessageRequest = z.object({
  text: z
    .string({ error: HANDOFF_MESSAGES.messageRequired })
    .trim()
    .min(1, HANDOFF_MESSAGES.messageRequired)
    .max(4000, HANDOFF_MESSAGES.messageTooLong)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters),
});

export const ZLiveThreadParams = z.object({ threadId: zId(HANDOFF_MESSAGES.threadNotFound) });

/**
 * The office's live room per Mika (`live.{assistantId}`): a signed-in member joins the rooms of the
 * Mikas they may use (admins: all of the team's). Being in one is what "available" means.
 */
export const JOIN_LIVE_EVENT = 'join-live';
export const LIVE_EVENT = 'LiveThreadUpdated';
export const liveRoom = (assistantId: number) => `live.${assistantId}`;

/** Something changed in a public thread of the room's Mika: the office refetches the list or the thread. */
export interface LiveThreadUpdated {
  threadId: number;
  assistantUuid: string;
  kind: 'message' | 'requested' | 'taken' | 'released';
  /**
   * A visitor's message accepted (access, limits and credits checked) but not yet stored: its text,
   * for the list to show at once. A `message` event without it follows once the message is stored
   * — or could not be — and the office then reads what is true (decision 046).
   */
  visitor?: { text: string; at: string };
}
export interface JoinLiveAck {
  ok: boolean;
  rooms: number;
}
