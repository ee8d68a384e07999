// The front door of the auth feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { defineAuthJobs } from './auth.jobs.ts';
export { authRoutes } from './auth.routes.ts';
export { isEmailTaken, issueInvitationToken } from './auth.service.ts';
export { accountRowOwner, findTeamPersonByUuid, listTeamUserUuids, personExportJson } from './account.rows.ts';
export { deleteUser, insertUser, revokeOpenUserTokens, updateUser } from './auth.repository.ts';
