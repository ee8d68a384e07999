import { useQuery } from '@tanstack/react-query';
import type { ApiKeyList } from '../../../../shared/schemas/api-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './keys.ts';

/** GET /api/apikeys: whether the plan includes API access, and the team's keys. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: () => api.get<ApiKeyList>('/api/apikeys') });
}
