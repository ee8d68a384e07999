import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/**
 * GET /api/assistantdata/{uuid}: everything the edit screen shows. No global snackbar: the edit
 * view explains a refusal itself and returns to the list.
 */
export async function getAssistantDetail(uuid: string): Promise<AssistantDetail> {
  return api.get<AssistantDetail>(`/api/assistantdata/${encodeURIComponent(uuid)}`, { snackbar: false });
}

export const assistantDetailQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: assistantKeys.detail(uuid),
    queryFn: () => getAssistantDetail(uuid),
    staleTime: 0,
  });

export const useAssistantDetail = (uuid: string) => useQuery(assistantDetailQueryOptions(uuid));
