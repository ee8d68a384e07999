// The front door of the dataprotection feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { dataprotectionRoutes } from './dataprotection.routes.ts';
export { dsgvoRoutes } from './dsgvo.routes.ts';
export { defineExportJob, exportFolderOwner, exportRowOwner, resumeInterruptedExports } from './exports.ts';
export { defineRetentionJob } from './retention.ts';
