import { requireAccess } from '../../platform/access.ts';
import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import {
  assetFiles,
  assistantRights,
  assistantTools,
  assistants,
  dataExports,
  formSubmissions,
  generatedImages,
  invoices,
  knowledgeFiles,
  messages,
  orders,
  teams,
  threads,
  users,
  type DataExportRow,
  type ExportScope,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { JobKind } from '../../platform/jobs.ts';
import type { AuthContext } from '../../platform/session.ts';
import { MDS } from '../../../shared/messages.ts';
import type { ExportItem, ExportRequest } from '../../../shared/schemas/dataprotection.ts';
import { visitorThreadOr404 } from './erasure.ts';

// Data exports (DSGVO Art. 15 and 20): a ZIP with JSON and the original files, prepared by a job
// (it survives a restart: the job is retried, a half-built ZIP is never offered), announced by
// mail, downloadable only by the admin who asked and only until it expires.

export const EXPORT_FOLDER = 'exports';
export const EXPORT_JOB = 'dataprotection-export';
export const EXPORT_VALID_DAYS = 7;

const jobs = new WeakMap<Deps, JobKind<{ exportId: number }>>();

export function defineExportJob(deps: Deps) {
  const job = deps.jobs.define<{ exportId: number }>(
    EXPORT_JOB,
    async ({ exportId }, ctx) => {
      await runExport(deps, exportId, { lastAttempt: ctx.lastAttempt });
    },
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 30 },
  );
  jobs.set(deps, job);
}

const MAIL_LABELS: Record<ExportScope, string> = { team: 'Gesamtes Team', user: 'Daten eines Users', thread: 'Besucher-Unterhaltung' };

const exportJobOf = (deps: Deps) => {
  const job = jobs.get(deps);
  if (!job) throw new Error('export job is not defined');
  return job;
};

/** The exports' folder belongs to their rows: orphans are swept, a purged team's files go. */
export const exportFolderOwner: PrivateFolderOwner = {
  owns: (folder) => folder === EXPORT_FOLDER,
  async referenced(db, _folder, names) {
    const rows = await db.select({ name: dataExports.storedName }).from(dataExports).where(inArray(dataExports.storedName, names));
    return new Set(rows.map((r) => r.name ?? ''));
  },
  async teamFiles(db, teamId) {
    const rows = await db.select({ name: dataExports.storedName }).from(dataExports).where(eq(dataExports.teamId, teamId));
    return rows.flatMap((r) => (r.name ? [{ folder: EXPORT_FOLDER, name: r.name }] : []));
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
    const [created] = await tx
      .insert(dataExports)
      .values({ teamId: auth.team.id, requestedBy: auth.user.id, scope: input.scope, subject, label })
      .returning();
    await recordAudit(tx, {
      action: 'dataprotection.export_requested',
      ...auditFrom(auth),
      detail: { scope: input.scope, exportUuid: created!.uuid, ...(input.scope === 'thread' ? { threadId: input.threadId } : {}) },
    });
    await exportJobOf(deps).send({ exportId: created!.id }, { tx, singletonKey: `export-${created!.id}` });
    return created!;
  });
  return { status: 'success' as const, message: MDS.exportStarted, export: toItem(row) };
}

/** GET /api/dataprotection/exports: the caller's own exports of the team, newest first. */
export async function listOwnExports(deps: Deps, auth: AuthContext): Promise<ExportItem[]> {
  requireAccess(auth, 'admin');
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.teamId, auth.team.id), eq(dataExports.requestedBy, auth.user.id)))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(50);
  const now = new Date();
  return rows.map((r) => toItem(r, now));
}

/**
 * GET /api/dataprotection/exports/:uuid/download: only the admin who asked, only in their team,
 * only while valid. Another admin's export does not exist for the caller (404).
 */
export async function openExportDownload(deps: Deps, auth: AuthContext, uuid: string, now = new Date()) {
  requireAccess(auth, 'admin');
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.uuid, uuid), eq(dataExports.teamId, auth.team.id), eq(dataExports.requestedBy, auth.user.id)));
  if (!row) throw new AppError('NOT_FOUND', MDS.exportNotFound);
  if (row.status !== 'ready' || !row.storedName) throw new AppError('CONFLICT', MDS.exportNotReady);
  if (!row.expiresAt || row.expiresAt <= now) throw new AppError('NOT_FOUND', MDS.exportExpired);
  const data = await deps.privateFiles.read(EXPORT_FOLDER, row.storedName);
  if (!data) throw new AppError('NOT_FOUND', MDS.exportExpired);
  await recordAudit(deps.db, { action: 'dataprotection.export_downloaded', ...auditFrom(auth), detail: { scope: row.scope, exportUuid: row.uuid } });
  const day = row.createdAt.toISOString().slice(0, 10);
  return { data, fileName: `mika-export-${row.scope}-${day}.zip` };
}

