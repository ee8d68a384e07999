import type { Assistant, Team } from '../db/schema/index.ts';
import { filterEntries } from '../../shared/schemas/users.ts';

// The privacy filter's terms for one assistant (docs/ai.md): what the gate masks before anything
// leaves for a provider. Pure: the team and assistant rows carry the filters and switches.

/** docs/product/chat-and-voice.md: the assistant's switch is off by default at level 0, on at 1, forced on at 2. */
export function isAssistantFilterOn(team: Pick<Team, 'protectionLevel'>, assistant: Pick<Assistant, 'filterEnabled'>) {
  if (team.protectionLevel >= 2) return true;
  return assistant.filterEnabled ?? team.protectionLevel === 1;
}

/** Every term that must not reach a provider for this assistant in this team. */
export function privacyTermsFor(team: Team, assistant: Assistant, opts: { force?: boolean } = {}): string[] {
  // force: the context holds a knowledge file uploaded with the data-protection switch, whose
  // passages are masked even when the assistant's own switch is off.
  if (!opts.force && !isAssistantFilterOn(team, assistant)) return [];
  return [...filterEntries(team.filter), ...filterEntries(assistant.filter)];
}

