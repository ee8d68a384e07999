import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZFilterResponse } from '../../../shared/schemas/users.ts';
import { api } from '../../lib/api-client.ts';
import { userDataQueryKey } from '../../lib/user-data.ts';

export type FilterSettings = z.infer<typeof ZFilterResponse>;

export const mainFilterQueryKey = ['filter', 'main'] as const;

/** GET /api/filter/main: the team's filter and protection level (admins). */
export function useMainFilterQuery() {
  return useQuery({
    queryKey: mainFilterQueryKey,
    queryFn: () => api.get<FilterSettings>('/api/filter/main'),
    staleTime: 0,
  });
}

/** POST /api/filter with firstKey main; the level is part of the user data, so that reloads too. */
export function useSaveMainFilterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { filterString: string; protectionLevel: number }) =>
      api.post<{ status: string; message: string }>('/api/filter', { firstKey: 'main', ...input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: mainFilterQueryKey }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}
