import { useQuery } from '@tanstack/react-query';
import type { Credits } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { usageKeys } from './keys.ts';

/** GET /api/credits → this month, past months (newest first) and the balance now. */
export function useCredits() {
  return useQuery({ queryKey: usageKeys.credits(), queryFn: () => api.get<Credits>('/api/credits') });
}
