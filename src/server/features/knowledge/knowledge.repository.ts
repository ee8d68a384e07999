import { and, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistants,
  knowledgeFiles,
  knowledgePassages,
  teams,
  type KnowledgeFileRow,
} from '../../db/schema/index.ts';
import type { KnowledgeStatus } from '../../../shared/schemas/knowledge.ts';
import type { Chunk } from './chunk.ts';
import { insertVectors } from './vectors.ts';
import { FILE_READING, READING_CHANGES } from './extract.ts';
import { analysePassages, forgetFileTerms, writePostings, type AnalysedPassage } from './postings.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';

export const listFiles = (db: Db, assistantId: number) =>
  db
    .select()
    .from(knowledgeFiles)
    // A website's pages are listed with their website (website.service.ts), not as uploads.
    .where(and(eq(knowledgeFiles.assistantId, assistantId), isNull(knowledgeFiles.websiteId)))
    .orderBy(desc(knowledgeFiles.id));

export async function countFiles(db: Db, assistantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.assistantId, assistantId), isNull(knowledgeFiles.websiteId)));
  return row?.n ?? 0;
}

/** Whether the assistant has a file whose passages can be retrieved. */
export async function hasReadyFile(db: Db, assistantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.assistantId, assistantId), eq(knowledgeFiles.status, 'ready')))
    .limit(1);
  return row !== undefined;
}

/** A file of this assistant (the caller proved access to the assistant). */
export async function findFile(
  db: Db,
  assistantId: number,
  fileUuid: string,
): Promise<KnowledgeFileRow | undefined> {
  const [row] = await db
    .select()
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.assistantId, assistantId), eq(knowledgeFiles.uuid, fileUuid)));
  return row;
}

/** The assistant uuid a file belongs to, for the edit call that names only the file. */
export async function findFileAssistantUuid(db: Db, fileUuid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ uuid: assistants.uuid })
    .from(knowledgeFiles)
    .innerJoin(assistants, eq(assistants.id, knowledgeFiles.assistantId))
    .where(eq(knowledgeFiles.uuid, fileUuid));
  return row?.uuid;
}

export async function insertFile(
  db: Db,
  values: typeof knowledgeFiles.$inferInsert,
): Promise<KnowledgeFileRow> {
  const [row] = await db.insert(knowledgeFiles).values(values).returning();
  return row!;
}

export async function updateFileText(db: Db, id: number, values: { name: string; description: string }) {
  const [row] = await db
    .update(knowledgeFiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(knowledgeFiles.id, id))
    .returning();
  return row!;
}

