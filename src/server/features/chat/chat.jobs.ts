import type { Deps } from '../../platform/deps.ts';
import { recoverInterruptedAnswers } from './chat.service.ts';

export const ANSWER_RECOVERY_JOB = 'answers-recover';
/** Every minute (pg-boss' finest schedule): answers of an instance that died become "partial". */
export const ANSWER_RECOVERY_CRON = '* * * * *';

export function defineChatJobs(deps: Deps) {
  deps.jobs.define(ANSWER_RECOVERY_JOB, async () => {
    await recoverInterruptedAnswers(deps, { all: false });
  });
  deps.jobs.schedule(ANSWER_RECOVERY_JOB, ANSWER_RECOVERY_CRON);
}
