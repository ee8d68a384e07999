import { asc, eq } from 'drizzle-orm';
import { usageRecords } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** The team's usage in its export: one entry per model call, counts only (no content is stored here). */
export const usageRowOwner: RowOwner = {
  owner: 'usage',
  tables: ['usage_records'],
  exportDescription: 'usage.json: der Verbrauch je Aufruf eines KI-Modells (Mika, Fähigkeit, Modell, Tokens, Sekunden, Zeichen, Bilder)',
  async exportTeam(db, teamId, ctx) {
    const records = await db.select().from(usageRecords).where(eq(usageRecords.teamId, teamId)).orderBy(asc(usageRecords.id));
    const mikas = await ctx.assistants();
    return {
      'usage.json': exportJson(
        records.map((r) => ({
          at: r.createdAt,
          assistant: r.assistantId ? (mikas.get(r.assistantId)?.uuid ?? null) : null,
          conversation: r.threadId,
          capability: r.capability,
          model: r.model,
          inputTokens: r.inputTokens,
          outputTokens: r.outputTokens,
          audioSeconds: r.audioSeconds,
          characters: r.characters,
          images: r.images,
        })),
      ),
    };
  },
};
