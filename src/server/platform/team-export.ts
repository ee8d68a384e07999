import { strToU8 } from 'fflate';
import { ThreadPool } from './thread-pool.ts';

/**
 * The team export (DSGVO Art. 15 and 20) is written by the owners of the rows, as erasure is
 * (docs/decisions/029-server-boundaries.md): every `RowOwner` with team data contributes its part
 * of the ZIP through `exportTeam` — file names relative to the ZIP's root, JSON and original files
 * — and the export iterates the registry (deps.rowOwners). A contribution reads only its owner's
 * tables; what it needs of another feature it gets through that feature's front door or from the
 * context below.
 */
export type ExportEntries = Record<string, Uint8Array>;

export interface TeamExportContext {
  /** A stored private file of the contributing owner (undefined when it is gone). */
  readFile(folder: string, name: string): Promise<Uint8Array | undefined>;
  /** The team's people (row id → uuid) and Mikas (row id → uuid, name): parts reference each other by uuid. */
  userUuids(): Promise<ReadonlyMap<number, string>>;
  assistants(): Promise<ReadonlyMap<number, { uuid: string; name: string }>>;
  /** Attachments of conversation messages, read from their owners (wired in app.ts). */
  attachments: MessageAttachments;
}

/**
 * How the conversations' part reaches files other features own: the spoken answers (voice) and
 * documents generated in a conversation (a `DocumentSource` by the kind of `document_source`).
 * Documents handed out from a Mika's files are not repeated: they are exported once under assets/.
 */
export interface MessageAttachments {
  audio(ref: { assistantUuid: string; name: string }): Promise<Uint8Array | undefined>;
  document(ref: { assistantId: number; source: string }): Promise<Uint8Array | undefined>;
}

/** Pretty JSON as UTF-8, the format of every JSON file in an export. */
export const exportJson = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** A file name safe inside a ZIP on every system (no folders, no control characters). */
export const zipSafeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^\.+/, '_').slice(0, 120) || 'datei';

const zipping = new ThreadPool<ExportEntries, Buffer>({
  script: new URL('./zip-thread.ts', import.meta.url),
  name: 'mika-zip',
  size: 1,
  idleMs: 30_000,
});

/**
 * The entries as a ZIP, packed in a thread of its own (zip-thread.ts): an export of 100 MB held the
 * event loop — every team's requests and answer streams — for 9.7 s while fflate deflated it on the
 * main thread. Files compressed already (PDF, Office, pictures, audio) are stored, not deflated again.
 */
export function zipInThread(entries: ExportEntries): Promise<Buffer> {
  return zipping.run(entries);
}
