import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantDetail, AssistantEditable } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/**
 * PUT /api/assistant {assistant}: the whole property form, or a partial change (publish switch,
 * one colour). Answers the updated assistant.
 */
export async function updateAssistant(assistant: AssistantEditable, options?: { snackbar?: boolean }) {
  return api.put<AssistantDetail>('/api/assistant', { assistant }, options);
}

export function useUpdateAssistant(options?: { snackbar?: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assistant: AssistantEditable) => updateAssistant(assistant, options),
    onSuccess: async (detail) => {
      await putSaved(queryClient, assistantKeys.detail(detail.uuid), detail);
      await queryClient.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}
