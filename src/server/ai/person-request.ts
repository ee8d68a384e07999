// The structured "the visitor wants a person" signal of an answer (issue 35, decision 046): never
// read from the answer's or the question's words when a model answers. The model declares it by
// calling a tool; the answer stops after that step and the caller starts the same request as the
// button "Mit einem Menschen sprechen". Offered only where the Mika's live hand-off is on; offline
// (no model to ask), the caller's small German phrase list decides instead.
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

/** The model's function name for "the visitor asks to talk to a person of the team". */
export const ASK_PERSON_FUNCTION = 'mit_einem_menschen_sprechen';

/** The tool: calling it changes nothing here; the caller reads the call from the outcome. */
export function askPersonTool(): ToolSet {
  return {
    [ASK_PERSON_FUNCTION]: tool({
      description:
        'Rufe dieses Werkzeug auf, wenn die Person ausdrücklich mit einem Menschen aus dem Team sprechen möchte ' +
        '(einer Mitarbeiterin, einem Mitarbeiter, dem Kundenservice, einer echten Person). ' +
        'Nicht aufrufen, nur weil du eine Frage nicht beantworten kannst. Das Team wird dann gefragt; schreibe danach nichts mehr.',
      inputSchema: z.object({}),
      execute: async () => 'Das Team ist gefragt.',
    }),
  };
}
