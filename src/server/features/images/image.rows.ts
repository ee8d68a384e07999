import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { generatedImages, styleImages } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson, type ExportEntries } from '../../platform/team-export.ts';
import { IMAGE_FOLDER, STYLE_IMAGE_FOLDER } from './image.repository.ts';

type ReadFile = (folder: string, name: string) => Promise<Uint8Array | undefined>;

/** The pictures matching `where`, as images/images.json with each stored PNG beside it. */
async function exportPictures(db: Db, where: SQL, readFile: ReadFile, assistantUuid: (id: number) => string | undefined): Promise<ExportEntries> {
  const pictures = await db.select().from(generatedImages).where(where).orderBy(asc(generatedImages.id));
  const entries: ExportEntries = {
    'images/images.json': exportJson(
      pictures.map((p) => ({
        uuid: p.uuid,
        assistant: assistantUuid(p.assistantId) ?? null,
        description: p.description,
        prompt: p.prompt,
        style: [p.mainStyle, p.subStyle].filter(Boolean).join('/'),
        status: p.status,
        created_at: p.createdAt,
        file: p.storedName ? `images/${p.uuid}.png` : null,
      })),
    ),
  };
  for (const p of pictures) {
    const bytes = p.storedName ? await readFile(IMAGE_FOLDER, p.storedName) : undefined;
    if (bytes) entries[`images/${p.uuid}.png`] = bytes;
  }
  return entries;
}

/** One person's pictures, for the user export (DSGVO Art. 15); Mikas by row id → uuid. */
export function exportUserImages(db: Db, userId: number, readFile: ReadFile, mikas: ReadonlyMap<number, { uuid: string }>): Promise<ExportEntries> {
  return exportPictures(db, eq(generatedImages.userId, userId), readFile, (id) => mikas.get(id)?.uuid);
}

/**
 * The pictures and the reference images of custom styles (cascade with their Mika and the team);
 * exported as images/ with the PNGs and images/styles/ with the references. A custom style's
 * description is derived from the references and goes with them.
 */
export const imageRowOwner: RowOwner = {
  owner: 'images',
  tables: ['generated_images', 'style_images', 'custom_image_styles'],
  exportDescription: 'images/: erzeugte Bilder und Referenzbilder eigener Stile',
  async exportTeam(db, teamId, ctx) {
    const mikas = await ctx.assistants();
    const uuidOf = (id: number) => mikas.get(id)?.uuid;
    const entries = await exportPictures(db, eq(generatedImages.teamId, teamId), (folder, name) => ctx.readFile(folder, name), uuidOf);
    const references = await db.select().from(styleImages).where(eq(styleImages.teamId, teamId)).orderBy(asc(styleImages.id));
    entries['images/styles/references.json'] = exportJson(
      references.map((r) => ({ uuid: r.uuid, assistant: uuidOf(r.assistantId) ?? null, created_at: r.createdAt, file: `images/styles/${r.uuid}.${r.storedName.split('.').pop()}` })),
    );
    for (const r of references) {
      const bytes = await ctx.readFile(STYLE_IMAGE_FOLDER, r.storedName);
      if (bytes) entries[`images/styles/${r.uuid}.${r.storedName.split('.').pop()}`] = bytes;
    }
    return entries;
  },
};
