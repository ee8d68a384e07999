import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToolItem } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { toolKeys } from './keys.ts';

/** POST /api/toggletool {assistantUuid, toolUuid, state} → "Einstellung gespeichert"; the switch moves at once. */
export function useToggleTool(assistantUuid: string) {
  const queryClient = useQueryClient();
  const key = toolKeys.list(assistantUuid);
  return useMutation({
    mutationFn: (input: { toolUuid: string; state: boolean }) =>
      api.post<{ message: string }>('/api/toggletool', {
        assistantUuid,
        toolUuid: input.toolUuid,
        state: input.state ? 1 : 0,
      }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ToolItem[]>(key);
      queryClient.setQueryData<ToolItem[]>(key, (list) =>
        list?.map((t) => (t.uuid === input.toolUuid ? { ...t, active: input.state } : t)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      // The contact form's own query and the chat's form info follow the switch.
      await queryClient.invalidateQueries({ queryKey: ['tools', 'form', assistantUuid] });
      await queryClient.invalidateQueries({ queryKey: ['contact-form', 'info', assistantUuid] });
      await queryClient.invalidateQueries({ queryKey: ['assets', assistantUuid, 'tool'] });
    },
  });
}
