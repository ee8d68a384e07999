// The front door of the users feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './user.access.ts';
export { userRoutes } from './user.routes.ts';
