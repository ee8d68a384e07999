import { z } from '../zod.ts';
import { QUESTION_INSIGHT_MESSAGES } from '../messages.ts';
import { CONVERSATION_MESSAGES } from '../messages.ts';
import { isCleanText, zId, zToken } from './common.ts';

/** The longest reason of a thumbs down (a chosen one or the person's own words). */
export const FEEDBACK_REASON_MAX = 500;

/** POST /api/feedback: one vote per answer per person (visitor: by thread token), changeable. */
export const ZFeedbackRequest = z.object({
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }),
  threadId: zId(),
  messageId: zId(),
  token: zToken().optional(),
  value: z.union([z.literal(1), z.literal(-1)], { error: QUESTION_INSIGHT_MESSAGES.valueInvalid }),
  reason: z
    .string()
    .trim()
    .max(FEEDBACK_REASON_MAX, { error: QUESTION_INSIGHT_MESSAGES.reasonTooLong })
    .refine(isCleanText, QUESTION_INSIGHT_MESSAGES.reasonTooLong)
    .optional()
    .nullable(),
});
export type FeedbackRequest = z.infer<typeof ZFeedbackRequest>;
export const ZFeedbackResponse = z.object({ status: z.literal('success'), message: z.string(), value: z.number(), reason: z.string().nullable() });

export const INSIGHT_DAYS = [7, 30, 90] as const;
export const ZInsightQuery = z.object({
  days: z.coerce
    .number({ error: QUESTION_INSIGHT_MESSAGES.daysInvalid })
    .refine((d) => (INSIGHT_DAYS as readonly number[]).includes(d), QUESTION_INSIGHT_MESSAGES.daysInvalid)
    .default(30),
});

export const ZInsightTopic = z.object({
  label: z.string(),
  count: z.number(),
  /** Share 0–1 of its questions that were answered. */
  answered: z.number(),
  /** Share 0–1 of its questions whose answer got a thumbs down. */
  negative: z.number(),
  /** Change of `count` against the previous period of the same length. */
  trend: z.number(),
  examples: z.array(z.string()),
});
/** One question as asked (the same words asked again are one entry, `times` counts them; `at` is the newest). */
export const ZUnansweredQuestion = z.object({
  question: z.string(),
  at: z.string(),
  reason: z.string(),
  fixed: z.boolean(),
  times: z.number(),
});
export const ZInsight = z.object({
  topics: z.array(ZInsightTopic),
  unanswered: z.array(ZUnansweredQuestion),
  feedback: z.object({ up: z.number(), down: z.number() }),
  /** When the aggregates were last built (null: not yet). */
  builtAt: z.string().nullable(),
});
export type Insight = z.infer<typeof ZInsight>;
export type InsightTopic = z.infer<typeof ZInsightTopic>;

export const QA_QUESTION_MAX = 1000;
export const QA_ANSWER_MAX = 8000;
export const ZQaEntryRequest = z.object({
  question: z.string({ error: QUESTION_INSIGHT_MESSAGES.questionRequired }).trim().min(1, QUESTION_INSIGHT_MESSAGES.questionRequired).max(QA_QUESTION_MAX, QUESTION_INSIGHT_MESSAGES.questionTooLong).refine(isCleanText, QUESTION_INSIGHT_MESSAGES.questionRequired),
  answer: z.string({ error: QUESTION_INSIGHT_MESSAGES.answerRequired }).trim().min(1, QUESTION_INSIGHT_MESSAGES.answerRequired).max(QA_ANSWER_MAX, QUESTION_INSIGHT_MESSAGES.answerTooLong).refine(isCleanText, QUESTION_INSIGHT_MESSAGES.answerRequired),
});
export type QaEntryRequest = z.infer<typeof ZQaEntryRequest>;

/** The team overview on Nutzung: Mikas with the most unanswered questions first (last 30 days). */
export const ZInsightOverview = z.object({
  assistants: z.array(z.object({ uuid: z.string(), name: z.string(), questions: z.number(), unanswered: z.number(), down: z.number() })),
});
