import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamNameRequest } from '../../../../shared/schemas/teams.ts';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';

/** PUT /api/team (owner): the team's name; the user data (side navigation, top bar) loads again. */
export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamNameRequest) =>
      api.put<{ status: 'success'; message: string; teamName: string }>('/api/team', input, {
        snackbar: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
  });
}
