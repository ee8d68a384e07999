import { useQuery } from '@tanstack/react-query';
import type { ToolItem } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { toolKeys } from './keys.ts';

/** GET /api/tools/{assistantUuid}: every tool kind with the assistant's switch. */
export function useTools(assistantUuid: string) {
  return useQuery({
    queryKey: toolKeys.list(assistantUuid),
    queryFn: () => api.get<ToolItem[]>(`/api/tools/${encodeURIComponent(assistantUuid)}`),
  });
}
