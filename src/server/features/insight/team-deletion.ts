import { INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import { AppError, isUniqueViolation, validationError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import type { PrivateFolderOwner } from '../../platform/file-sweep.ts';
import type { JobKind } from '../../platform/jobs.ts';
import type { AuthContext } from '../../platform/session.ts';
import { billingProvider } from '../billing/index.ts';
import { purgeTeamRow, restoreTeam, softDeleteTeam, teamsDeletedBefore } from '../teams/index.ts';
import { findTeamById, lastTeamDeletion, teamLogoPaths } from './insight.repository.ts';
import { teamOr404 } from './insight.service.ts';

// Team deletion (docs/product/operator-area.md, docs/operations.md). Soft: the team disappears at once and its data
// stays for TEAM_RETENTION_DAYS, then a scheduled job purges it. Hard: the same purge as a job at
// once. The purge removes the team's files first, then its row (every other row cascades), so a
// purge interrupted by a crash is simply run again.

export const TEAM_PURGE_JOB = 'team-purge';
export const TEAMS_PURGE_DUE_JOB = 'teams-purge-due';
const TEAMS_PURGE_DUE_CRON = '23 3 * * *';

const jobs = new WeakMap<Deps, JobKind<{ teamId: number }>>();

export function defineTeamDeletionJobs(deps: Deps, owners: PrivateFolderOwner[]) {
  const purge = deps.jobs.define<{ teamId: number }>(
    TEAM_PURGE_JOB,
    async ({ teamId }) => {
      await purgeTeam(deps, owners, teamId);
    },
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true },
  );
  jobs.set(deps, purge);
  deps.jobs.define(TEAMS_PURGE_DUE_JOB, async () => {
    await enqueueDuePurges(deps);
  });
  deps.jobs.schedule(TEAMS_PURGE_DUE_JOB, TEAMS_PURGE_DUE_CRON);
}

function purgeJobOf(deps: Deps) {
  const job = jobs.get(deps);
  if (!job) throw new Error('team deletion jobs are not defined');
  return job;
}

/** Teams whose retention has ended get their purge job (once per team). */
export async function enqueueDuePurges(deps: Deps, now = new Date()): Promise<number> {
  const due = await teamsDeletedBefore(deps.db, new Date(now.getTime() - deps.config.teamRetentionMs));
  for (const teamId of due) await purgeJobOf(deps).send({ teamId }, { singletonKey: `team-${teamId}` });
  return due.length;
}

/**
 * Removes a soft-deleted team for good: its private files (knowledge, assets, audio, documents,
 * images), its logos, then every owner's rows of the team (deps.rowOwners) and the team row with
 * every row that cascades from it. A team restored meanwhile (or
 * already gone) is left alone. Returns whether it purged.
 */
export async function purgeTeam(deps: Deps, owners: PrivateFolderOwner[], teamId: number): Promise<boolean> {
  const team = await findTeamById(deps.db, teamId);
  if (!team?.deletedAt) return false;
  const files = (await Promise.all(owners.map((o) => o.teamFiles(deps.db, teamId)))).flat();
  for (const f of files) await deps.privateFiles.remove(f.folder, f.name);
  for (const folder of new Set(files.map((f) => f.folder))) await deps.privateFiles.removeFolderIfEmpty(folder);
  const logos = await teamLogoPaths(deps.db, teamId);
  for (const logo of logos) await deps.storage.remove(logo);
  await deps.db.transaction(async (tx) => {
    for (const owner of deps.rowOwners) await owner.eraseTeam?.(tx, teamId);
    if (await purgeTeamRow(tx, teamId)) {
      await recordAudit(tx, { action: 'team.purged', team, detail: { files: files.length + logos.length } });
    }
  });
  deps.log.info({ teamId, files: files.length + logos.length }, 'team purged');
  return true;
}

/** DELETE /api/insight/team. */
export async function deleteTeam(
  deps: Deps,
  auth: AuthContext,
  input: { teamUuid: string; deleteStripeCustomer: number; softDelete: number },
) {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, input.teamUuid);
  if (team.id === auth.team.id) throw new AppError('CONFLICT', INSIGHT_MESSAGES.ownTeam);
  const soft = input.softDelete === 1;
  if (soft && team.deletedAt) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamAlreadyDeleted);
  const provider = billingProvider(deps);
  if (input.deleteStripeCustomer === 1) {
    if (provider.kind !== 'stripe' || !provider.deleteCustomer) throw validationError('deleteStripeCustomer', INSIGHT_MESSAGES.stripeNotConfigured);
    // Before the team goes: if Stripe refuses, nothing is deleted and the operator can retry.
    await provider.deleteCustomer(team).catch((err: unknown) => {
      deps.log.error({ err, teamId: team.id }, 'stripe customer not deleted');
      throw new AppError('UNAVAILABLE', INSIGHT_MESSAGES.stripeCustomerFailed);
    });
  }
  await deps.db.transaction(async (tx) => {
    const deleted = team.deletedAt ? team : await softDeleteTeam(tx, team.id);
    if (!deleted) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamAlreadyDeleted);
    await recordAudit(tx, {
      action: 'team.deleted',
      ...auditFrom(auth),
      team,
      detail: { soft, deleteStripeCustomer: input.deleteStripeCustomer === 1 },
    });
    if (!soft) await purgeJobOf(deps).send({ teamId: team.id }, { tx, singletonKey: `team-${team.id}` });
  });
  return { status: 'success' as const, message: INSIGHT_MESSAGES.teamDeleted };
}

/** POST /api/insight/restoreteam: undoes a soft delete before the purge. */
export async function restoreDeletedTeam(deps: Deps, auth: AuthContext, uuid: string) {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, uuid);
  if (!team.deletedAt) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamNotDeleted);
  const last = await lastTeamDeletion(deps.db, team.id);
  if (last?.detail.soft === false) throw new AppError('CONFLICT', INSIGHT_MESSAGES.restoreHardDeleted);
  try {
    await deps.db.transaction(async (tx) => {
      const restored = await restoreTeam(tx, team.id);
      if (!restored) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamNotDeleted);
      await recordAudit(tx, { action: 'team.restored', ...auditFrom(auth), team: restored, detail: { deletedAt: team.deletedAt!.toISOString() } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', INSIGHT_MESSAGES.restoreEmailTaken);
    throw err;
  }
  return { status: 'success' as const, message: INSIGHT_MESSAGES.teamRestored };
}
