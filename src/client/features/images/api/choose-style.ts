import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageStyle } from '../../../../shared/constants.ts';
import type { StyleImageList } from '../../../../shared/schemas/images.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

export interface ChooseStyleInput {
  selectedStyle: ImageStyle;
  selectedSubStyle: string | null;
}

/** POST /api/style/choose {assistantUuid, selectedStyle, selectedSubStyle} → "Style wurde gespeichert". */
export function useChooseStyle(assistantUuid: string) {
  const queryClient = useQueryClient();
  const key = imageKeys.styles(assistantUuid);
  return useMutation({
    mutationFn: (input: ChooseStyleInput) =>
      api.post<{ message: string }>('/api/style/choose', { assistantUuid, ...input }),
    // The tile is marked at once; a failure puts the list back.
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StyleImageList>(key);
      queryClient.setQueryData<StyleImageList>(
        key,
        (old) =>
          old && {
            ...old,
            main_style: input.selectedStyle,
            sub_style: input.selectedSubStyle,
            is_image_style_custom: 0,
          },
      );
      return { before };
    },
    onError: (_err, _input, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
