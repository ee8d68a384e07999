import { z } from 'zod';
import { DEFAULT_FORM_SETTINGS } from '../../db/schema/tools.ts';
import type { ToolDefinition } from './types.ts';

/** The model's function name; the offline engine calls it when a visitor asks to be contacted. */
export const CONTACT_FORM_FUNCTION = 'kontaktformular_anzeigen';

/** Shows the contact form inline in the chat (docs/product/public-chat-and-embed.md); the form itself is the forms feature's. */
export const contactFormTool: ToolDefinition<Record<string, never>> = {
  slug: 'form',
  uuid: '6f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a51',
  name: 'Kontaktformular',
  description:
    'Zeigt Besuchern im Chat ein Formular für ihre Kontaktdaten; die Angaben werden per E-Mail zugestellt.',
  functionName: CONTACT_FORM_FUNCTION,
  modelDescription:
    'Zeigt ein Kontaktformular im Chat an. Nutze es, wenn die Person kontaktiert werden, einen Rückruf, ' +
    'einen Termin oder ein Angebot möchte.',
  inputSchema: z.object({}),
  defaultSettings: { ...DEFAULT_FORM_SETTINGS },
  needsThread: true,
  async execute(_input, ctx) {
    ctx.effects.push({ type: 'show-form' });
    return 'Das Kontaktformular wird angezeigt. Bitte die Person kurz, es auszufüllen.';
  },
};
