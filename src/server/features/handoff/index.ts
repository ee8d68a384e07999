// The front door of the handoff feature (docs/decisions/029-server-boundaries.md): the live hand-off
// from the public Mika to a team member (docs/decisions/044-live-handoff.md).
export { handoffRoutes } from './handoff.routes.ts';
export { canTakeLive, handoffVisitorTurn, liveRoomsOf, sweepHandoffs } from './handoff.service.ts';
export { handoffRowOwner } from './handoff.rows.ts';
