import { useQuery } from '@tanstack/react-query';
import type { McpServerAdmin } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/mcp/{teamUuid} → the team's MCP servers (header names only, never values). */
export function useMcpServers(teamUuid: string) {
  return useQuery({
    queryKey: insightKeys.mcpServers(teamUuid),
    queryFn: () => api.get<McpServerAdmin[]>(`/api/insight/mcp/${encodeURIComponent(teamUuid)}`),
  });
}
