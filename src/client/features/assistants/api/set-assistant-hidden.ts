import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantHiddenResponse } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** PUT /api/assistant/{uuid}/hidden {hidden}: an admin hides a default Mika for the team, or shows it again. */
export async function setAssistantHidden(input: { uuid: string; hidden: boolean }): Promise<AssistantHiddenResponse> {
  return api.put<AssistantHiddenResponse>(`/api/assistant/${encodeURIComponent(input.uuid)}/hidden`, { hidden: input.hidden });
}

export function useSetAssistantHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssistantHidden,
    // The library, the side menu (the same list) and the hidden list all change.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.list() }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.hidden() }),
      ]);
    },
  });
}
