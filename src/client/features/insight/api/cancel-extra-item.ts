import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import type { ExtraItem } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/** POST /api/insight/cancelextraitem {teamUuid, qty, itemType} → "Extras wurden angepasst". */
export function useCancelExtraItem(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ExtraItem, 'teamUuid'>) =>
      api.post<SuccessMessage>('/api/insight/cancelextraitem', { teamUuid, ...input }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
