import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** GET /api/assistants/hidden → the default Mikas the team hid (admins only). */
export async function getHiddenAssistants(): Promise<AssistantSummary[]> {
  return (await api.get<{ assistants: AssistantSummary[] }>('/api/assistants/hidden')).assistants;
}

export const hiddenAssistantsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.hidden(), queryFn: getHiddenAssistants, staleTime: 10_000 });

/** Asked only for admins: the server refuses everybody else. */
export const useHiddenAssistants = (enabled: boolean) => useQuery({ ...hiddenAssistantsQueryOptions(), enabled });
