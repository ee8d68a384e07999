import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import type { AssistantHiddenResponse, AssistantSummary } from '../../../shared/schemas/assistants.ts';
import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { deleteHiddenAssistant, findTeamOrDefaultAssistant, insertHiddenAssistant, listHiddenAssistants } from './assistant.repository.ts';
import { getLimitState, rightsFor, toSummary } from './assistant.service.ts';

// Hiding a default Mika for a team (docs/decisions/030-first-hour.md): an admin cannot edit or delete
// a default Mika (only the operator can), but can take it out of the team's way. A hidden Mika is
// gone for the whole team — library, side menu, rights, API keys, chat (404 like an unknown one) —
// until an admin shows it again from "Ausgeblendete Mikas".

/** PUT /api/assistant/{uuid}/hidden. Idempotent: hiding a hidden Mika (or showing a visible one) answers the same. */
export async function setAssistantHidden(deps: Deps, auth: AuthContext, uuid: string, hidden: boolean): Promise<AssistantHiddenResponse> {
  requireAccess(auth, 'admin');
  const assistant = await findTeamOrDefaultAssistant(deps.db, auth.team.id, uuid);
  if (!assistant) throw new AppError('NOT_FOUND', ASSISTANT_MESSAGES.notFound);
  // The team's own Mikas are deleted, not hidden: hiding would keep a slot of the plan taken.
  if (assistant.teamId !== null || !assistant.isDefault) throw new AppError('FORBIDDEN', ASSISTANT_MESSAGES.hideOnlyDefault);
  if (hidden) await insertHiddenAssistant(deps.db, auth.team.id, assistant.id);
  else await deleteHiddenAssistant(deps.db, auth.team.id, assistant.id);
  return { status: 'success', hidden, message: hidden ? ASSISTANT_MESSAGES.hidden(assistant.name) : ASSISTANT_MESSAGES.shown(assistant.name) };
}

/** GET /api/assistants/hidden: the default Mikas the team hid, for its admins to show them again. */
export async function listTeamHiddenAssistants(deps: Deps, auth: AuthContext): Promise<AssistantSummary[]> {
  requireAccess(auth, 'admin');
  const rows = await listHiddenAssistants(deps.db, auth.team.id);
  if (rows.length === 0) return [];
  const limit = await getLimitState(deps.db, auth.team);
  return rows.map((assistant) => toSummary(assistant, rightsFor(auth, { assistant, canUse: null, canEdit: null }), limit.exceeded));
}
