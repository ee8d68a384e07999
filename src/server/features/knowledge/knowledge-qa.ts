// Question-and-answer entries of a Mika's knowledge ("Antwort hinterlegen", issue 33, decision 040).
// All entries of a Mika are the passages of one knowledge file, the Q&A file (one source against
// the limit of 100, listed like every file): each entry is one passage with its question as the
// heading and its answer as the text, indexed at once (no extraction job), so the next question
// already finds it. Retrieval puts matching entries before other passages (preferQaPassages).
import { requireAccess } from '../../platform/access.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { Assistant, KnowledgeFileRow, Team } from '../../db/schema/index.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { KNOWLEDGE_MAX_FILES } from '../../../shared/schemas/knowledge.ts';
import type { QaEntry } from '../../../shared/schemas/knowledge-qa.ts';
import { chunkSections } from './chunk.ts';
import { countFiles, deleteFile, insertFile, replacePassages } from './knowledge.repository.ts';
import { passageVectors } from './knowledge.jobs.ts';
import { QA_EXTENSION, QA_FILE_NAME } from './qa-file.ts';
import { deleteQaEntryRow, findQaEntry, findQaFile, insertQaEntry, markQaFileReady, qaEntriesOf, updateQaEntryRow, type QaEntryRow } from './knowledge-qa.repository.ts';

const FOLDER = 'knowledge';

const toEntry = (e: QaEntryRow): QaEntry => ({
  uuid: e.uuid,
  question: e.question,
  answer: e.answer,
  updated_at: e.updatedAt.toISOString(),
});

const asMarkdown = (entries: { question: string; answer: string }[]) =>
  entries.map((e) => `## ${e.question.replace(/\s+/g, ' ')}\n\n${e.answer.trim()}`).join('\n\n') + '\n';

/** Writes the Q&A file's passages (and its readable copy in the private store) from its entries. */
async function rebuildQaFile(deps: Deps, owner: { assistant: Assistant; team: Team }, file: KnowledgeFileRow): Promise<void> {
  const { assistant } = owner;
  const entries = await qaEntriesOf(deps.db, assistant.id);
  const chunks = chunkSections([
    { location: '', blocks: entries.flatMap((e) => [{ kind: 'heading' as const, text: e.question.replace(/\s+/g, ' ') }, { kind: 'text' as const, text: e.answer.trim() }]) },
  ]);
  const bytes = Buffer.from(asMarkdown(entries), 'utf8');
  const storedName = await deps.privateFiles.put(FOLDER, 'bin', bytes);
  const vectors = await passageVectors(deps, owner, chunks, { lastAttempt: true });
  await replacePassages(deps.db, file, chunks, vectors);
  await markQaFileReady(deps.db, file.id, { storedName, sizeBytes: bytes.length });
  if (file.storedName && file.storedName !== storedName) await deps.privateFiles.remove(FOLDER, file.storedName);
}

/**
 * A new entry for a Mika the caller proved the edit right on (the insight's "Antwort hinterlegen").
 * The Q&A file is created with the first entry, counted against the limit like an upload.
 */
export async function addQaEntry(deps: Deps, owner: { assistant: Assistant; team: Team }, entry: { question: string; answer: string }): Promise<void> {
  const { assistant } = owner;
  const file = await withCountLimit(deps.db, `knowledge:${assistant.id}`, async (tx) => {
    const existing = await findQaFile(tx, assistant.id);
    const qaFile =
      existing ??
      (await (async () => {
        if ((await countFiles(tx, assistant.id)) >= KNOWLEDGE_MAX_FILES) throw validationError('question', KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
        return insertFile(tx, {
          teamId: assistant.teamId,
          assistantId: assistant.id,
          name: QA_FILE_NAME,
          description: KNOWLEDGE_MESSAGES.qaFileDescription,
          extension: QA_EXTENSION,
          sizeBytes: 0,
          storedName: '',
          status: 'indexing',
        });
      })());
    await insertQaEntry(tx, { teamId: assistant.teamId, assistantId: assistant.id, fileId: qaFile.id, question: entry.question, answer: entry.answer });
    return qaFile;
  });
  await rebuildQaFile(deps, owner, file);
}

/** GET /api/knowledge/{assistantUuid}/qa: the Mika's Q&A entries, oldest first. */
export async function listQaEntries(deps: Deps, auth: AuthContext, assistantUuid: string): Promise<{ entries: QaEntry[] }> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  return { entries: (await qaEntriesOf(deps.db, assistant.id)).map(toEntry) };
}

async function entryOf(deps: Deps, assistant: Assistant, ref: { entryUuid: string }) {
  const entry = await findQaEntry(deps.db, assistant.id, ref.entryUuid);
  const file = entry ? await findQaFile(deps.db, assistant.id) : undefined;
  if (!entry || !file) throw new AppError('NOT_FOUND', KNOWLEDGE_MESSAGES.qaNotFound);
  return { entry, file };
}

/** PUT /api/knowledge/{assistantUuid}/qa/{entryUuid}: question and answer changed; indexed again at once. */
export async function updateQaEntry(
  deps: Deps,
  auth: AuthContext,
  ref: { assistantUuid: string; entryUuid: string },
  input: { question: string; answer: string },
): Promise<QaEntry> {
  const assistant = await requireAccess(auth, 'assistant.edit', ref.assistantUuid, deps);
  const { entry, file } = await entryOf(deps, assistant, ref);
  const row = await updateQaEntryRow(deps.db, entry.id, input);
  await rebuildQaFile(deps, { assistant, team: auth.team }, file);
  return toEntry(row);
}

/** DELETE /api/knowledge/{assistantUuid}/qa/{entryUuid}; the last entry takes the Q&A file with it. */
export async function deleteQaEntry(deps: Deps, auth: AuthContext, ref: { assistantUuid: string; entryUuid: string }): Promise<void> {
  const assistant = await requireAccess(auth, 'assistant.edit', ref.assistantUuid, deps);
  const { entry, file } = await entryOf(deps, assistant, ref);
  await deleteQaEntryRow(deps.db, entry.id);
  if ((await qaEntriesOf(deps.db, assistant.id)).length > 0) return rebuildQaFile(deps, { assistant, team: auth.team }, file);
  await deleteFile(deps.db, file);
  if (file.storedName) await deps.privateFiles.remove(FOLDER, file.storedName);
}

/** Matching Q&A entries before other passages: a stored answer wins over a document that only touches the question. */
export function preferQaPassages<P extends { isQa: boolean }>(passages: P[]): P[] {
  const qa = passages.filter((p) => p.isQa);
  return qa.length === 0 ? passages : [...qa, ...passages.filter((p) => !p.isQa)];
}
