import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasedCounts } from '../../../../shared/schemas/dataprotection.ts';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './audit.ts';
import { teamUsersQueryKey } from './team-users.ts';

/** DELETE /api/dataprotection/users/:uuid: the user and everything of theirs. */
export function useEraseUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.del<{ status: string; message: string; removed: ErasedCounts }>(`/api/dataprotection/users/${encodeURIComponent(uuid)}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamUsersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
