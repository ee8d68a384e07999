import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import type { KnowledgeStatus } from '../../../shared/schemas/knowledge.ts';
import type { Deps } from '../../platform/deps.ts';
import { chunkSections, type Chunk } from './chunk.ts';
import type { Assistant, Team } from '../../db/schema/index.ts';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { filterEntries } from '../../../shared/schemas/users.ts';
import { recordUsage } from '../usage/index.ts';
import { embedPassages, vectorsEnabled } from './vectors.ts';
import { ExtractionError } from './extract.ts';
import { extractInThread } from './reading-threads.ts';
import { markFilesToResplit } from './postings.ts';
import {
  filesToReread,
  filesToResplit,
  findFileForIngestion,
  markReadAsCurrent,
  reindexFile,
  hasLegacyFiles,
  reindexLegacyFiles,
  replacePassages,
  setStatus,
  unfinishedFiles,
} from './knowledge.repository.ts';

export const ingestionJob = 'knowledge-ingest';
export const resplitJob = 'knowledge-resplit';
export const legacyIndexJob = 'knowledge-index-legacy';
export const rereadJob = 'knowledge-reread';
/** Files read again per run of the re-read job: a run stays short, a killed one loses little. */
const REREAD_BATCH = 10;
/** Files indexed per run of the legacy-index job: a run stays short, a killed one loses little. */
const LEGACY_BATCH = 25;
/** Uploads within this time after a file is ready share one re-split of the assistant's files. */
const RESPLIT_DELAY_MS = 5000;
const FOLDER = 'knowledge';

/** The new file's words may split compounds of the files before it: those are indexed again. */
async function resplitAfter(deps: Deps, assistantId: number, fileId: number) {
  if ((await markFilesToResplit(deps.db, assistantId, fileId)) === 0) return;
  await deps.jobs.send(resplitJob, { assistantId }, { singletonKey: `resplit-${assistantId}`, startAfter: new Date(Date.now() + RESPLIT_DELAY_MS) });
}

/**
 * Ingestion as a background job: read the text (per page, slide, sheet), cut it into passages,
 * index them — each stage stored on the file and published to the assistant's knowledge room.
 * Safe to run twice: passages are replaced in one transaction, a finished file is left alone.
 */
export function defineKnowledgeJobs(deps: Deps) {
  defineLegacyIndexJob(deps);
  defineRereadJob(deps);
  deps.jobs.define<{ fileId: number }>(
    ingestionJob,
    async ({ fileId }, ctx) => {
      const found = await findFileForIngestion(deps.db, fileId);
      if (!found || found.file.status === 'ready' || found.file.status === 'error') return;
      const { file, assistantUuid, assistant, team } = found;
      const stage = async (status: KnowledgeStatus, error: string | null = null) => {
        await setStatus(deps.db, file.id, status, error);
        deps.realtime?.publishKnowledge({ assistantUuid, fileUuid: file.uuid, status, error });
      };
      try {
        await stage('reading');
        const data = await deps.privateFiles.read(FOLDER, file.storedName);
        if (!data) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
        const sections = await extractInThread(data, file.extension, ctx.signal);
        await stage('chunking');
        const chunks = chunkSections(sections);
        await stage('indexing');
        const vectors = await passageVectors(deps, { assistant, team }, chunks, ctx);
        const indexed = await replacePassages(deps.db, file, chunks, vectors);
        if (indexed) {
          // The earlier version this upload replaced went with it; its bytes go now.
          if (indexed.replaced) await deps.privateFiles.remove(FOLDER, indexed.replaced.storedName);
          if (vectors && vectors.tokens > 0) {
            await recordUsage(deps.db, [
              {
                teamId: assistant.teamId,
                assistantId: assistant.id,
                capability: 'embedding',
                model: vectors.model,
                inputTokens: vectors.tokens,
              },
            ]);
          }
          deps.realtime?.publishKnowledge({
            assistantUuid,
            fileUuid: file.uuid,
            status: 'ready',
            error: null,
          });
          await resplitAfter(deps, assistant.id, file.id);
        }
      } catch (err) {
        // A reason the user can act on ends the file in the error state; anything else is retried.
        if (err instanceof ExtractionError) return stage('error', err.message);
        if (ctx.lastAttempt) await stage('error', KNOWLEDGE_MESSAGES.errorUnreadable).catch(() => undefined);
        throw err;
      }
    },
    // A dead worker's attempt is retried after the heartbeat stops (a 10 MB PDF takes seconds; a
    // scan of 100 pages, whose text is recognized page by page, minutes). Two files at a time: one
    // team's long scan does not hold every other upload of the server at «hochgeladen» (each file
    // is read in a thread of its own, extractInThread; postings are written in term order).
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 1800, heartbeatSeconds: 20, concurrency: 2 },
  );
  deps.jobs.define<{ assistantId: number }>(
    resplitJob,
    async ({ assistantId }) => void (await resplitAssistant(deps, assistantId)),
    {
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 1800,
    },
  );
}

/**
 * Indexes the assistant's files marked for a re-split again, with the vocabulary of all its files
 * (compound splitting: docs/knowledge.md), one file per transaction. Idempotent.
 */
export async function resplitAssistant(deps: Pick<Deps, 'db'>, assistantId: number): Promise<number> {
  const files = await filesToResplit(deps.db, assistantId);
  let count = 0;
  for (const file of files) if (await reindexFile(deps.db, file)) count++;
  return count;
}

/**
 * Vectors of the passages when knowledge vectors are on, masked by the team's and assistant's
 * lists (always, like a data-protection file). A provider failure is retried with the job; on the
 * last attempt the file is finished without vectors (it is still found by the lexical rankings).
 */
