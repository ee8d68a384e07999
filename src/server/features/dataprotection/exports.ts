import { requireAccess } from '../../platform/access.ts';
import { strToU8 } from 'fflate';
import type { DataExportRow, ExportScope } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DocumentSources } from '../../platform/document-source.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import type { JobKind } from '../../platform/jobs.ts';
import type { AuthContext } from '../../platform/session.ts';
import { DATA_PROTECTION_MESSAGES } from '../../../shared/messages.ts';
import type { ExportItem, ExportRequest } from '../../../shared/schemas/dataprotection.ts';
import { exportJson, zipInThread, type ExportEntries, type MessageAttachments, type TeamExportContext } from '../../platform/team-export.ts';
import { listRightsOfUser, listTeamAssistantNames } from '../assistants/index.ts';
import { findTeamPersonByUuid, listTeamUserUuids, personExportJson } from '../auth/index.ts';
import { exportConversations, listThreadIdsOfUser } from '../chat/index.ts';
import { exportThreadFormSubmissions } from '../forms/index.ts';
import { exportThreadFeedback } from '../question-insights/index.ts';
import { exportUserImages } from '../images/index.ts';
import {
  deleteExports,
  expiredExports,
  exportFileNamesOfTeam,
  findExport,
  findExportOfRequester,
  findExportRecipients,
  insertExport,
  listExportsOfRequester,
  markExportFailed,
  markExportReady,
  markExportRunning,
  referencedExportFiles,
  unfinishedExportIds,
} from './dataprotection.repository.ts';
import { visitorThreadOr404 } from './erasure.ts';

// Data exports (DSGVO Art. 15 and 20): a ZIP with JSON and the original files, prepared by a job
// (it survives a restart: the job is retried, a half-built ZIP is never offered), announced by
// mail, downloadable only by the admin who asked and only until it expires.

export const EXPORT_FOLDER = 'exports';
export const EXPORT_JOB = 'dataprotection-export';
export const EXPORT_VALID_DAYS = 7;

const jobs = new WeakMap<Deps, { job: JobKind<{ exportId: number }>; sources: ExportSources }>();

export function defineExportJob(deps: Deps, sources: ExportSources) {
  const job = deps.jobs.define<{ exportId: number }>(
    EXPORT_JOB,
    async ({ exportId }, ctx) => {
      await runExport(deps, exportId, { lastAttempt: ctx.lastAttempt });
    },
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 30 },
  );
  jobs.set(deps, { job, sources });
}

const MAIL_LABELS: Record<ExportScope, string> = { team: 'Gesamtes Team', user: 'Daten eines Users', thread: 'Besucher-Unterhaltung' };

const exportJobOf = (deps: Deps) => {
  const defined = jobs.get(deps);
  if (!defined) throw new Error('export job is not defined');
  return defined;
};

/** The export requests themselves are not part of an export (see notExported). */
export const exportRowOwner: RowOwner = {
  owner: 'dataprotection',
  tables: ['data_exports'],
  notExported: {
    data_exports: `the requests of this very function: who asked for which export; each ZIP is handed to the admin who asked and deleted after ${EXPORT_VALID_DAYS} days`,
  },
};

/** The exports' folder belongs to their rows: orphans are swept, a purged team's files go. */
export const exportFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === EXPORT_FOLDER,
  referenced: (db, _folder, names) => referencedExportFiles(db, names),
  async teamFiles(db, teamId) {
    return (await exportFileNamesOfTeam(db, teamId)).map((name) => ({ folder: EXPORT_FOLDER, name }));
  },
};

function toItem(row: DataExportRow, now = new Date()): ExportItem {
  const valid = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    uuid: row.uuid,
    scope: row.scope,
    label: row.label,
    status: row.status,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: valid ? `/api/dataprotection/exports/${row.uuid}/download` : null,
  };
}

/** POST /api/dataprotection/exports: records the request and enqueues its job in one transaction. */
export async function requestExport(deps: Deps, auth: AuthContext, input: ExportRequest) {
  requireAccess(auth, 'admin');
  let subject: string | null = null;
  let label = 'Gesamtes Team';
  if (input.scope === 'user') {
    const user = await requireAccess(auth, 'team.user', input.userUuid, deps);
    subject = user.uuid;
    label = `User: ${user.name}`;
  } else if (input.scope === 'thread') {
    await visitorThreadOr404(deps, auth.team, input.threadId);
    subject = String(input.threadId);
    label = `Besucher-Unterhaltung #${input.threadId}`;
  }
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertExport(tx, { teamId: auth.team.id, requestedBy: auth.user.id, scope: input.scope, subject, label });
    await recordAudit(tx, {
      action: 'dataprotection.export_requested',
      ...auditFrom(auth),
      detail: { scope: input.scope, exportUuid: created.uuid, ...(input.scope === 'thread' ? { threadId: input.threadId } : {}) },
    });
    await exportJobOf(deps).job.send({ exportId: created.id }, { tx, singletonKey: `export-${created.id}` });
    return created;
  });
  return { status: 'success' as const, message: DATA_PROTECTION_MESSAGES.exportStarted, export: toItem(row) };
}

