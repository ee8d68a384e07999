import { requireAccess } from '../../platform/access.ts';
import type { Passage } from '../../ai/offline-engine.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../db/client.ts';
import type { PrivacyGate } from '../../ai/privacy-gate.ts';
import { vectorRanking } from './vectors.ts';
import { RERANK_CANDIDATES, rerankPassages } from './rerank.ts';
import { recordUsage, type UsageRecord } from '../usage/index.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { SingleUpload } from '../../platform/uploads.ts';
import type { KnowledgeFileRow } from '../../db/schema/index.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  KNOWLEDGE_MAX_FILES,
  type KnowledgeFile,
  type KnowledgeList,
} from '../../../shared/schemas/knowledge.ts';
import { checkKnowledgeFile } from './file-check.ts';
import { ingestionJob } from './knowledge.jobs.ts';
import {
  countFiles,
  deleteFile,
  filesOfSize,
  findFile,
  findFileAssistantUuid,
  hasReadyFile,
  insertFile,
  listFiles,
  updateFileText,
} from './knowledge.repository.ts';
import { searchPassages } from './retrieval.ts';
import { vocabularyOf } from './term-cache.ts';
import { preferQaPassages } from './knowledge-qa.ts';
import { isGuideFile, refuseGuideChange } from './guide.seed.ts';

export const KNOWLEDGE_FOLDER = 'knowledge';

export function toKnowledgeFile(f: KnowledgeFileRow): KnowledgeFile {
  return {
    uuid: f.uuid,
    id: f.id,
    name: f.name,
    description: f.description,
    extension: f.extension,
    is_filtered: f.isFiltered ? 1 : 0,
    size: f.sizeBytes,
    status: f.status as KnowledgeFile['status'],
    error: f.error,
    passages: f.passageCount,
    created_at: f.createdAt.toISOString(),
  };
}

export async function listKnowledge(
  deps: Deps,
  auth: AuthContext,
  assistantUuid: string,
): Promise<KnowledgeList> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const files = await listFiles(deps.db, assistant.id);
  return { files: files.map(toKnowledgeFile), max_files: KNOWLEDGE_MAX_FILES, read_only: files.some(isGuideFile) };
}

const TRUE_VALUES = new Set(['1', 'true', 'on', 'yes']);

/**
 * Stores the file and enqueues its ingestion in the same transaction; the text is read later by
 * the job (never in this request). Every rule is checked before anything is stored.
 */
