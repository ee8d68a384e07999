// The front door of the usage feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { recordUsage, recordUsageCtes } from './usage.service.ts';
export { usageRowOwner } from './usage.rows.ts';
export type { UsageRecord } from './usage.service.ts';