/** GET /api/dataprotection/exports: the caller's own exports of the team, newest first. */
export async function listOwnExports(deps: Deps, auth: AuthContext): Promise<ExportItem[]> {
  requireAccess(auth, 'admin');
  const rows = await listExportsOfRequester(deps.db, auth.team.id, auth.user.id, 50);
  const now = new Date();
  return rows.map((r) => toItem(r, now));
}

/**
 * GET /api/dataprotection/exports/:uuid/download: only the admin who asked, only in their team,
 * only while valid. Another admin's export does not exist for the caller (404).
 */
export async function openExportDownload(deps: Deps, auth: AuthContext, uuid: string, now = new Date()) {
  requireAccess(auth, 'admin');
  const row = await findExportOfRequester(deps.db, uuid, auth.team.id, auth.user.id);
  if (!row) throw new AppError('NOT_FOUND', DATA_PROTECTION_MESSAGES.exportNotFound);
  if (row.status !== 'ready' || !row.storedName) throw new AppError('CONFLICT', DATA_PROTECTION_MESSAGES.exportNotReady);
  if (!row.expiresAt || row.expiresAt <= now) throw new AppError('NOT_FOUND', DATA_PROTECTION_MESSAGES.exportExpired);
  const data = await deps.privateFiles.read(EXPORT_FOLDER, row.storedName);
  if (!data) throw new AppError('NOT_FOUND', DATA_PROTECTION_MESSAGES.exportExpired);
  await recordAudit(deps.db, { action: 'dataprotection.export_downloaded', ...auditFrom(auth), detail: { scope: row.scope, exportUuid: row.uuid } });
  const day = row.createdAt.toISOString().slice(0, 10);
  return { data, fileName: `mika-export-${row.scope}-${day}.zip` };
}

/** Expired exports go with their file (nightly, with the retention run). */
export async function removeExpiredExports(deps: Deps, now = new Date()): Promise<number> {
  const rows = await expiredExports(deps.db, now, new Date(now.getTime() - EXPORT_VALID_DAYS * 86_400_000));
  for (const r of rows) if (r.storedName) await deps.privateFiles.remove(EXPORT_FOLDER, r.storedName);
  await deleteExports(deps.db, rows.map((r) => r.id));
  return rows.length;
}

/** PGlite: at start every unfinished export is an orphan of the previous process; enqueue it again. */
export async function resumeInterruptedExports(deps: Deps): Promise<number> {
  const ids = await unfinishedExportIds(deps.db);
  for (const id of ids) await exportJobOf(deps).job.send({ exportId: id });
  return ids.length;
}

/** The job: builds the ZIP, stores it, marks the export ready, mails the admin. */
export async function runExport(deps: Deps, exportId: number, opts: { lastAttempt: boolean } = { lastAttempt: true }) {
  const row = await findExport(deps.db, exportId);
  if (!row || row.status === 'ready') return;
  await markExportRunning(deps.db, row.id);
  try {
    const zip = await buildExportZip(deps, row);
    const storedName = await deps.privateFiles.put(EXPORT_FOLDER, 'zip', Buffer.from(zip));
    const now = new Date();
    const expiresAt = new Date(now.getTime() + EXPORT_VALID_DAYS * 86_400_000);
    const { team, admin } = await findExportRecipients(deps.db, row.teamId, row.requestedBy);
    await deps.db.transaction(async (tx) => {
      const done = await markExportReady(tx, row.id, { storedName, sizeBytes: zip.byteLength, readyAt: now, expiresAt });
      // Erased or finished by another attempt meanwhile: the new file is an orphan for the sweep.
      if (!done) return;
      await recordAudit(tx, { action: 'dataprotection.export_ready', team, detail: { scope: row.scope, exportUuid: row.uuid, bytes: zip.byteLength } });
      if (admin) {
        await deps.mailer.send(
          {
            to: admin.email,
            teamId: row.teamId,
            subject: DATA_PROTECTION_MESSAGES.exportMailSubject,
            // Never the person's name: the mail outlives an erasure of that user.
            text: DATA_PROTECTION_MESSAGES.exportMailText(MAIL_LABELS[row.scope], `${deps.config.appUrl}/Dataprotection`, EXPORT_VALID_DAYS),
          },
          { tx },
        );
      }
    });
  } catch (err) {
    if (opts.lastAttempt) {
      await markExportFailed(deps.db, row.id, 'Der Export konnte nicht erstellt werden.');
    }
    throw err;
  }
}

