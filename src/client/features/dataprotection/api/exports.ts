import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportItem, ExportRequest } from '../../../../shared/schemas/dataprotection.ts';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey } from './audit.ts';

export const exportsQueryKey = ['dataprotection', 'exports'] as const;

/** GET /api/dataprotection/exports: the caller's own exports; polled while one is being prepared. */
export function useExportsQuery() {
  return useQuery({
    queryKey: exportsQueryKey,
    queryFn: async () => (await api.get<{ exports: ExportItem[] }>('/api/dataprotection/exports')).exports,
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'queued' || e.status === 'running') ? 2000 : false),
  });
}

/** POST /api/dataprotection/exports: starts the export job. */
export function useStartExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportRequest) =>
      api.post<{ status: string; message: string; export: ExportItem }>('/api/dataprotection/exports', input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: exportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]);
    },
  });
}
