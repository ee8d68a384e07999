import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { McpItem } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { toolKeys } from './keys.ts';

const url = (assistantUuid: string, flag: 0 | 1) => `/api/mcps/${encodeURIComponent(assistantUuid)}/${flag}`;

/** GET /api/mcps/{assistantUuid}/0: the team's external tools with this assistant's switch. */
export function useMcps(assistantUuid: string) {
  return useQuery({
    queryKey: toolKeys.mcps(assistantUuid),
    queryFn: () => api.get<McpItem[]>(url(assistantUuid, 0)),
  });
}

/** GET /api/mcps/{assistantUuid}/1: asks every server for its tools again. */
export function useRefreshMcps(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<McpItem[]>(url(assistantUuid, 1)),
    onSuccess: (list) => putSaved(queryClient, toolKeys.mcps(assistantUuid), list),
  });
}
