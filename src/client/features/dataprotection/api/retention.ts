import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RetentionRequest, RetentionSettings } from '../../../../shared/schemas/dataprotection.ts';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './audit.ts';

export const retentionQueryKey = ['dataprotection', 'retention'] as const;

/** GET /api/dataprotection/retention: both periods and the last nightly run. */
export function useRetentionQuery() {
  return useQuery({ queryKey: retentionQueryKey, queryFn: () => api.get<RetentionSettings>('/api/dataprotection/retention') });
}

/** PUT /api/dataprotection/retention. */
export function useSaveRetentionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RetentionRequest) => api.put<{ status: string; message: string }>('/api/dataprotection/retention', input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: retentionQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