export async function passageVectors(
  deps: Deps,
  owner: { assistant: Assistant; team: Team | null },
  chunks: Chunk[],
  ctx: { signal?: AbortSignal; lastAttempt: boolean },
) {
  if (chunks.length === 0 || !(await vectorsEnabled(deps))) return undefined;
  const terms = owner.team
    ? privacyTermsFor(owner.team, owner.assistant, { force: true })
    : filterEntries(owner.assistant.filter);
  try {
    return await embedPassages(deps, createPrivacyGate(terms), chunks, ctx.signal);
  } catch (err) {
    if (!ctx.lastAttempt) throw err;
    deps.log.warn(
      { err, assistantId: owner.assistant.id },
      'passages could not be embedded: the file is found by full text only',
    );
    return undefined;
  }
}

/**
 * Postings for files indexed before the current index (migrations 0020 and 0026): up to `limit`
 * files, one per transaction. Returns how many it indexed and whether any are left.
 */
export async function indexLegacyKnowledge(
  deps: Pick<Deps, 'db' | 'log'>,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ count: number; more: boolean }> {
  const { count, more } = await reindexLegacyFiles(deps.db, limit);
  if (count > 0) deps.log.info({ count, more }, 'knowledge files indexed for BM25 retrieval');
  return { count, more };
}

/**
 * At start: when files wait for their postings (after an upgrade that rebuilt the index), a
 * background job indexes them in batches — the server answers at once instead of after the whole
 * library (a large installation needed minutes, and a platform's health check restarts a server
 * that long silent). A job killed midway continues with the files still without postings.
 */
export async function scheduleLegacyIndexing(deps: Deps): Promise<boolean> {
  if (!(await hasLegacyFiles(deps.db))) return false;
  await deps.jobs.send(legacyIndexJob, {}, { singletonKey: legacyIndexJob });
  return true;
}

function defineLegacyIndexJob(deps: Deps) {
  deps.jobs.define<Record<string, never>>(
    legacyIndexJob,
    async () => {
      const { more } = await indexLegacyKnowledge(deps, LEGACY_BATCH);
      // The next batch as a job of its own (an active job does not hold its key's queued place).
      if (more) await deps.jobs.send(legacyIndexJob, {}, { singletonKey: legacyIndexJob });
    },
    { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 600, policy: 'short' },
  );
}

/**
 * Reads again, in place, up to `limit` ready files that an older reading read, of a format whose
 * reading has changed since (extract.ts: FILE_READING, READING_CHANGES) — a presentation uploaded
 * before charts and speaker notes were read gains them. Each file stays ready and answers from its
 * passages until the new ones replace them in one transaction (replacePassages); one that cannot
 * be read now keeps its passages. Not counted as the team's usage: the upgrade is not theirs.
 */
export async function rereadFiles(
  deps: Deps,
  ctx: { signal: AbortSignal; lastAttempt: boolean },
  limit = REREAD_BATCH,
): Promise<{ count: number; more: boolean }> {
  const due = await filesToReread(deps.db, limit + 1);
  let count = 0;
  for (const { id } of due.slice(0, limit)) {
    const found = await findFileForIngestion(deps.db, id);
    if (!found || found.file.status !== 'ready') continue;
    const { file, assistantUuid, assistant, team } = found;
    try {
      const data = await deps.privateFiles.read(FOLDER, file.storedName);
      if (!data) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
      const chunks = chunkSections(await extractInThread(data, file.extension, ctx.signal));
      const vectors = await passageVectors(deps, { assistant, team }, chunks, ctx);
      if (!(await replacePassages(deps.db, file, chunks, vectors))) continue;
      count++;
      deps.realtime?.publishKnowledge({ assistantUuid, fileUuid: file.uuid, status: 'ready', error: null });
      await resplitAfter(deps, assistant.id, file.id);
    } catch (err) {
      if (!(err instanceof ExtractionError)) throw err;
      deps.log.warn({ fileId: file.id, reason: err.message }, 'a knowledge file could not be read again: its passages stay');
      await markReadAsCurrent(deps.db, file.id);
    }
  }
  if (count > 0) deps.log.info({ count, more: due.length > limit }, 'knowledge files read again by the current reading');
  return { count, more: due.length > limit };
}

/** At start: when files wait to be read again (an upgrade changed how their format is read), a background job does it. */
export async function scheduleRereading(deps: Deps): Promise<boolean> {
  if ((await filesToReread(deps.db, 1)).length === 0) return false;
  await deps.jobs.send(rereadJob, {}, { singletonKey: rereadJob });
  return true;
}

function defineRereadJob(deps: Deps) {
  deps.jobs.define<Record<string, never>>(
    rereadJob,
    async (_data, ctx) => {
      const { more } = await rereadFiles(deps, ctx);
      // The next batch as a job of its own (an active job does not hold its key's queued place).
      if (more) await deps.jobs.send(rereadJob, {}, { singletonKey: rereadJob });
    },
    // One at a time beside the uploads (two ingestions run at once): a re-read is never urgent.
    { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 1800, heartbeatSeconds: 20 },
  );
}

/**
 * The embedded database belongs to this process alone: at start every unfinished ingestion is an
 * orphan of the previous process and is enqueued again (the orphaned attempt, should pg-boss retry
 * it later, finds the file finished and does nothing). On PostgreSQL pg-boss's heartbeat does it.
 */
export async function resumeInterruptedIngestion(deps: Deps): Promise<number> {
  const files = await unfinishedFiles(deps.db);
  for (const f of files) await deps.jobs.send(ingestionJob, { fileId: f.id });
  if (files.length > 0) deps.log.info({ count: files.length }, 'interrupted knowledge ingestion resumed');
  return files.length;
}
