import { requireAccess } from '../../platform/access.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import { independentParts } from '../../platform/jobs.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { AuthContext } from '../../platform/session.ts';
import { DATA_PROTECTION_MESSAGES } from '../../../shared/messages.ts';
import {
  DEFAULT_VISITOR_RETENTION_DAYS,
  type RetentionRequest,
  type RetentionSettings,
} from '../../../shared/schemas/dataprotection.ts';
import { dueThreadIds, findTeamRetention, lastRetentionRun, teamsWithRetention } from './dataprotection.repository.ts';
import { eraseThreads } from './erasure.ts';
import { removeExpiredExports } from './exports.ts';
import { setTeamRetention } from '../teams/index.ts';
import { appendAll } from '../../../shared/arrays.ts';

// Retention (docs/dataprotection.md): every night a job deletes the conversations whose last
// message is older than the team's setting — members' and visitors' chats separately — with their
// files, submissions and mails. The run is idempotent: interrupted, the next attempt (or night)
// finds what is still due. Each team's run is written to the audit log (the card shows the last).

export const RETENTION_JOB = 'dataprotection-retention';
const RETENTION_CRON = '41 2 * * *';
const DAY_MS = 86_400_000;

export function defineRetentionJob(deps: Deps, owners: PrivateFolderOwner[]) {
  deps.jobs.define(
    RETENTION_JOB,
    async () => {
      await runRetention(deps, owners);
    },
    { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600, heartbeatSeconds: 60 },
  );
  deps.jobs.schedule(RETENTION_JOB, RETENTION_CRON);
}

/** GET /api/dataprotection/retention. */
export async function getRetention(deps: Deps, auth: AuthContext): Promise<RetentionSettings> {
  requireAccess(auth, 'admin');
  const team = await findTeamRetention(deps.db, auth.team.id);
  const last = await lastRetentionRun(deps.db, auth.team.id);
  return {
    members_days: team?.members ?? null,
    visitors_days: team?.visitors ?? null,
    last_run: last ? { at: last.at.toISOString(), threads: Number(last.detail.threads ?? 0), files: Number(last.detail.files ?? 0) } : null,
  };
}

/** PUT /api/dataprotection/retention. */
export async function saveRetention(deps: Deps, auth: AuthContext, input: RetentionRequest) {
  requireAccess(auth, 'admin');
  const before = await getRetention(deps, auth);
  await deps.db.transaction(async (tx) => {
    await setTeamRetention(tx, auth.team.id, { members: input.members_days, visitors: input.visitors_days });
    await recordAudit(tx, {
      action: 'dataprotection.retention_changed',
      ...auditFrom(auth),
      detail: {
        before: { members_days: before.members_days, visitors_days: before.visitors_days },
        after: { members_days: input.members_days, visitors_days: input.visitors_days },
      },
    });
  });
  return { status: 'success' as const, message: DATA_PROTECTION_MESSAGES.retentionSaved };
}

/**
 * The nightly run over every team with a finite setting, plus the public chats of the default
 * assistants (no team: the default visitor retention applies). Returns the totals.
 */
export async function runRetention(deps: Deps, owners: PrivateFolderOwner[], now = new Date()) {
  const totals = { teams: 0, threads: 0, messages: 0, files: 0, exports: 0 };
  // One team's failure (a file the storage refuses to delete) must not keep every later team's
  // data past its deadline.
  const parts = independentParts(deps.log, 'retention');
  const add = (removed: { threads: number; messages: number; files: number }) => {
    totals.threads += removed.threads;
    totals.messages += removed.messages;
    totals.files += removed.files;
  };
  const list = await teamsWithRetention(deps.db);
  for (const team of list) {
    await parts.part(`team ${team.id}`, async () => {
      const ids: number[] = [];
      if (team.retentionMemberDays !== null) appendAll(ids, await dueThreadIds(deps.db, team.id, false, new Date(now.getTime() - team.retentionMemberDays * DAY_MS)));
      if (team.retentionVisitorDays !== null) appendAll(ids, await dueThreadIds(deps.db, team.id, true, new Date(now.getTime() - team.retentionVisitorDays * DAY_MS)));
      const removed = await eraseThreads(deps, owners, ids);
      await recordAudit(deps.db, {
        action: 'dataprotection.retention_run',
        team,
        detail: { members_days: team.retentionMemberDays, visitors_days: team.retentionVisitorDays, ...removed },
      });
      totals.teams++;
      add(removed);
    });
  }
  await parts.part('public chats of the default Mikas', async () => {
    add(await eraseThreads(deps, owners, await dueThreadIds(deps.db, null, true, new Date(now.getTime() - DEFAULT_VISITOR_RETENTION_DAYS * DAY_MS))));
  });
  await parts.part('expired exports', async () => {
    totals.exports = await removeExpiredExports(deps, now);
  });
  deps.log.info({ ...totals, failed: parts.failed() }, 'retention run finished');
  parts.finish();
  return totals;
}
