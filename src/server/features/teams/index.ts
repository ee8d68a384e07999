// The front door of the teams feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { applyTeamPlan, changeTeamExtras, countTeamUsers, getTeamLimits, loadTeamForUpdate, purgeTeamRow, restoreTeam, saveTeamProtection, setTeamAmounts, setTeamTrial, softDeleteTeam, teamsDeletedBefore, trialSecondsRemaining } from './team.service.ts';
export { insertTeam, setTeamRetention } from './team.service.ts';
