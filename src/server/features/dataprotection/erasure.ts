import { requireAccess } from '../../platform/access.ts';
import type { Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivateFile, PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { AuthContext } from '../../platform/session.ts';
import { DATA_PROTECTION_MESSAGES } from '../../../shared/messages.ts';
import type { ErasedCounts, VisitorThread } from '../../../shared/schemas/dataprotection.ts';
import {
  countThreadContent,
  deleteExports,
  exportsHolding,
  findVisitorThread,
  listVisitorThreadRows,
  threadIdsByFormEmail,
  threadIdsOfUser,
} from './dataprotection.repository.ts';
import { EXPORT_FOLDER } from './exports.ts';

// Erasure (DSGVO Art. 17): a conversation goes with everything that carries its content — its
// messages, spoken answers and generated documents (files first, then rows, so a crash in between
// is repaired by running it again), the contact-form submissions and outbox mails made from it.
// Usage records stay as numbers (their link to the thread is cut by the foreign key); the audit
// row records what was erased, never an e-mail address or content.

const BATCH = 200;

/**
 * Removes the conversations and everything of theirs; returns what went. Callers have checked
 * that the threads belong to the caller's team (or are due for retention).
 */
export async function eraseThreads(deps: Deps, owners: PrivateFolderOwner[], threadIds: number[]): Promise<ErasedCounts> {
  const total: ErasedCounts = { threads: 0, messages: 0, files: 0 };
  for (let i = 0; i < threadIds.length; i += BATCH) {
    const ids = threadIds.slice(i, i + BATCH);
    const files = (await Promise.all(owners.map((o) => o.threadFiles?.(deps.db, ids) ?? Promise.resolve([])))).flat();
    total.files += await removeFiles(deps, files);
    await deps.db.transaction(async (tx) => {
      const counted = await countThreadContent(tx, ids);
      total.messages += counted.messages;
      total.threads += counted.threads;
      // Each owner erases its own rows; the conversations' owner comes last (row-owners.ts).
      for (const owner of deps.rowOwners) await owner.eraseThreads?.(tx, ids);
    });
  }
  return total;
}

async function removeFiles(deps: Deps, files: PrivateFile[]): Promise<number> {
  for (const f of files) await deps.privateFiles.remove(f.folder, f.name);
  // Per-thread folders (task documents) are empty now; shared folders stay when they hold more.
  for (const folder of new Set(files.map((f) => f.folder))) await deps.privateFiles.removeFolderIfEmpty(folder);
  return files.length;
}

/** Exports that may hold the erased data: every team export plus those of the subject. */
async function removeExportsHolding(deps: Deps, teamId: number, subject: { scope: 'user' | 'thread'; ref: string }) {
  const rows = await exportsHolding(deps.db, teamId, subject);
  for (const r of rows) if (r.storedName) await deps.privateFiles.remove(EXPORT_FOLDER, r.storedName);
  await deleteExports(deps.db, rows.map((r) => r.id));
  return rows.filter((r) => r.storedName).length;
}

/** A user of the caller's team, or 404 (another team's user does not exist for the caller). */
/**
 * DELETE /api/dataprotection/users/:uuid: the user with everything of theirs — conversations (with
 * files, submissions and mails), pictures, mails to or from their address in the outbox, sessions,
 * rights and tokens, and exports that contain them. Assistants and API keys they created stay with
 * the team (their `created_by` is cleared by the foreign key).
 */
export async function eraseUser(deps: Deps, owners: PrivateFolderOwner[], auth: AuthContext, uuid: string) {
  requireAccess(auth, 'admin');
  const target = await requireAccess(auth, 'team.user', uuid, deps);
  if (target.role === 'owner') throw new AppError('FORBIDDEN', DATA_PROTECTION_MESSAGES.ownerNotErasable);
  if (target.id === auth.user.id) throw new AppError('FORBIDDEN', DATA_PROTECTION_MESSAGES.selfNotErasable);
  const threadIds = await threadIdsOfUser(deps.db, target.id);
  const removed = await eraseThreads(deps, owners, threadIds);
  const personal = (await Promise.all(owners.map((o) => o.userFiles?.(deps.db, target.id) ?? Promise.resolve([])))).flat();
  removed.files += await removeFiles(deps, personal);
  removed.files += await removeExportsHolding(deps, auth.team.id, { scope: 'user', ref: target.uuid });
  await deps.db.transaction(async (tx) => {
    // Each owner erases its own rows of the person, the person's own row last (row-owners.ts);
    // sessions, rights, tokens, pictures and any thread created meanwhile go with it by cascade.
    for (const owner of deps.rowOwners) await owner.eraseUser?.(tx, { id: target.id, teamId: auth.team.id, email: target.email });
    await recordAudit(tx, { action: 'dataprotection.user_erased', ...auditFrom(auth), detail: { userUuid: target.uuid, ...removed } });
  });
  deps.log.info({ teamId: auth.team.id, ...removed }, 'user erased');
  return { status: 'success' as const, message: DATA_PROTECTION_MESSAGES.userErased, removed };
}

/** A public visitor thread of the caller's team, or 404. */
async function visitorThreadOr404(deps: Deps, team: Pick<Team, 'id'>, threadId: number) {
  const row = await findVisitorThread(deps.db, team.id, threadId);
  if (!row) throw new AppError('NOT_FOUND', DATA_PROTECTION_MESSAGES.threadNotFound);
  return row;
}

/** DELETE /api/dataprotection/visitor-threads/:threadId. */
export async function eraseVisitorThread(deps: Deps, owners: PrivateFolderOwner[], auth: AuthContext, threadId: number) {
  requireAccess(auth, 'admin');
  await visitorThreadOr404(deps, auth.team, threadId);
  const removed = await eraseThreads(deps, owners, [threadId]);
  removed.files += await removeExportsHolding(deps, auth.team.id, { scope: 'thread', ref: String(threadId) });
  await recordAudit(deps.db, { action: 'dataprotection.thread_erased', ...auditFrom(auth), detail: { threadId, ...removed } });
  return { status: 'success' as const, message: DATA_PROTECTION_MESSAGES.threadErased, removed };
}

/**
 * DELETE /api/dataprotection/thread: a visitor (or a member, for their own chat) deletes their
 * conversation; the thread token authorises it. Removed on the server, not only in the browser.
 */
export async function deleteOwnThread(
  deps: Deps,
  owners: PrivateFolderOwner[],
  auth: AuthContext | null,
  ref: { assistantUuid: string; threadId: number; token: string },
) {
  const access = await requireAccess(auth, 'thread', ref, deps);
  const { thread } = access;
  const removed = await eraseThreads(deps, owners, [thread.id]);
  if (thread.teamId !== null) {
    removed.files += await removeExportsHolding(deps, thread.teamId, { scope: 'thread', ref: String(thread.id) });
    await recordAudit(deps.db, {
      action: 'dataprotection.thread_self_deleted',
      team: access.team,
      detail: { threadId: thread.id, public: thread.isPublic, ...removed },
    });
  }
  return { status: 'success' as const, message: DATA_PROTECTION_MESSAGES.ownThreadDeleted, removed };
}

/**
 * GET /api/dataprotection/visitor-threads?q=: a visitor's conversations of the caller's team, by
 * thread number or by the e-mail address left in a contact form (case-insensitive, exact).
 */
export async function findVisitorThreads(deps: Deps, auth: AuthContext, q: string): Promise<VisitorThread[]> {
  requireAccess(auth, 'admin');
  const query = q.trim().replace(/^#/, '');
  let ids: number[];
  if (/^\d{1,9}$/.test(query)) {
    ids = [Number(query)];
  } else if (/^[^\s@]+@[^\s@]+$/.test(query)) {
    ids = await threadIdsByFormEmail(deps.db, auth.team.id, query.toLowerCase());
  } else {
    throw new AppError('VALIDATION', DATA_PROTECTION_MESSAGES.visitorQueryInvalid, { fields: { q: [DATA_PROTECTION_MESSAGES.visitorQueryInvalid] } });
  }
  if (ids.length === 0) return [];
  const rows = await listVisitorThreadRows(deps.db, auth.team.id, ids);
  return rows.map((r) => ({
    id: r.id,
    assistant_name: r.assistantName,
    created_at: r.createdAt.toISOString(),
    last_message_at: new Date(r.lastMessageAt).toISOString(),
    messages: Number(r.messages),
    has_form: Number(r.forms) > 0,
  }));
}

export { visitorThreadOr404 };
