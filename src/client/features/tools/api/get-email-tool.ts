import { useQuery } from '@tanstack/react-query';
import type { EmailToolState } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { toolKeys } from './keys.ts';

/** GET /api/tool/email/{assistantUuid}: the contacts the assistant may mail. */
export function useEmailTool(assistantUuid: string) {
  return useQuery({
    queryKey: toolKeys.email(assistantUuid),
    queryFn: () => api.get<EmailToolState>(`/api/tool/email/${encodeURIComponent(assistantUuid)}`),
  });
}
