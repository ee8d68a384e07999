// The front door of the documents feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { documentRoutes } from './document.routes.ts';
