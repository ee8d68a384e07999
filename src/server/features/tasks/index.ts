// The front door of the tasks feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { taskDocumentFolderOwner, taskDocumentSource } from './task-documents.ts';
export { taskRoutes } from './task.routes.ts';
