// The front door of the tools feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { toolRoutes } from './tool.routes.ts';
export { activeToolsOf, getToolState, saveToolState, setToolActive, toActiveTools } from './tool.service.ts';
export { listToolsOfAssistants } from './tool.repository.ts';
