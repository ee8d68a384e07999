import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

export interface McpServerPayload {
  name: string;
  url: string;
  description: string;
  /** A header without value keeps its stored value (update only). */
  headers: { name: string; value?: string }[];
}

export interface McpSaved {
  status: 'success';
  message: string;
  id: number;
}

/** POST /api/insight/mcp {teamUuid, name, url, description, headers} → "Externes Tool gespeichert". */
export function useCreateMcpServer(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows field errors (fields.url, fields.name) itself.
    mutationFn: (input: McpServerPayload) =>
      api.post<McpSaved>('/api/insight/mcp', { teamUuid, ...input }, { snackbar: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: insightKeys.mcpServers(teamUuid) });
    },
  });
}
