import { z } from '../zod.ts';
import { ZQaEntryRequest } from './question-insights.ts';

/** A question-and-answer entry of a Mika's knowledge (docs/knowledge.md, "Fragen und Antworten"). */
export const ZQaEntry = z.object({ uuid: z.string(), question: z.string(), answer: z.string(), updated_at: z.string() });
export type QaEntry = z.infer<typeof ZQaEntry>;
export const ZQaEntryList = z.object({ entries: z.array(ZQaEntry) });
export const ZQaEntryUpdate = ZQaEntryRequest;
