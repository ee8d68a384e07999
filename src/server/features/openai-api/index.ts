// The front door of the openai-api feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { isV1Path, sendV1Error, v1NotFound, v1Routes } from './v1.routes.ts';
