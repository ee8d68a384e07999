// The front door of the teams feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { getTeamLimits, trialSecondsRemaining } from './team.ts';
export type { TeamLimits } from './team.ts';
export { applyTeamPlan, changeTeamExtras, countTeamUsers, loadTeamForUpdate, purgeTeamRow, restoreTeam, saveTeamProtection, setTeamAmounts, setTeamTrial, softDeleteTeam, teamsDeletedBefore } from './team.repository.ts';
export { insertTeam, setTeamRetention } from './team.repository.ts';
export { teamRowOwner } from './team.rows.ts';
export { teamRoutes } from './team.routes.ts';
