import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, type Team, type User } from '../db/schema/index.ts';
import type { AuthContext } from './session.ts';
import type { RowOwner } from './row-owners.ts';
import { exportJson } from './team-export.ts';

/**
 * The one audit log (docs/operations.md): operator actions in Insight, live logins and every
 * change made during one, API keys. Append-only: the table refuses UPDATE and DELETE.
 */
export type AuditAction =
  | 'plan.changed'
  | 'amounts.changed'
  | 'extras.added'
  | 'extras.cancelled'
  | 'promotion.applied'
  | 'promotion_code.created'
  | 'promotion_code.deactivated'
  | 'trial.changed'
  | 'live_login.started'
  | 'live_login.ended'
  | 'live_login.request'
  | 'team.deleted'
  | 'team.restored'
  | 'team.purged'
  | 'api_key.created'
  | 'api_key.revoked'
  // Billing (docs/billing.md): an operator settles or cancels an invoice.
  | 'invoice.marked_paid'
  | 'invoice.cancelled'
  // Datenschutz (docs/dataprotection.md): never the erased e-mail address or content.
  | 'dataprotection.retention_changed'
  | 'dataprotection.retention_run'
  | 'dataprotection.export_requested'
  | 'dataprotection.export_ready'
  | 'dataprotection.export_downloaded'
  | 'dataprotection.user_erased'
  | 'dataprotection.thread_erased'
  | 'dataprotection.thread_self_deleted'
  // Live hand-off (docs/decisions/044-live-handoff.md): a person takes a public conversation over or gives it back.
  | 'handoff.taken'
  | 'handoff.returned';

export interface AuditInput {
  action: AuditAction;
  team?: Pick<Team, 'id' | 'uuid' | 'name'> | null;
  actor?: Pick<User, 'id' | 'name' | 'email'> | null;
  liveSessionId?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes one entry; pass the transaction of the change so both commit together. */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    action: input.action,
    teamId: input.team?.id ?? null,
    teamUuid: input.team?.uuid ?? null,
    teamName: input.team?.name ?? null,
    actorUserId: input.actor?.id ?? null,
    actorLabel: input.actor ? `${input.actor.name} <${input.actor.email}>` : null,
    liveSessionId: input.liveSessionId ?? null,
    detail: input.detail ?? {},
  });
}

/** Who acts in a request: during a live login the operator (never the team's owner). */
export function auditFrom(auth: AuthContext): Pick<AuditInput, 'team' | 'actor' | 'liveSessionId'> {
  return { team: auth.team, actor: auth.live?.operator ?? auth.user, liveSessionId: auth.live ? auth.sessionId : null };
}

/** A team's entries, newest first. */
export function listTeamAudit(db: Db, teamId: number, actions?: AuditAction[], limit = 200) {
  return db
    .select()
    .from(auditLog)
    .where(actions ? and(eq(auditLog.teamId, teamId), inArray(auditLog.action, actions)) : eq(auditLog.teamId, teamId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** The audit log answers for itself: it is the record erasures and purges leave behind. */
export const auditRowOwner: RowOwner = {
  owner: 'platform/audit',
  tables: ['audit_log'],
  exportDescription: 'audit-log.json: wer wann was im Team geändert hat (Datenschutz, Support-Zugriffe, Abrechnung, Löschungen)',
  async exportTeam(db, teamId) {
    const entries = await db.select().from(auditLog).where(eq(auditLog.teamId, teamId)).orderBy(asc(auditLog.at), asc(auditLog.id));
    return {
      'audit-log.json': exportJson(entries.map((e) => ({ at: e.at, actor: e.actorLabel, action: e.action, liveLogin: e.liveSessionId !== null, detail: e.detail }))),
    };
  },
  keeps: {
    audit_log:
      'who did what and when (data-protection actions, support access, billing, deletions) stays after the team or person is gone: accountability (Art. 5 (2) DSGVO); entries hold ids and names of actions, no conversation content',
  },
};
