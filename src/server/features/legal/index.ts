// The front door of the legal feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { legalRoutes } from './legal.routes.ts';
export { unfinishedLegalPages } from './legal.service.ts';
