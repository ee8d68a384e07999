import { useQuery } from '@tanstack/react-query';
import type { TeamUser } from '../../../../shared/schemas/users.ts';
import { api } from '../../../lib/api-client.ts';

export const teamUsersQueryKey = ['dataprotection', 'users'] as const;

/** GET /api/users: the team's users to choose whose data is exported or erased. */
export function useTeamUsersQuery() {
  return useQuery({
    queryKey: teamUsersQueryKey,
    queryFn: async () => (await api.get<{ users: TeamUser[] }>('/api/users')).users,
  });
}
