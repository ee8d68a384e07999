// The front door of the insight feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { insightRoutes } from './insight.routes.ts';
export { discountRowOwner } from './discount.rows.ts';
export { defineTeamDeletionJobs } from './team-deletion.ts';
