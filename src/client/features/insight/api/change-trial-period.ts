import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/**
 * POST /api/insight/changetrialperiod {teamUuid, trialEndsAt: 'YYYY-MM-DD'} → "Testzeitraum wurde
 * angepasst". Only for teams on the trial plan; the refusal is shown on the card's date field.
 */
export function useChangeTrialPeriod(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trialEndsAt: string) =>
      api.post<SuccessMessage>('/api/insight/changetrialperiod', { teamUuid, trialEndsAt }, { snackbar: false }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
