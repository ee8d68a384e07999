import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { McpSaved, McpServerPayload } from './create-mcp-server.ts';
import { insightKeys } from './keys.ts';

/** PUT /api/insight/mcp {teamUuid, mcpId, …}: headers sent without value keep their stored secret. */
export function useUpdateMcpServer(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: McpServerPayload & { mcpId: number }) =>
      api.put<McpSaved>('/api/insight/mcp', { teamUuid, ...input }, { snackbar: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insightKeys.mcpServers(teamUuid) });
    },
  });
}