/** Expired exports go with their file (nightly, with the retention run). */
export async function removeExpiredExports(deps: Deps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({ id: dataExports.id, storedName: dataExports.storedName })
    .from(dataExports)
    .where(or(lt(dataExports.expiresAt, now), and(eq(dataExports.status, 'failed'), lt(dataExports.createdAt, new Date(now.getTime() - EXPORT_VALID_DAYS * 86_400_000)))));
  for (const r of rows) if (r.storedName) await deps.privateFiles.remove(EXPORT_FOLDER, r.storedName);
  if (rows.length > 0) await deps.db.delete(dataExports).where(inArray(dataExports.id, rows.map((r) => r.id)));
  return rows.length;
}

/** PGlite: at start every unfinished export is an orphan of the previous process; enqueue it again. */
export async function resumeInterruptedExports(deps: Deps): Promise<number> {
  const rows = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(inArray(dataExports.status, ['queued', 'running']));
  for (const r of rows) await exportJobOf(deps).send({ exportId: r.id });
  return rows.length;
}

/** The job: builds the ZIP, stores it, marks the export ready, mails the admin. */
export async function runExport(deps: Deps, exportId: number, opts: { lastAttempt: boolean } = { lastAttempt: true }) {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status === 'ready') return;
  await deps.db.update(dataExports).set({ status: 'running' }).where(eq(dataExports.id, row.id));
  try {
    const zip = await buildExportZip(deps, row);
    const storedName = await deps.privateFiles.put(EXPORT_FOLDER, 'zip', Buffer.from(zip));
    const now = new Date();
    const expiresAt = new Date(now.getTime() + EXPORT_VALID_DAYS * 86_400_000);
    const [team] = await deps.db.select().from(teams).where(eq(teams.id, row.teamId));
    const [admin] = await deps.db.select().from(users).where(eq(users.id, row.requestedBy));
    await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({ status: 'ready', storedName, sizeBytes: zip.byteLength, readyAt: now, expiresAt, error: null })
        .where(and(eq(dataExports.id, row.id), inArray(dataExports.status, ['queued', 'running'])))
        .returning({ id: dataExports.id });
      // Erased or finished by another attempt meanwhile: the new file is an orphan for the sweep.
      if (!done) return;
      await recordAudit(tx, { action: 'dataprotection.export_ready', team, detail: { scope: row.scope, exportUuid: row.uuid, bytes: zip.byteLength } });
      if (admin) {
        await deps.mailer.send(
          {
            to: admin.email,
            teamId: row.teamId,
            subject: MDS.exportMailSubject,
            // Never the person's name: the mail outlives an erasure of that user.
            text: MDS.exportMailText(MAIL_LABELS[row.scope], `${deps.config.appUrl}/Dataprotection`, EXPORT_VALID_DAYS),
          },
          { tx },
        );
      }
    });
  } catch (err) {
    if (opts.lastAttempt) {
      await deps.db.update(dataExports).set({ status: 'failed', error: 'Der Export konnte nicht erstellt werden.' }).where(eq(dataExports.id, row.id));
    }
    throw err;
  }
}

// ------------------------------------------------------------------ the ZIP

type Entries = Record<string, Uint8Array>;
const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
/** A file name safe inside a ZIP on every system (no folders, no control characters). */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^\.+/, '_').slice(0, 120) || 'datei';

const README = (scope: ExportScope) =>
  [
    'Datenexport aus Mika',
    '',
    'Dieser Export enthält die gespeicherten Daten als JSON (UTF-8) und die Originaldateien.',
    scope === 'team'
      ? 'team.json: das Team und seine Einstellungen · users.json: alle User · assistants.json: alle Mikas mit Einstellungen, Tools und Rechten · knowledge/: Liste und Originale der Wissensdateien · assets/: Dateien der Mikas · conversations/: alle Unterhaltungen mit Nachrichten, Sprachantworten und Dokumenten · form-submissions.json: Kontaktformulare · orders.json und invoices.json: Bestellungen und Rechnungen.'
      : scope === 'user'
        ? 'user.json: die Stammdaten · rights.json: Rechte an Mikas · conversations/: alle Unterhaltungen mit Nachrichten, Sprachantworten und Dokumenten · images/: erzeugte Bilder.'
        : 'conversations/: die Unterhaltung mit Nachrichten, Sprachantworten und Dokumenten · form-submissions.json: Kontaktformulare aus dieser Unterhaltung.',
    '',
    'Nutzungsdaten werden nur als Zahlen gespeichert und sind hier nicht enthalten.',
  ].join('\n');

