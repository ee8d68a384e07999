import { MAX_DB_INT } from '../../../shared/schemas/common.ts';
import { z } from 'zod';
import type { OfferableFile, ToolDefinition } from './types.ts';

/** The model's function name; the offline engine calls it when someone asks for a file. */
export const ASSET_FUNCTION = 'datei_anbieten';

/** What a listing call returns: the files with their ids (the model picks one by id). */
export interface AssetListing {
  dateien: { id: number; name: string; beschreibung: string; typ: string }[];
  hinweis: string;
}
/** What a hand-out returns: the file's name (the offline engine quotes it in its follow-up). */
export interface AssetHandout {
  angeboten: string;
  hinweis: string;
}

const listing = (files: OfferableFile[], hinweis: string): AssetListing => ({
  dateien: files.map((f) => ({ id: f.id, name: f.name, beschreibung: f.description, typ: f.extension })),
  hinweis,
});

/**
 * Hands out one of THIS assistant's asset files as a document message (docs/product/chat-and-voice.md,
 * "Dateien"). The model first lists the files (no id), then offers one by its id; ids come only
 * from the list the chat service passes for the thread's assistant, so nothing else can be offered.
 */
export const assetTool: ToolDefinition<{ id?: number | undefined }> = {
  slug: 'asset',
  uuid: '6f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a53',
  name: 'Dateien',
  description:
    'Bietet im Chat Dateien zum Öffnen oder Herunterladen an (PDF, Word, Excel, PowerPoint, Bilder), z. B. eine Preisliste oder Broschüre.',
  functionName: ASSET_FUNCTION,
  modelDescription:
    'Bietet eine Datei (z. B. Preisliste, Broschüre, Formular, Bild) im Chat zum Öffnen oder Herunterladen an. ' +
    'Rufe es zuerst ohne id auf: Du bekommst die verfügbaren Dateien mit Beschreibung. ' +
    'Passt eine davon zur Bitte der Person, rufe es mit deren id auf. Erfinde keine Dateien und keine Links.',
  inputSchema: z.object({
    id: z.number().int().positive().max(MAX_DB_INT).optional().describe('Die id der Datei aus der Liste; weglassen, um die Liste zu sehen.'),
  }),
  defaultSettings: {},
  needsThread: true,
  async execute(input, ctx) {
    const files = (await ctx.offerableFiles?.()) ?? [];
    if (files.length === 0) return 'Es gibt keine Dateien, die angeboten werden können.';
    if (input.id === undefined) {
      return { ...listing(files, 'Rufe datei_anbieten mit der id der passenden Datei auf.') };
    }
    const file = files.find((f) => f.id === input.id);
    if (!file) return { ...listing(files, 'Diese id gibt es nicht. Wähle eine id aus der Liste.') };
    if (!ctx.effects.some((e) => e.type === 'document' && e.source === file.source)) {
      ctx.effects.push({ type: 'document', name: file.name, source: file.source });
    }
    const handout: AssetHandout = {
      angeboten: file.name,
      hinweis: 'Die Datei erscheint unter Deiner Antwort zum Öffnen oder Herunterladen. Sage das kurz; nenne keinen Link.',
    };
    return { ...handout };
  },
};
