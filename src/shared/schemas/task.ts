import { z } from '../zod.ts';
import { COMMON_MESSAGES, CONVERSATION_MESSAGES, TASK_MESSAGES } from '../messages.ts';
import { isCleanText, zId, zText, zToken } from './common.ts';

/** docs/product/tasks-and-images.md: the task input needs at least 30 characters. */
export const TASK_INPUT_MIN = 30;
export const TASK_INPUT_MAX = 8000;
/** docs/product/tasks-and-images.md: the result is typed out one step per 100 ms. */
export const TASK_TYPING_MS = 100;

/** POST /api/send/task {assistantUuid, threadId, input}; the thread's token rides along as for every thread call. */
export const ZTaskRequest = z.object({
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }),
  threadId: zId(CONVERSATION_MESSAGES.noThread).optional(),
  token: zToken(CONVERSATION_MESSAGES.noThread).optional(),
  input: z
    .string({ error: TASK_MESSAGES.inputMin })
    .trim()
    .min(TASK_INPUT_MIN, TASK_MESSAGES.inputMin)
    .max(TASK_INPUT_MAX, TASK_MESSAGES.inputTooLong)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters),
});
export type TaskRequest = z.infer<typeof ZTaskRequest>;

/** docs/product/tasks-and-images.md: "Task response". For `doc`, responseData is the document's file name (docs/product/tasks-and-images.md). */
export const ZTaskResponse = z.object({
  responseData: z.string(),
  responseType: z.enum(['txt', 'doc']),
  msgId: z.number(),
  threadToken: z.string(),
  threadId: z.number(),
});
export type TaskResponse = z.infer<typeof ZTaskResponse>;

/** POST /api/email/taskoutput {assistant_name, output}; assistantUuid (ours) checks the use right too. */
export const ZTaskOutputMail = z.object({
  assistant_name: zText(200).refine((v) => v.length > 0, COMMON_MESSAGES.invalidInput),
  output: zText(100_000).refine((v) => v.length > 0, COMMON_MESSAGES.invalidInput),
  assistantUuid: z.uuid({ error: CONVERSATION_MESSAGES.noAssistant }).optional(),
});
export type TaskOutputMail = z.infer<typeof ZTaskOutputMail>;
