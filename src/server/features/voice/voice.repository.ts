import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistants, messages, threads } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';

// The spoken answers' files (folders audio-{assistantUuid}); the messages naming them are chat's rows.

export const AUDIO_FOLDER = 'audio';

/** A spoken answer's audio for the data exports (the conversations' part reads it through the wiring). */
export async function readStoredAnswerAudio(deps: Pick<Deps, 'privateFiles'>, ref: { assistantUuid: string; name: string }): Promise<Uint8Array | undefined> {
  return deps.privateFiles.read(`${AUDIO_FOLDER}-${ref.assistantUuid}`, ref.name);
}

/** The spoken answers of the messages matching `where`, each in its assistant's folder. */
async function audioFilesWhere(db: Db, where: SQL) {
  const rows = await db
    .select({ name: messages.audio, assistantUuid: assistants.uuid })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(where, isNotNull(messages.audio)));
  return rows.map((r) => ({ folder: `${AUDIO_FOLDER}-${r.assistantUuid}`, name: r.name! }));
}

/** Spoken answers (folders audio-{assistantUuid}) still referenced by a message; the rest is swept. */
export const audioFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder.startsWith(`${AUDIO_FOLDER}-`),
  async referenced(db, _folder, names) {
    const rows = await db.select({ name: messages.audio }).from(messages).where(inArray(messages.audio, names));
    return new Set(rows.map((r) => r.name ?? ''));
  },
  teamFiles: (db, teamId) => audioFilesWhere(db, eq(assistants.teamId, teamId)),
  async threadFiles(db, threadIds) {
    return threadIds.length === 0 ? [] : audioFilesWhere(db, inArray(messages.threadId, threadIds));
  },
};
