// The front door of the images feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './image.access.ts';
export { defineImageJobs, resumeInterruptedImages } from './image.jobs.ts';
export { imageFolderOwner } from './image.repository.ts';
export { imageRoutes } from './image.routes.ts';
export { exportUserImages, imageRowOwner } from './image.rows.ts';
