// The front door of the account feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { accountRoutes } from './account.routes.ts';
