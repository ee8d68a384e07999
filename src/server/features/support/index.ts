// The front door of the support feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { supportRoutes } from './support.routes.ts';
