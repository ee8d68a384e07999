// The help Mika's knowledge: the user guide that ships with the app (content/guide/mika-handbuch.md).
// One shared, read-only index on the default assistant (teams see it, never copy it), rebuilt at
// start whenever the guide's text changed. No bytes in the file store: the repository holds them.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { knowledgeFiles } from '../../db/schema/index.ts';
import { chunkSections } from './chunk.ts';
import type { Section } from './extract.ts';
import { insertFile, replacePassages } from './knowledge.repository.ts';

export const GUIDE_PATH = fileURLToPath(new URL('../../../../content/guide/mika-handbuch.md', import.meta.url));
/** The file name under answers ("Quellen") and in the passages' source. */
export const GUIDE_FILE_NAME = 'Mika-Handbuch';
/** Stored names of the guide's file row (its bytes are in the repository, not in the file store). */
const GUIDE_STORED_PREFIX = 'builtin-guide-';

/** Whether a knowledge file is the shipped guide: read-only, nobody uploads, renames or deletes it. */
export function isGuideFile(file: { teamId: number | null; storedName: string }): boolean {
  return file.teamId === null && file.storedName.startsWith(GUIDE_STORED_PREFIX);
}

/**
 * Refuses a change to the help Mika's knowledge (decision 030): the guide is one shared, read-only
 * index, and every other file would go when the guide changes (seedGuideKnowledge keeps only it).
 * Also the superadmin, who may edit default Mikas, is refused — 403 with the reason.
 */
export async function refuseGuideChange(db: Db, assistantId: number, file?: { teamId: number | null; storedName: string }): Promise<void> {
  const guide = file
    ? isGuideFile(file)
    : (
        await db
          .select({ id: knowledgeFiles.id })
          .from(knowledgeFiles)
          .where(
            and(eq(knowledgeFiles.assistantId, assistantId), isNull(knowledgeFiles.teamId), like(knowledgeFiles.storedName, `${GUIDE_STORED_PREFIX}%`)),
          )
          .limit(1)
      ).length > 0;
  if (guide) throw new AppError('FORBIDDEN', KNOWLEDGE_MESSAGES.guideReadOnly);
}

/** One section per "## " chapter; its title is the passage's location ("Mika-Handbuch, Wissen hochladen"). */
export function guideSections(markdown: string): Section[] {
  const chapters = markdown.replace(/\r\n?/g, '\n').split(/^## +/m).slice(1);
  return chapters.map((chapter) => {
    const [title = '', ...body] = chapter.split('\n');
    const paragraphs = body
      .join('\n')
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    return { location: title.trim(), blocks: paragraphs.map((text) => ({ kind: 'text' as const, text })) };
  });
}

/**
 * Makes the guide the assistant's knowledge: nothing to do when this version is indexed already;
 * otherwise the old version goes and this one is indexed, under a lock (several instances start
 * at once). Returns whether it indexed.
 */
export async function seedGuideKnowledge(db: Db, assistantId: number, guidePath = GUIDE_PATH): Promise<boolean> {
  const text = await readFile(guidePath, 'utf8');
  const storedName = `${GUIDE_STORED_PREFIX}${createHash('sha256').update(text).digest('hex').slice(0, 16)}.md`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mika-guide-knowledge'))`);
    const [current] = await tx
      .select({ id: knowledgeFiles.id })
      .from(knowledgeFiles)
      .where(and(eq(knowledgeFiles.assistantId, assistantId), eq(knowledgeFiles.storedName, storedName), eq(knowledgeFiles.status, 'ready')));
    if (current) return false;
    // The help Mika has no other knowledge: every older version goes with its passages.
    await tx.delete(knowledgeFiles).where(eq(knowledgeFiles.assistantId, assistantId));
    const file = await insertFile(tx, {
      teamId: null,
      assistantId,
      name: GUIDE_FILE_NAME,
      description: 'Das Handbuch zu Mika, mitgeliefert mit der Anwendung.',
      extension: 'md',
      sizeBytes: Buffer.byteLength(text),
      storedName,
      status: 'indexing',
    });
    await replacePassages(tx, file, chunkSections(guideSections(text)));
    return true;
  });
}
