import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { McpItem } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { toolKeys } from './keys.ts';

/** POST /api/togglemcp {assistantUuid, mcpId, state} → "Einstellung gespeichert". */
export function useToggleMcp(assistantUuid: string) {
  const queryClient = useQueryClient();
  const key = toolKeys.mcps(assistantUuid);
  return useMutation({
    mutationFn: (input: { mcpId: number; state: boolean }) =>
      api.post<{ message: string }>('/api/togglemcp', {
        assistantUuid,
        mcpId: input.mcpId,
        state: input.state ? 1 : 0,
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<McpItem[]>(key);
      queryClient.setQueryData<McpItem[]>(key, (list) =>
        list?.map((m) => (m.id === input.mcpId ? { ...m, active: input.state } : m)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
