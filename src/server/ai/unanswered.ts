// The structured "could not answer" signal of an answer (issue 33, decision 039): never read from
// the answer's words. A model declares it by calling a tool; the offline engine marks its
// "nothing to quote" answer in the finish part's provider metadata.
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

/** The model's function name for "I cannot answer this from what I have". */
export const CANNOT_ANSWER_FUNCTION = 'keine_antwort_moeglich';

export type UnansweredReason = 'no_match' | 'declared';

/** The tool every answer offers: calling it changes nothing but the stored signal. */
export function cannotAnswerTool(): ToolSet {
  return {
    [CANNOT_ANSWER_FUNCTION]: tool({
      description:
        'Rufe dieses Werkzeug auf, wenn du die Frage mit deinem Wissen und deinen Anweisungen nicht beantworten kannst. ' +
        'Sage der Person danach kurz und freundlich, dass du dazu keine Auskunft hast.',
      inputSchema: z.object({}),
      execute: async () => 'Vermerkt. Antworte jetzt kurz, dass du dazu keine Auskunft hast.',
    }),
  };
}

/** The offline engine's mark in the provider metadata of its finish part. */
export const OFFLINE_UNANSWERED = { unanswered: true } as const;

/** Tracks the signal while an answer streams. */
export function unansweredSignal(offlineKey: string) {
  let declared = false;
  let offlineEmpty = false;
  return {
    toolCall(name: string) {
      if (name === CANNOT_ANSWER_FUNCTION) declared = true;
    },
    finishStep(metadata: Record<string, Record<string, unknown> | undefined> | undefined) {
      if (metadata?.[offlineKey]?.unanswered === true) offlineEmpty = true;
    },
    /** no_match: retrieval found nothing to go on (offline: nothing to quote); declared: the model said so despite passages. */
    reason(passageCount: number): UnansweredReason | null {
      if (offlineEmpty) return 'no_match';
      if (!declared) return null;
      return passageCount === 0 ? 'no_match' : 'declared';
    },
  };
}
