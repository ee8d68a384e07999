// The front door of the api-keys feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { apiKeyRoutes } from './api-key.routes.ts';
export { apiKeyRowOwner } from './api-key.rows.ts';
export { KEY_PREFIX, assistantsInKeyScope, findKeyBySecret, hasApiAccess, markKeyUsed } from './api-key.service.ts';