export async function uploadKnowledge(
  deps: Deps,
  auth: AuthContext,
  upload: SingleUpload,
): Promise<KnowledgeFile> {
  requireAccess(auth, 'member');
  const assistantUuid = upload.fields.assistantUuid ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(assistantUuid)) throw new AppError('VALIDATION', KNOWLEDGE_MESSAGES.noAssistant);
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  await refuseGuideChange(deps.db, assistant.id);
  // A new version of an uploaded file of this Mika: the earlier one goes once this one is ready.
  const replacesUuid = (upload.fields.replaces ?? '').trim();
  const replaces = replacesUuid === '' ? null : await findFile(deps.db, assistant.id, replacesUuid);
  if (replacesUuid !== '' && (!replaces || replaces.websiteId !== null)) throw validationError('replaces', KNOWLEDGE_MESSAGES.replacedGone);
  // The file being replaced makes room for its new version.
  const room = KNOWLEDGE_MAX_FILES + (replaces ? 1 : 0);
  if ((await countFiles(deps.db, assistant.id)) >= room) {
    throw validationError('file', KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
  }
  const extension = checkKnowledgeFile(upload.file.filename, upload.file.data);
  const description = (upload.fields.description ?? '').trim().slice(0, 2000);
  const isFiltered = TRUE_VALUES.has((upload.fields.dataProtection ?? '').toLowerCase());
  const name = upload.file.filename.replace(/[\\/]/g, '_').slice(0, 200);

  const storedName = await deps.privateFiles.put(KNOWLEDGE_FOLDER, 'bin', upload.file.data);
  try {
    // Counted again under the assistant's lock: parallel uploads cannot pass the limit together.
    const row = await withCountLimit(deps.db, `knowledge:${assistant.id}`, async (tx) => {
      if ((await countFiles(tx, assistant.id)) >= room) {
        throw validationError('file', KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
      }
      // Under the same lock: two uploads of the same bytes at once cannot both pass.
      await refuseSameFile(deps, tx, assistant.id, upload.file.data);
      const file = await insertFile(tx, {
        replacesFileId: replaces?.id ?? null,
        teamId: assistant.teamId,
        assistantId: assistant.id,
        name,
        description,
        extension,
        isFiltered,
        sizeBytes: upload.file.data.length,
        storedName,
      });
      // The job exists exactly when the file row does.
      await deps.jobs.send(ingestionJob, { fileId: file.id }, { tx });
      return file;
    });
    deps.realtime?.publishKnowledge({ assistantUuid, fileUuid: row.uuid, status: 'queued', error: null });
    return toKnowledgeFile(row);
  } catch (err) {
    await deps.privateFiles.remove(KNOWLEDGE_FOLDER, storedName);
    throw err;
  }
}

/**
 * Refuses the very same bytes a second time: the Mika would quote each passage twice and spend a
 * place of its 100 files on nothing. A new version (other bytes) under the same name is welcome.
 */
async function refuseSameFile(deps: Deps, db: Db, assistantId: number, data: Buffer) {
  for (const candidate of await filesOfSize(db, assistantId, data.length)) {
    const stored = await deps.privateFiles.read(KNOWLEDGE_FOLDER, candidate.storedName);
    if (stored && Buffer.compare(stored, data) === 0) throw validationError('file', KNOWLEDGE_MESSAGES.alreadyKnown(candidate.name));
  }
}

/** The rule of `knowledge.file` (knowledge.access.ts): a file through the edit right on its Mika. */
export async function editableKnowledgeFile(deps: Deps, auth: AuthContext | null, fileUuid: string) {
  const notFound = () => new AppError('NOT_FOUND', KNOWLEDGE_MESSAGES.notFound);
  const assistantUuid = await findFileAssistantUuid(deps.db, fileUuid);
  if (!assistantUuid) throw notFound();
  // Another team's assistant answers 404 here, so its file does too.
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const file = await findFile(deps.db, assistant.id, fileUuid);
  if (!file) throw notFound();
  return { assistant, file };
}

export async function editKnowledge(
  deps: Deps,
  auth: AuthContext,
  input: { fileUuid: string; name: string; description: string },
): Promise<KnowledgeFile> {
  const { file } = await requireAccess(auth, 'knowledge.file', input.fileUuid, deps);
  await refuseGuideChange(deps.db, file.assistantId, file);
  return toKnowledgeFile(
    await updateFileText(deps.db, file.id, { name: input.name, description: input.description }),
  );
}

export async function deleteKnowledge(
  deps: Deps,
  auth: AuthContext,
  input: { assistantUuid: string; fileUuid: string },
) {
  const assistant = await requireAccess(auth, 'assistant.edit', input.assistantUuid, deps);
  const file = await findFile(deps.db, assistant.id, input.fileUuid);
  if (!file) throw new AppError('NOT_FOUND', KNOWLEDGE_MESSAGES.notFound);
  await refuseGuideChange(deps.db, assistant.id, file);
  await deleteFile(deps.db, file);
  await deps.privateFiles.remove(KNOWLEDGE_FOLDER, file.storedName);
}

/** Passages given to one answer: about 1,500 tokens (≈ 6,000 characters), at most this many. */
export const ANSWER_PASSAGES = { max: 6, charBudget: 6000 } as const;

export interface RetrievalOptions {
  /**
   * Masks the question (and, for the reranker, the candidates) before they go to the embedding or
   * rerank model; without it retrieval is lexical only and nothing leaves.
   */
  gate?: PrivacyGate;
  /** Who the model calls of retrieval (question embedding, rerank) are booked for. */
  payer?: { teamId: number | null; threadId?: number; apiKeyId?: number; free?: boolean };
}

/**
 * Retrieval for callers that do not know yet whether the assistant has knowledge (the chat's access
 * query tells it): nothing is asked — no search, no embedding of the question — without a ready file.
 */
export async function retrieveKnowledgeIfAny(deps: Deps, assistantId: number, question: string, opts: RetrievalOptions = {}): Promise<Passage[]> {
  return (await hasReadyFile(deps.db, assistantId)) ? retrieveKnowledge(deps, assistantId, question, opts) : [];
}

/**
 * The knowledge of one assistant for one question, within the budget. Bound to the assistant the
 * caller resolved (thread access), so no passage of another team can be reached. Lexical and vector
 * rankings are fused (retrieval.ts); with a rerank model the fused candidates are reordered by it
 * (rerank.ts), a separate step after the fusion.
 */
export async function retrieveKnowledge(deps: Deps, assistantId: number, question: string, opts: RetrievalOptions = {}): Promise<Passage[]> {
  const [vectors, vocabulary] = await Promise.all([
    opts.gate ? vectorRanking(deps, opts.gate, assistantId, question) : { ranked: [], usage: null },
    vocabularyOf(deps, assistantId),
  ]);
  const rerank = opts.gate !== undefined && deps.ai.canRerank;
  const limit = rerank ? RERANK_CANDIDATES : ANSWER_PASSAGES.max;
  const fused = await searchPassages(deps.db, assistantId, question, limit, [vectors.ranked], vocabulary);
  const reranked = rerank ? await rerankPassages(deps, opts.gate!, question, fused, ANSWER_PASSAGES.max, assistantId) : { passages: fused, usage: null };
  await bookRetrievalUsage(deps, assistantId, opts.payer, [
    vectors.usage && { capability: 'embedding', ...vectors.usage },
    reranked.usage && { capability: 'rerank', ...reranked.usage },
  ]);
  // Stored answers ("Antwort hinterlegen") first among what matched: knowledge-qa.ts.
  const found = preferQaPassages(reranked.passages);
  const out: Passage[] = [];
  let used = 0;
  for (const p of found) {
    const context = withNeighbours(p);
    if (out.length > 0 && used + context.length > ANSWER_PASSAGES.charBudget) break;
    used += context.length;
    out.push({
      source: sourceLabel(p.fileName, p.location),
      text: p.text,
      file: p.fileName,
      location: p.location,
      filtered: p.isFiltered,
      heading: p.heading || undefined,
      context,
    });
  }
  return out;
}

/** The question's embedding and the rerank call, booked like the embeddings of ingestion (free in the price table). */
async function bookRetrievalUsage(
  deps: Deps,
  assistantId: number,
  payer: RetrievalOptions['payer'],
  calls: ({ capability: 'embedding' | 'rerank'; model: string; tokens: number } | null)[],
) {
  if (!payer) return;
  const records: UsageRecord[] = calls.flatMap((c) =>
    c
      ? [{ teamId: payer.teamId, assistantId, threadId: payer.threadId ?? null, apiKeyId: payer.apiKeyId ?? null, capability: c.capability, model: c.model, inputTokens: c.tokens }]
      : [],
  );
  if (records.length === 0) return;
  // Statistics only: an answer must not fail because its retrieval's usage could not be written.
  await recordUsage(deps.db, records, null, { free: payer.free ?? false }).catch((err: unknown) =>
    deps.log.warn({ err, assistantId }, 'retrieval usage could not be booked'),
  );
}

/** How many characters at the start of `next` repeat the end of `text` (at least 20, else 0). */
function overlapLength(text: string, next: string): number {
  for (let k = Math.min(text.length, next.length); k >= 20; k--) if (text.endsWith(next.slice(0, k))) return k;
  return 0;
}

/** Characters of a neighbouring passage given with a passage that was cut from the same section. */
const NEIGHBOUR_CHARS = 300;

/**
 * The passage with the sentences around its cuts: the end of the passage before it (unless the
 * passage already begins with that end, the chunker's overlap) and the start of the one after it
 * (past the overlap).
 */
export function withNeighbours(p: { text: string; before: string | null; after: string | null }): string {
  let context = p.text;
  if (p.before && overlapLength(p.before, p.text) === 0) {
    const tail = p.before.slice(-NEIGHBOUR_CHARS);
    const start = tail.search(/(?<=[.!?]\s)\S/u);
    context = `… ${start > 0 ? tail.slice(start) : tail} ${context}`;
  }
  // The next passage begins with this one's last sentences (the overlap): they are not repeated.
  const after = p.after ? p.after.slice(overlapLength(p.text, p.after)).trimStart() : null;
  if (after) {
    const head = after.slice(0, NEIGHBOUR_CHARS);
    const end = head.search(/[.!?](\s|$)(?![\s\S]*[.!?](\s|$))/u);
    context = `${context} ${end > 0 ? head.slice(0, end + 1) : head} …`;
  }
  return context;
}

export const sourceLabel = (file: string, location: string) => (location ? `${file}, ${location}` : file);

/**
 * The sources to show under an answer: the passages whose file the answer names (a model asked to
 * cite, the offline engine's quotes), else every passage it was given; one entry per file and place.
 */
export function citedSources(passages: Passage[], answer: string): { file: string; location: string }[] {
  const knowledge = passages.filter((p) => p.file);
  const lower = answer.toLowerCase();
  // The offline engine names "file, place" under each quote: then exactly those places (one file
  // with many chapters, like the guide, would otherwise list every retrieved place).
  const quoted = knowledge.filter((p) => p.location && lower.includes(sourceLabel(p.file!, p.location).toLowerCase()));
  const named = quoted.length > 0 ? quoted : knowledge.filter((p) => lower.includes(p.file!.toLowerCase()));
  const seen = new Set<string>();
  return (named.length > 0 ? named : knowledge).flatMap((p) => {
    const key = `${p.file}\u0000${p.location ?? ''}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ file: p.file!, location: p.location ?? '' }];
  });
}
