import { and, asc, eq, isNull } from 'drizzle-orm';
import { knowledgeFiles, knowledgeQaEntries } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson, zipSafeName, type ExportEntries } from '../../platform/team-export.ts';

/** The knowledge files and Q&A entries (cascade with their Mika and the team); exported as knowledge/ with the originals (website pages: website.rows.ts). */
export const knowledgeRowOwner: RowOwner = {
  owner: 'knowledge',
  tables: ['knowledge_files', 'knowledge_qa_entries'],
  exportDescription: 'knowledge/: Liste und Originale der Wissensdateien, hinterlegte Fragen und Antworten',
  async exportTeam(db, teamId, ctx) {
    const files = await db.select().from(knowledgeFiles).where(and(eq(knowledgeFiles.teamId, teamId), isNull(knowledgeFiles.websiteId))).orderBy(asc(knowledgeFiles.id));
    const mikas = await ctx.assistants();
    const entries: ExportEntries = {
      'knowledge/files.json': exportJson(
        files.map((k) => ({ uuid: k.uuid, assistant: mikas.get(k.assistantId)?.uuid, name: k.name, description: k.description, size: k.sizeBytes, status: k.status, data_protection: k.isFiltered, created_at: k.createdAt, file: `knowledge/${k.id}-${zipSafeName(k.name)}` })),
      ),
    };
    const qa = await db.select().from(knowledgeQaEntries).where(eq(knowledgeQaEntries.teamId, teamId)).orderBy(asc(knowledgeQaEntries.id));
    entries['knowledge/questions-and-answers.json'] = exportJson(
      qa.map((e) => ({ uuid: e.uuid, assistant: mikas.get(e.assistantId)?.uuid, question: e.question, answer: e.answer, created_at: e.createdAt, updated_at: e.updatedAt })),
    );
    for (const k of files) {
      const bytes = await ctx.readFile('knowledge', k.storedName);
      if (bytes) entries[`knowledge/${k.id}-${zipSafeName(k.name)}`] = bytes;
    }
    return entries;
  },
};