/** Deleting the row removes every passage and posting with it (cascade); the term counts follow. */
export async function deleteFile(db: Db, file: { id: number; assistantId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from knowledge_files where id = ${file.id} for update`);
    await forgetFileTerms(tx, file.assistantId, file.id);
    await tx.delete(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
  });
}

export async function findFileForIngestion(db: Db, fileId: number) {
  const [row] = await db
    .select({ file: knowledgeFiles, assistantUuid: assistants.uuid, assistant: assistants, team: teams })
    .from(knowledgeFiles)
    .innerJoin(assistants, eq(assistants.id, knowledgeFiles.assistantId))
    .leftJoin(teams, eq(teams.id, assistants.teamId))
    .where(eq(knowledgeFiles.id, fileId));
  return row;
}

export async function setStatus(
  db: Db,
  fileId: number,
  status: KnowledgeStatus,
  error: string | null = null,
) {
  await db
    .update(knowledgeFiles)
    .set({ status, error, updatedAt: new Date() })
    .where(eq(knowledgeFiles.id, fileId));
}

const BATCH = 200;

/** The earlier file an upload replaced, gone with the new one's readiness: its bytes are the caller's to remove. */
export interface ReplacedFile {
  uuid: string;
  storedName: string;
}

/**
 * Replaces a file's passages and marks it ready in one transaction: a retry never doubles them.
 * A file that replaces an earlier one (an upload's new version) takes the earlier one's place in
 * the same transaction. False when the file is gone.
 */
export async function replacePassages(
  db: Db,
  file: { id: number; assistantId: number; name: string },
  chunks: Chunk[],
  vectors?: { model: string; embeddings: number[][] },
): Promise<false | { replaced: ReplacedFile | null }> {
  // The CPU part of indexing before the transaction: it then holds the database for the writes only.
  const analysed = await analysePassages(chunks);
  return db.transaction(async (tx) => {
    // Lock the file row: a delete running at the same time either waits or has already won.
    const locked = await tx.execute(sql`select id, replaces_file_id from knowledge_files where id = ${file.id} for update`);
    const lockedRows = (Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows) as { replaces_file_id: number | null }[];
    if (lockedRows.length === 0) return false;
    const replacesId = lockedRows[0]!.replaces_file_id;
    await forgetFileTerms(tx, file.assistantId, file.id);
    await tx.delete(knowledgePassages).where(eq(knowledgePassages.fileId, file.id));
    const indexed: { id: number; heading: string; location: string; text: string; analysed?: AnalysedPassage }[] = [];
    for (let i = 0; i < chunks.length; i += BATCH) {
      const inserted = await tx
        .insert(knowledgePassages)
        .values(
          chunks.slice(i, i + BATCH).map((c, j) => ({
            fileId: file.id,
            assistantId: file.assistantId,
            position: i + j,
            location: c.location,
            heading: c.heading,
            text: c.text,
          })),
        )
        .returning({ id: knowledgePassages.id, position: knowledgePassages.position });
      for (const r of inserted) indexed.push({ id: r.id, ...chunks[r.position]!, analysed: analysed[r.position] });
      // The passages' vectors go in with them: a file is "fertig" with all its signals or none.
      if (vectors) {
        const rows = inserted.flatMap((r) => {
          const embedding = vectors.embeddings[r.position];
          return embedding ? [{ passageId: r.id, embedding }] : [];
        });
        await insertVectors(tx, file.assistantId, vectors.model, rows);
      }
    }
    // The passages' postings go in with them (BM25: postings.ts).
    const termTotal = await writePostings(tx, file.assistantId, file, indexed);
    await tx
      .update(knowledgeFiles)
      .set({ status: 'ready', error: null, passageCount: chunks.length, termTotal, replacesFileId: null, reading: FILE_READING, updatedAt: new Date() })
      .where(eq(knowledgeFiles.id, file.id));
    let replaced: ReplacedFile | null = null;
    if (replacesId !== null) {
      // The earlier version goes now (if a delete has not taken it already): never both, never neither.
      await tx.execute(sql`select id from knowledge_files where id = ${replacesId} for update`);
      await forgetFileTerms(tx, file.assistantId, replacesId);
      const [gone] = await tx
        .delete(knowledgeFiles)
        .where(and(eq(knowledgeFiles.id, replacesId), eq(knowledgeFiles.assistantId, file.assistantId)))
        .returning({ uuid: knowledgeFiles.uuid, storedName: knowledgeFiles.storedName });
      replaced = gone ?? null;
    }
    return { replaced };
  });
}

/**
 * Uploaded files of the Mika with exactly this many bytes: the candidates for «the same file
 * again». Not one that ended in an error: trying it once more is no duplicate.
 */
export async function filesOfSize(db: Db, assistantId: number, sizeBytes: number) {
  return db
    .select({ id: knowledgeFiles.id, name: knowledgeFiles.name, storedName: knowledgeFiles.storedName })
    .from(knowledgeFiles)
    .where(
      and(
        eq(knowledgeFiles.assistantId, assistantId),
        eq(knowledgeFiles.sizeBytes, sizeBytes),
        isNull(knowledgeFiles.websiteId),
        ne(knowledgeFiles.status, 'error'),
      ),
    );
}

/**
 * Writes a ready file's postings again from its stored passages, in one transaction with the file
 * row locked: with the assistant's vocabulary as it is now, compounds split by parts that only
 * later files brought. `onlyLegacy` skips files that already have postings. False when the file is
 * gone, not ready, or (onlyLegacy) already indexed.
 */
export async function reindexFile(
  db: Db,
  file: { id: number; assistantId: number; name: string },
  onlyLegacy = false,
): Promise<boolean> {
  const passagesOf = (q: Db) =>
    q
      .select({
        id: knowledgePassages.id,
        heading: knowledgePassages.heading,
        location: knowledgePassages.location,
        text: knowledgePassages.text,
      })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.fileId, file.id));
  // The CPU part before the transaction, as replacePassages does: it then holds the database for
  // the writes only. A passage is never changed in place (a new version has new rows), so the same
  // ids inside the transaction are the same passages; other ids (a new version meanwhile) are read there.
  const before = await passagesOf(db);
  const analysed = new Map((await analysePassages(before)).map((a, i) => [before[i]!.id, a]));
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`
      select id from knowledge_files where id = ${file.id} and status = 'ready'
        ${onlyLegacy ? sql`and term_total = 0` : sql``} for update`);
    const lockedRows = Array.isArray(locked) ? locked : (locked as { rows: unknown[] }).rows;
    if (lockedRows.length === 0) return false;
    const ids = await tx.select({ id: knowledgePassages.id }).from(knowledgePassages).where(eq(knowledgePassages.fileId, file.id));
    const unchanged = ids.length === before.length && ids.every((r) => analysed.has(r.id));
    const passages = (unchanged ? before : await passagesOf(tx)).map((p) => ({ ...p, analysed: analysed.get(p.id) }));
    await forgetFileTerms(tx, file.assistantId, file.id);
    await tx.execute(
      sql`delete from knowledge_postings where passage_id in (select id from knowledge_passages where file_id = ${file.id})`,
    );
    const termTotal = await writePostings(tx, file.assistantId, file, passages);
    await tx.update(knowledgeFiles).set({ termTotal, needsResplit: false }).where(eq(knowledgeFiles.id, file.id));
    return true;
  });
}

const fileIdentity = { id: knowledgeFiles.id, assistantId: knowledgeFiles.assistantId, name: knowledgeFiles.name };

/** The ready files of an assistant marked for a re-split, oldest first. */
export const filesToResplit = (db: Db, assistantId: number) =>
  db
    .select(fileIdentity)
    .from(knowledgeFiles)
    .where(
      and(
        eq(knowledgeFiles.assistantId, assistantId),
        eq(knowledgeFiles.status, 'ready'),
        eq(knowledgeFiles.needsResplit, true),
      ),
    )
    .orderBy(knowledgeFiles.id);

const legacyFile = and(
  eq(knowledgeFiles.status, 'ready'),
  sql`${knowledgeFiles.passageCount} > 0 and ${knowledgeFiles.termTotal} = 0`,
);

/** Whether any ready file waits for its postings (see reindexLegacyFiles). */
export async function hasLegacyFiles(db: Db): Promise<boolean> {
  const rows = await db.select({ id: knowledgeFiles.id }).from(knowledgeFiles).where(legacyFile).limit(1);
  return rows.length > 0;
}

/**
 * Postings for the passages of ready files indexed before the current index (migrations 0020 and
 * 0026): up to `limit` files, oldest first, analysed again from the stored text, one file per
 * transaction. Returns how many files, and whether more wait.
 */
export async function reindexLegacyFiles(db: Db, limit = Number.POSITIVE_INFINITY): Promise<{ count: number; more: boolean }> {
  const query = db.select(fileIdentity).from(knowledgeFiles).where(legacyFile).orderBy(knowledgeFiles.id);
  const files = Number.isFinite(limit) ? await query.limit(limit + 1) : await query;
  const batch = files.slice(0, limit);
  let count = 0;
  for (const file of batch) if (await reindexFile(db, file, true)) count++;
  return { count, more: files.length > batch.length };
}

/** A ready upload read by an older reading, of a format whose reading has changed since (extract.ts). */
const rereadDue = and(
  eq(knowledgeFiles.status, 'ready'),
  isNull(knowledgeFiles.websiteId),
  or(...Object.entries(READING_CHANGES).map(([reading, extensions]) => and(lt(knowledgeFiles.reading, Number(reading)), inArray(knowledgeFiles.extension, [...extensions])))),
);

/** Up to `limit` files to read again (see rereadDue), oldest first. */
export const filesToReread = (db: Db, limit: number) =>
  db.select({ id: knowledgeFiles.id }).from(knowledgeFiles).where(rereadDue).orderBy(knowledgeFiles.id).limit(limit);

/** A file that could not be read again keeps its passages, marked as read by the current reading (not tried again). */
export async function markReadAsCurrent(db: Db, fileId: number) {
  await db.update(knowledgeFiles).set({ reading: FILE_READING }).where(eq(knowledgeFiles.id, fileId));
}

/** Files whose ingestion had started or was queued (after a restart of the embedded database). */
export const unfinishedFiles = (db: Db) =>
  db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    // A website's pages are resumed by their crawl (website.jobs.ts), not by ingestion.
    .where(and(inArray(knowledgeFiles.status, ['queued', 'reading', 'chunking', 'indexing']), isNull(knowledgeFiles.websiteId)));

/** The knowledge folder's files still referenced by a row (the rest is swept: platform/file-sweep.ts). */
export const knowledgeFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === 'knowledge',
  async referenced(db, _folder, names) {
    const rows = await db.select({ name: knowledgeFiles.storedName }).from(knowledgeFiles).where(inArray(knowledgeFiles.storedName, names));
    return new Set(rows.map((r) => r.name));
  },
  async teamFiles(db, teamId) {
    const rows = await db
      .select({ name: knowledgeFiles.storedName })
      .from(knowledgeFiles)
      .innerJoin(assistants, eq(assistants.id, knowledgeFiles.assistantId))
      .where(and(eq(assistants.teamId, teamId), isNull(knowledgeFiles.websiteId)));
    return rows.map((r) => ({ folder: 'knowledge', name: r.name }));
  },
};
