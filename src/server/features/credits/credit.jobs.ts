import type { Deps } from '../../platform/deps.ts';
import { grantAllowanceToAllTeams, releaseStaleReservations } from './credit.service.ts';

export const CREDIT_ALLOWANCE_JOB = 'credits-allowance';
/**
 * Hourly (minute 7): books the month's allowance for every team. Each grant is idempotent by its
 * reference (`allowance:YYYY-MM:plan`, `extras:YYYY-MM`), so later runs of the month, a second
 * instance or a retry book nothing twice — and a month whose first hour was missed (deploy,
 * outage) still gets its allowance an hour later.
 */
export const CREDIT_ALLOWANCE_CRON = '7 * * * *';

export const CREDIT_RELEASE_JOB = 'credits-release';
/** Every five minutes: holds of calls whose process died go back to the balance. */
export const CREDIT_RELEASE_CRON = '*/5 * * * *';

export function defineCreditJobs(deps: Deps) {
  deps.jobs.define(CREDIT_ALLOWANCE_JOB, async () => {
    const teams = await grantAllowanceToAllTeams(deps.db);
    deps.log.info({ teams }, 'monthly credit allowance checked');
  });
  deps.jobs.schedule(CREDIT_ALLOWANCE_JOB, CREDIT_ALLOWANCE_CRON);
  deps.jobs.define(CREDIT_RELEASE_JOB, async () => {
    const teams = await releaseStaleReservations(deps.db);
    if (teams > 0) deps.log.warn({ teams }, 'stale credit reservations released');
  });
  deps.jobs.schedule(CREDIT_RELEASE_JOB, CREDIT_RELEASE_CRON);
}
