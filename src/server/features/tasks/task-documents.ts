import { tool, type ToolSet } from 'ai';
import { DOCUMENT_FUNCTION, DOCUMENT_TOOL_DESCRIPTION, ZDocumentInput, type DocumentCreated } from '../../ai/tools/document.ts';
import type { ToolEffect } from '../../ai/tools/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import { TASK_MESSAGES } from '../../../shared/messages.ts';
import { findThreadById, getThreadMessages, type ThreadAccess } from '../chat/index.ts';
import type { DocumentSource } from '../../platform/document-source.ts';
import { documentFileName, renderDocumentInThread } from './render/index.ts';
import { namedDocumentSources, taskDocumentSourcesOfTeam, taskDocumentSourcesOfThreads } from './task.repository.ts';

/** Generated documents live per thread in the private store: `taskdocs-{threadId}/{generated}.{ext}`. */
const FOLDER_PREFIX = 'taskdocs-';
const folderOf = (threadId: number) => `${FOLDER_PREFIX}${threadId}`;
/** A doc message's source: `task:{threadId}/{stored name}`. */
const REF = /^(\d+)\/([\w-]+\.(docx|xlsx|pptx|pdf))$/;

/** A name not yet used by a document of the thread (the document route finds a document by name). */
function uniqueName(wanted: string, taken: Set<string>): string {
  const dot = wanted.lastIndexOf('.');
  const [base, ext] = [wanted.slice(0, dot), wanted.slice(dot)];
  let name = wanted;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base} (${i})${ext}`;
  return name;
}

/**
 * The document tool of a task answer: the model (or the offline engine) sends the structured
 * content, the server renders the file, stores it in the thread's private folder and asks for a
 * doc message (effect), which the chat feature stores with `document_source = task:{…}`.
 */
export function taskDocumentTools(
  deps: Deps,
  access: ThreadAccess,
  ctx: { effects: ToolEffect[]; progress: (msg: string) => void },
): ToolSet {
  return {
    [DOCUMENT_FUNCTION]: tool({
      description: DOCUMENT_TOOL_DESCRIPTION,
      inputSchema: ZDocumentInput,
      execute: async (doc, { abortSignal }): Promise<DocumentCreated> => {
        ctx.progress(TASK_MESSAGES.documentBuilding);
        const meta = { assistantName: access.assistant.name, offline: deps.ai.offline, createdAt: new Date() };
        const data = await renderDocumentInThread(doc, meta, abortSignal);
        const stored = await deps.privateFiles.put(folderOf(access.thread.id), doc.format, data);
        const taken = new Set(
          [
            ...(await getThreadMessages(deps, access)).map((m) => m.document ?? ''),
            ...ctx.effects.map((e) => (e.type === 'document' ? e.name : '')),
          ].map((n) => n.toLowerCase()),
        );
        const name = uniqueName(documentFileName(doc.titel, doc.format), taken);
        ctx.effects.push({ type: 'document', name, source: `task:${access.thread.id}/${stored}` });
        return { erstellt: name, hinweis: 'Das Dokument erscheint unter Deiner Antwort. Sage das in einem Satz; nenne keinen Link.' };
      },
    }),
  };
}

/** Serves `task:{threadId}/{file}` for the /document route, only for the thread's own assistant. */
export const taskDocumentSource: DocumentSource = {
  async read(deps, { assistantId, ref }) {
    const match = REF.exec(ref);
    if (!match) return undefined;
    const thread = await findThreadById(deps, Number(match[1]));
    if (!thread || thread.assistantId !== assistantId) return undefined;
    const data = await deps.privateFiles.read(folderOf(thread.id), match[2]!);
    return data && { data, extension: match[3]! };
  },
};

/** The files that document sources (`task:<threadId>/<file>`) name. */
const documentFiles = (sources: string[]) =>
  sources.flatMap((source) => {
    const match = /^task:(\d+)\/(.+)$/.exec(source);
    return match ? [{ folder: folderOf(Number(match[1])), name: match[2]! }] : [];
  });

/** Generated documents still named by a doc message; the rest (a reset thread, a failed answer) is swept. */
export const taskDocumentFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder.startsWith(FOLDER_PREFIX),
  async referenced(db, folder, names) {
    const threadId = folder.slice(FOLDER_PREFIX.length);
    const sources = await namedDocumentSources(db, names.map((n) => `task:${threadId}/${n}`));
    return new Set(sources.map((source) => source.slice(`task:${threadId}/`.length)));
  },
  async teamFiles(db, teamId) {
    return documentFiles(await taskDocumentSourcesOfTeam(db, teamId));
  },
  async threadFiles(db, threadIds) {
    if (threadIds.length === 0) return [];
    return documentFiles(await taskDocumentSourcesOfThreads(db, threadIds));
  },
};
