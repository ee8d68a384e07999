import { asc, eq } from 'drizzle-orm';
import { assetFiles } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson, zipSafeName, type ExportEntries } from '../../platform/team-export.ts';

/** The Mikas' files (cascade with their Mika and the team); exported as assets/ with the originals. */
export const assetRowOwner: RowOwner = {
  owner: 'assets',
  tables: ['asset_files'],
  exportDescription: 'assets/: Dateien der Mikas',
  async exportTeam(db, teamId, ctx) {
    const files = await db.select().from(assetFiles).where(eq(assetFiles.teamId, teamId)).orderBy(asc(assetFiles.id));
    const mikas = await ctx.assistants();
    const entries: ExportEntries = {
      'assets/files.json': exportJson(files.map((f) => ({ uuid: f.uuid, assistant: mikas.get(f.assistantId)?.uuid, name: f.name, description: f.description, file: `assets/${f.id}-${zipSafeName(f.name)}` }))),
    };
    for (const f of files) {
      const bytes = await ctx.readFile('assets', f.storedName);
      if (bytes) entries[`assets/${f.id}-${zipSafeName(f.name)}`] = bytes;
    }
    return entries;
  },
};
