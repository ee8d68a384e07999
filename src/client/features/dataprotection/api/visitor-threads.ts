import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasedCounts, VisitorThread } from '../../../../shared/schemas/dataprotection.ts';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './audit.ts';

export const visitorThreadsQueryKey = (q: string) => ['dataprotection', 'visitor-threads', q] as const;

/** GET /api/dataprotection/visitor-threads?q=: by thread number or contact-form e-mail. */
export function useVisitorThreadsQuery(q: string) {
  return useQuery({
    queryKey: visitorThreadsQueryKey(q),
    queryFn: async () =>
      (await api.get<{ threads: VisitorThread[] }>(`/api/dataprotection/visitor-threads?${new URLSearchParams({ q })}`)).threads,
    enabled: q !== '',
  });
}

/** DELETE /api/dataprotection/visitor-threads/:threadId. */
export function useEraseVisitorThreadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) =>
      api.del<{ status: string; message: string; removed: ErasedCounts }>(`/api/dataprotection/visitor-threads/${threadId}`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dataprotection', 'visitor-threads'] }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
