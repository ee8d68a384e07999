import type { QueryClient } from '@tanstack/react-query';
import { insightKeys } from './keys.ts';

/** After an operator action on a team: its detail, its audit log and the team list. */
export async function invalidateTeam(queryClient: QueryClient, teamUuid: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: insightKeys.team(teamUuid) }),
    queryClient.invalidateQueries({ queryKey: insightKeys.audit(teamUuid) }),
    queryClient.invalidateQueries({ queryKey: insightKeys.lists() }),
  ]);
}
