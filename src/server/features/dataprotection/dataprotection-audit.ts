import { requireAccess } from '../../platform/access.ts';
import { listTeamAudit, type AuditAction } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { DataprotectionAuditEntry } from '../../../shared/schemas/dataprotection.ts';

// Datenschutz → Protokoll: every export, erasure and retention run of the team, from the one
// audit log. The texts name counts and ids, never an erased e-mail address or content.

export const DATAPROTECTION_ACTIONS: AuditAction[] = [
  'dataprotection.retention_changed',
  'dataprotection.retention_run',
  'dataprotection.export_requested',
  'dataprotection.export_ready',
  'dataprotection.export_downloaded',
  'dataprotection.user_erased',
  'dataprotection.thread_erased',
  'dataprotection.thread_self_deleted',
];

const ref = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '?');
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const period = (v: unknown) => (typeof v === 'number' ? `${v} Tage` : 'unbegrenzt');
const SCOPES: Record<string, string> = { team: 'Gesamtes Team', user: 'ein User', thread: 'eine Besucher-Unterhaltung' };
const counts = (d: Record<string, unknown>) =>
  `${num(d.threads)} ${num(d.threads) === 1 ? 'Unterhaltung' : 'Unterhaltungen'}, ${num(d.messages)} Nachrichten, ${num(d.files)} Dateien`;

export function describeEntry(action: string, d: Record<string, unknown>): string {
  const scope = SCOPES[String(d.scope)] ?? '';
  switch (action) {
    case 'dataprotection.retention_changed': {
      const after = (d.after ?? {}) as Record<string, unknown>;
      return `Aufbewahrung geändert: Team-Chats ${period(after.members_days)}, Besucher-Chats ${period(after.visitors_days)}`;
    }
    case 'dataprotection.retention_run':
      return `Aufbewahrung ausgeführt: ${counts(d)} gelöscht`;
    case 'dataprotection.export_requested':
      return `Export angefordert: ${scope}${d.threadId ? ` (#${ref(d.threadId)})` : ''}`;
    case 'dataprotection.export_ready':
      return `Export bereitgestellt: ${scope}`;
    case 'dataprotection.export_downloaded':
      return `Export heruntergeladen: ${scope}`;
    case 'dataprotection.user_erased':
      return `User gelöscht mit ${counts(d)}`;
    case 'dataprotection.thread_erased':
      return `Besucher-Unterhaltung #${ref(d.threadId)} gelöscht (${num(d.messages)} Nachrichten, ${num(d.files)} Dateien)`;
    case 'dataprotection.thread_self_deleted':
      return `Unterhaltung #${ref(d.threadId)} von ${d.public === false ? 'ihrem User' : 'der Besucherin / dem Besucher'} selbst gelöscht`;
    default:
      return action;
  }
}

/** GET /api/dataprotection/audit: the newest 200 entries. */
export async function listDataprotectionAudit(deps: Deps, auth: AuthContext): Promise<DataprotectionAuditEntry[]> {
  requireAccess(auth, 'admin');
  const rows = await listTeamAudit(deps.db, auth.team.id, DATAPROTECTION_ACTIONS, 200);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    action: r.action,
    text: describeEntry(r.action, r.detail),
    // The name only: the list is for the team's admins, the full label stays in the log.
    actor: r.actorLabel ? r.actorLabel.replace(/\s*<[^>]*>$/, '') : null,
  }));
}