async function buildExportZip(deps: Deps, row: DataExportRow): Promise<Uint8Array> {
  const entries: Entries = { 'LIESMICH.txt': strToU8(README(row.scope)) };
  const db = deps.db;
  const teamId = row.teamId;
  if (row.scope === 'team') {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw new Error('team gone');
    entries['team.json'] = json({
      uuid: team.uuid,
      name: team.name,
      plan: team.planSlug,
      billing_period: team.billingPeriod,
      protection_level: team.protectionLevel,
      filter: team.filter,
      retention_member_days: team.retentionMemberDays,
      retention_visitor_days: team.retentionVisitorDays,
      created_at: team.createdAt,
    });
    const people = await db.select().from(users).where(eq(users.teamId, teamId)).orderBy(asc(users.id));
    entries['users.json'] = json(people.map(personJson));
    const mikas = await db.select().from(assistants).where(eq(assistants.teamId, teamId)).orderBy(asc(assistants.id));
    const ids = mikas.map((a) => a.id);
    const tools = ids.length ? await db.select().from(assistantTools).where(inArray(assistantTools.assistantId, ids)) : [];
    const rights = ids.length ? await db.select().from(assistantRights).where(inArray(assistantRights.assistantId, ids)) : [];
    const userUuid = new Map(people.map((p) => [p.id, p.uuid]));
    entries['assistants.json'] = json(
      mikas.map(({ id, teamId: _t, ...settings }) => ({
        ...settings,
        tools: tools.filter((t) => t.assistantId === id).map(({ assistantId: _a, ...t }) => t),
        rights: rights.filter((r) => r.assistantId === id).map((r) => ({ user: userUuid.get(r.userId) ?? null, can_use: r.canUse, can_edit: r.canEdit })),
      })),
    );
    const knowledge = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.teamId, teamId)).orderBy(asc(knowledgeFiles.id));
    const assistantUuid = new Map(mikas.map((a) => [a.id, a.uuid]));
    entries['knowledge/files.json'] = json(
      knowledge.map((k) => ({ uuid: k.uuid, assistant: assistantUuid.get(k.assistantId), name: k.name, description: k.description, size: k.sizeBytes, status: k.status, data_protection: k.isFiltered, created_at: k.createdAt, file: `knowledge/${k.id}-${safeName(k.name)}` })),
    );
    for (const k of knowledge) {
      const bytes = await deps.privateFiles.read('knowledge', k.storedName);
      if (bytes) entries[`knowledge/${k.id}-${safeName(k.name)}`] = bytes;
    }
    const assets = await db.select().from(assetFiles).where(eq(assetFiles.teamId, teamId)).orderBy(asc(assetFiles.id));
    entries['assets/files.json'] = json(assets.map((f) => ({ uuid: f.uuid, assistant: assistantUuid.get(f.assistantId), name: f.name, description: f.description, file: `assets/${f.id}-${safeName(f.name)}` })));
    for (const f of assets) {
      const bytes = await deps.privateFiles.read('assets', f.storedName);
      if (bytes) entries[`assets/${f.id}-${safeName(f.name)}`] = bytes;
    }
    const threadIds = (await db.select({ id: threads.id }).from(threads).where(eq(threads.teamId, teamId))).map((t) => t.id);
    await addConversations(deps, entries, threadIds, userUuid);
    const forms = await db
      .select({ f: formSubmissions })
      .from(formSubmissions)
      .innerJoin(assistants, eq(assistants.id, formSubmissions.assistantId))
      .where(eq(assistants.teamId, teamId))
      .orderBy(asc(formSubmissions.id));
    entries['form-submissions.json'] = json(forms.map(({ f }) => formJson(f, assistantUuid)));
    const orderRows = await db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(asc(orders.id));
    entries['orders.json'] = json(orderRows.map(({ id: _i, teamId: _t, ...o }) => o));
    const invoiceRows = await db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(asc(invoices.id));
    entries['invoices.json'] = json(invoiceRows.map(({ id: _i, teamId: _t, ...inv }) => inv));
  } else if (row.scope === 'user') {
    const [person] = await db
      .select()
      .from(users)
      .where(and(eq(users.uuid, row.subject ?? ''), eq(users.teamId, teamId)));
    if (!person) throw new Error('user gone');
    entries['user.json'] = json(personJson(person));
    const rights = await db
      .select({ uuid: assistants.uuid, name: assistants.name, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
      .from(assistantRights)
      .innerJoin(assistants, eq(assistants.id, assistantRights.assistantId))
      .where(eq(assistantRights.userId, person.id));
    entries['rights.json'] = json(rights);
    const threadIds = (await db.select({ id: threads.id }).from(threads).where(and(eq(threads.userId, person.id), eq(threads.teamId, teamId)))).map((t) => t.id);
    await addConversations(deps, entries, threadIds, new Map([[person.id, person.uuid]]));
    const pictures = await db.select().from(generatedImages).where(eq(generatedImages.userId, person.id)).orderBy(asc(generatedImages.id));
    entries['images/images.json'] = json(
      pictures.map((p) => ({ uuid: p.uuid, description: p.description, prompt: p.prompt, style: [p.mainStyle, p.subStyle].filter(Boolean).join('/'), status: p.status, created_at: p.createdAt, file: p.storedName ? `images/${p.uuid}.png` : null })),
    );
    for (const p of pictures) {
      const bytes = p.storedName ? await deps.privateFiles.read('images', p.storedName) : undefined;
      if (bytes) entries[`images/${p.uuid}.png`] = bytes;
    }
  } else {
    const threadId = Number(row.subject);
    const [thread] = await db
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.id, threadId), eq(threads.teamId, teamId), eq(threads.isPublic, true)));
    if (!thread) throw new Error('thread gone');
    await addConversations(deps, entries, [thread.id], new Map());
    const forms = await db.select().from(formSubmissions).where(eq(formSubmissions.threadId, thread.id)).orderBy(asc(formSubmissions.id));
    entries['form-submissions.json'] = json(forms.map((f) => formJson(f, new Map())));
  }
  return zipSync(entries, { level: 6 });
}

