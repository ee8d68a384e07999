import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** DELETE /api/insight/mcp {teamUuid, mcpId} → "Externes Tool gelöscht". */
export function useDeleteMcpServer(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mcpId: number) =>
      api.del<{ status: 'success'; message: string }>('/api/insight/mcp', { teamUuid, mcpId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insightKeys.mcpServers(teamUuid) });
    },
  });
}
