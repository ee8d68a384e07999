// The Q&A entries of a Mika's knowledge and its Q&A file (knowledge-qa.ts): the queries.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFiles, knowledgeQaEntries, type KnowledgeFileRow } from '../../db/schema/index.ts';
import { QA_EXTENSION } from './qa-file.ts';

export type QaEntryRow = typeof knowledgeQaEntries.$inferSelect;

/** The Mika's Q&A file (known by its kind, whatever it is called). */
export async function findQaFile(db: Db, assistantId: number): Promise<KnowledgeFileRow | undefined> {
  const [row] = await db
    .select()
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.assistantId, assistantId), eq(knowledgeFiles.extension, QA_EXTENSION)))
    .limit(1);
  return row;
}

/** The Mika's entries, oldest first. */
export async function qaEntriesOf(db: Db, assistantId: number): Promise<QaEntryRow[]> {
  return db.select().from(knowledgeQaEntries).where(eq(knowledgeQaEntries.assistantId, assistantId)).orderBy(asc(knowledgeQaEntries.id));
}

export async function findQaEntry(db: Db, assistantId: number, entryUuid: string): Promise<QaEntryRow | undefined> {
  const [entry] = await db
    .select()
    .from(knowledgeQaEntries)
    .where(and(eq(knowledgeQaEntries.assistantId, assistantId), eq(knowledgeQaEntries.uuid, entryUuid)));
  return entry;
}

export async function insertQaEntry(db: Db, entry: Pick<typeof knowledgeQaEntries.$inferInsert, 'teamId' | 'assistantId' | 'fileId' | 'question' | 'answer'>) {
  await db.insert(knowledgeQaEntries).values(entry);
}

export async function updateQaEntryRow(db: Db, id: number, input: { question: string; answer: string }): Promise<QaEntryRow> {
  const [row] = await db
    .update(knowledgeQaEntries)
    .set({ question: input.question, answer: input.answer, updatedAt: new Date() })
    .where(eq(knowledgeQaEntries.id, id))
    .returning();
  return row!;
}

export async function deleteQaEntryRow(db: Db, id: number): Promise<void> {
  await db.delete(knowledgeQaEntries).where(eq(knowledgeQaEntries.id, id));
}

/** The Q&A file after its passages were written: its readable copy and state. */
export async function markQaFileReady(db: Db, fileId: number, stored: { storedName: string; sizeBytes: number }): Promise<void> {
  await db
    .update(knowledgeFiles)
    .set({ ...stored, status: 'ready', error: null, updatedAt: new Date() })
    .where(eq(knowledgeFiles.id, fileId));
}
