import type { Deps } from '../../platform/deps.ts';
import { deleteExpiredSessions } from '../../platform/session.ts';
import { deleteExpiredThrottleRows } from '../../platform/throttle.ts';
import { deleteSpentUserTokens } from './auth.repository.ts';

export const AUTH_CLEANUP_JOB = 'auth-cleanup';
/** Hourly, at an odd minute so it does not meet other hourly work. */
export const AUTH_CLEANUP_CRON = '17 * * * *';

/** Removes sign-in state nobody can use any more: expired sessions, passed throttle windows, spent tokens. */
export async function deleteExpiredAuthRows(deps: Pick<Deps, 'db' | 'config'>) {
  return {
    sessions: await deleteExpiredSessions(deps.db, deps.config),
    throttleRows: await deleteExpiredThrottleRows(deps.db),
    tokens: await deleteSpentUserTokens(deps.db),
  };
}

export function defineAuthJobs(deps: Deps) {
  deps.jobs.define(AUTH_CLEANUP_JOB, async () => {
    const deleted = await deleteExpiredAuthRows(deps);
    deps.log.info({ deleted }, 'expired sign-in data removed');
  });
  deps.jobs.schedule(AUTH_CLEANUP_JOB, AUTH_CLEANUP_CRON);
}
