import { useQuery } from '@tanstack/react-query';
import type { CreditsDaily } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { usageKeys } from './keys.ts';

/** GET /api/credits/daily?month=YYYY-MM → usage per day of the month and per Mika. */
export function useCreditsDaily(month: string) {
  return useQuery({
    queryKey: usageKeys.daily(month),
    queryFn: () => api.get<CreditsDaily>(`/api/credits/daily?month=${encodeURIComponent(month)}`),
  });
}
