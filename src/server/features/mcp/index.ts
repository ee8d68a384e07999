// The front door of the mcp feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { mcpRoutes } from './mcp.routes.ts';
export { mcpToolsForAnswer } from './mcp.service.ts';
export { mcpRowOwner } from './mcp.rows.ts';
