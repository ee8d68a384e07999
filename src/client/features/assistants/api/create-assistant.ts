import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAssistantRequest } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** POST /api/assistant → the new uuid. Field errors (422) are shown on the wizard's fields. */
export async function createAssistant(input: CreateAssistantRequest): Promise<{ uuid: string }> {
  return api.post<{ uuid: string }>('/api/assistant', input, { snackbar: false });
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: async () => {
      // The list and canCreateAssistant (a free slot) change with every new assistant.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.all }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}
