// The front door of the assistants feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './assistant.access.ts';
export { assistantRoutes } from './assistant.routes.ts';
export { seedDefaultAssistants } from './assistant.seed.ts';
export { assertUsable, findPublishedAssistant, getLimitState, limitStateFrom, planHasRights, rightsFor, saveAssistantFilter } from './assistant.service.ts';
export { setAssistantImageStyle, setAssistantRight } from './assistant.service.ts';
export { GUIDE_SEED_KEY } from './assistant.seed.ts';
export { isFreeAssistant, isFreeAssistantSql } from './assistant.service.ts';
export { hiddenForTeam, visibleToTeam } from './assistant.repository.ts';
export { assistantRowOwner, listRightsOfUser, listTeamAssistantNames } from './assistant.rows.ts';