// ------------------------------------------------------------------ the ZIP

/** LIESMICH.txt: for a team, one line per contributing owner (its exportDescription), in the ZIP's order. */
const README = (scope: ExportScope, owners: readonly RowOwner[]) =>
  [
    'Datenexport aus Mika',
    '',
    'Dieser Export enthält die gespeicherten Daten als JSON (UTF-8) und die Originaldateien.',
    '',
    ...(scope === 'team'
      ? owners.flatMap((o) => (o.exportTeam && o.exportDescription ? [`- ${o.exportDescription}`] : []))
      : scope === 'user'
        ? ['- user.json: die Stammdaten', '- rights.json: Rechte an Mikas', '- conversations/: alle Unterhaltungen mit Nachrichten, Sprachantworten und Dokumenten', '- images/: erzeugte Bilder']
        : ['- conversations/: die Unterhaltung mit Nachrichten, Sprachantworten und Dokumenten', '- form-submissions.json: Kontaktformulare aus dieser Unterhaltung']),
  ].join('\n');

/**
 * The team's ZIP is written by the owners of its rows (RowOwner.exportTeam, decision 029): the
 * export iterates deps.rowOwners and adds each part; file names never collide between owners.
 */
export async function buildExportZip(deps: Deps, row: DataExportRow): Promise<Uint8Array> {
  const entries: ExportEntries = { 'LIESMICH.txt': strToU8(README(row.scope, deps.rowOwners)) };
  const db = deps.db;
  const teamId = row.teamId;
  const attachments = messageAttachments(deps, exportJobOf(deps).sources);
  if (row.scope === 'team') {
    const ctx = teamExportContext(deps, teamId);
    for (const owner of deps.rowOwners) {
      if (!owner.exportTeam) continue;
      for (const [name, bytes] of Object.entries(await owner.exportTeam(db, teamId, ctx))) {
        if (name in entries) throw new Error(`export entry ${name} contributed twice (${owner.owner})`);
        entries[name] = bytes;
      }
    }
  } else if (row.scope === 'user') {
    const person = await findTeamPersonByUuid(db, teamId, row.subject ?? '');
    if (!person) throw new Error('user gone');
    entries['user.json'] = exportJson(personExportJson(person));
    entries['rights.json'] = exportJson(await listRightsOfUser(db, person.id));
    const threadIds = await listThreadIdsOfUser(db, teamId, person.id);
    const assistants = once(() => listTeamAssistantNames(db, teamId));
    Object.assign(entries, await exportConversations(db, threadIds, { assistants, userUuids: async () => new Map([[person.id, person.uuid]]), attachments }));
    Object.assign(entries, await exportUserImages(db, person.id, (folder, name) => deps.privateFiles.read(folder, name), await assistants()));
  } else {
    const thread = await visitorThreadOr404(deps, { id: teamId }, Number(row.subject)).catch(() => undefined);
    if (!thread) throw new Error('thread gone');
    const assistants = once(() => listTeamAssistantNames(db, teamId));
    Object.assign(entries, await exportConversations(db, [thread.id], { assistants, userUuids: async () => new Map(), attachments }));
    Object.assign(entries, await exportThreadFormSubmissions(db, thread.id));
    Object.assign(entries, await exportThreadFeedback(db, thread.id));
  }
  return zipInThread(entries);
}

/** Where the conversations' attachments come from (wired in app.ts): voice answers, conversation documents. */
export interface ExportSources {
  audio(deps: Deps, ref: { assistantUuid: string; name: string }): Promise<Uint8Array | undefined>;
  /** Documents generated in conversations by kind; documents handed out from a Mika's files are in assets/. */
  documents: DocumentSources;
}

/** What every owner's part of one team's export may use (exported for the owners' test). */
export function teamExportContext(deps: Deps, teamId: number): TeamExportContext {
  return {
    readFile: (folder, name) => deps.privateFiles.read(folder, name),
    userUuids: once(() => listTeamUserUuids(deps.db, teamId)),
    assistants: once(() => listTeamAssistantNames(deps.db, teamId)),
    attachments: messageAttachments(deps, exportJobOf(deps).sources),
  };
}

function messageAttachments(deps: Deps, sources: ExportSources): MessageAttachments {
  return {
    audio: (ref) => sources.audio(deps, ref),
    async document({ assistantId, source }) {
      const colon = source.indexOf(':');
      const kind = sources.documents[source.slice(0, colon)];
      if (colon < 0 || !kind) return undefined;
      return (await kind.read(deps, { assistantId, ref: source.slice(colon + 1) }))?.data;
    },
  };
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}
