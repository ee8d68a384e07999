import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantDetail, AssistantType } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** PUT /api/assistanttype {uuid, type}: saved at once from the edit screen's type selector. */
export async function changeAssistantType(input: { uuid: string; type: AssistantType }) {
  return api.put<AssistantDetail>('/api/assistanttype', input);
}

export function useChangeAssistantType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAssistantType,
    onSuccess: async (detail) => {
      await putSaved(queryClient, assistantKeys.detail(detail.uuid), detail);
      await queryClient.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}