function personJson(p: typeof users.$inferSelect) {
  return { uuid: p.uuid, name: p.name, email: p.email, role: p.role, is_admin: p.isAdmin, is_verified: p.isVerified, created_at: p.createdAt, updated_at: p.updatedAt };
}

function formJson(f: typeof formSubmissions.$inferSelect, assistantUuid: Map<number, string>) {
  return { thread: f.threadId, assistant: assistantUuid.get(f.assistantId) ?? null, data: f.data, recipients: f.recipients, created_at: f.createdAt };
}

/** conversations/{id}/conversation.json plus its spoken answers and generated documents. */
async function addConversations(deps: Deps, entries: Entries, threadIds: number[], userUuid: Map<number, string>) {
  for (let i = 0; i < threadIds.length; i += 200) {
    const ids = threadIds.slice(i, i + 200);
    const rows = await deps.db
      .select({ thread: threads, assistantUuid: assistants.uuid, assistantName: assistants.name })
      .from(threads)
      .innerJoin(assistants, eq(assistants.id, threads.assistantId))
      .where(inArray(threads.id, ids))
      .orderBy(asc(threads.id));
    const all = await deps.db.select().from(messages).where(inArray(messages.threadId, ids)).orderBy(asc(messages.id));
    for (const { thread, assistantUuid, assistantName } of rows) {
      const dir = `conversations/${thread.id}`;
      const own = all.filter((m) => m.threadId === thread.id);
      const list = [];
      for (const m of own) {
        let audio: string | null = null;
        if (m.audio) {
          const bytes = await deps.privateFiles.read(`audio-${assistantUuid}`, m.audio);
          if (bytes) entries[(audio = `${dir}/audio/${safeName(m.audio)}`)] = bytes;
        }
        let document: string | null = null;
        const task = /^task:(\d+)\/(.+)$/.exec(m.documentSource ?? '');
        if (task) {
          const bytes = await deps.privateFiles.read(`taskdocs-${task[1]}`, task[2]!);
          if (bytes) entries[(document = `${dir}/documents/${m.id}-${safeName(m.document ?? task[2]!)}`)] = bytes;
        }
        list.push({ id: m.id, origin: m.origin, type: m.type, text: m.text, status: m.status, created_at: m.createdAt, sources: m.sources, audio, document: document ?? m.document });
      }
      entries[`${dir}/conversation.json`] = json({
        id: thread.id,
        assistant: { uuid: assistantUuid, name: assistantName },
        kind: thread.isPublic ? 'visitor' : 'member',
        user: thread.userId ? (userUuid.get(thread.userId) ?? null) : null,
        created_at: thread.createdAt,
        messages: list,
      });
    }
  }
}
