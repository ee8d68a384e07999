import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

export interface SaveAssistantFilterInput {
  assistantUuid: string;
  filterString: string;
  /** The assistant's switch: 1 on, 0 off (ignored by the server at team level 2). */
  on: boolean;
}

/** POST /api/filter {firstKey: assistantUuid, filterString, protectionLevel} → {status, message}. */
export async function saveAssistantFilter(input: SaveAssistantFilterInput) {
  return api.post<{ status: string; message: string }>(
    '/api/filter',
    { firstKey: input.assistantUuid, filterString: input.filterString, protectionLevel: input.on ? 1 : 0 },
    { snackbar: false },
  );
}

export function useSaveAssistantFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssistantFilter,
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({ queryKey: assistantKeys.filter(input.assistantUuid) });
    },
  });
}
