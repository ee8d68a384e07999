import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

export interface McpTeam {
  uuid: string;
  name: string;
}

/** GET /api/insight/mcpteams?search= → at most 20 teams by name (superadmins). */
export function useMcpTeams(search: string) {
  return useQuery({
    queryKey: insightKeys.mcpTeams(search),
    queryFn: () => api.get<McpTeam[]>(`/api/insight/mcpteams?search=${encodeURIComponent(search)}`),
    placeholderData: keepPreviousData,
  });
}
