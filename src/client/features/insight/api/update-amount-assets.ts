import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import type { UpdateAmounts } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/**
 * POST /api/insight/updateamountassets {teamUuid, amountUsers, amountMikas, amountPublicLicences}
 * → "Leistungen wurde angepasst".
 */
export function useUpdateAmountAssets(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UpdateAmounts, 'teamUuid'>) =>
      api.post<SuccessMessage>('/api/insight/updateamountassets', { teamUuid, ...input }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
