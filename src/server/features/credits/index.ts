// The front door of the credits feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { defineCreditJobs } from './credit.jobs.ts';
export { creditRowOwner } from './credit.rows.ts';
export { creditRoutes } from './credit.routes.ts';
export { audienceOf, creditsEmpty, grantCredits, grantMonthlyAllowance, heldCredits, markHoldSettled, releaseCredits, reserveCredits, reserveCreditsCtes, settleCredits, settleCreditsCtes, trialEnded } from './credit.service.ts';
export type { CreditHold } from './credit.service.ts';
