/** TanStack Query keys of the Stilrichtungen tab and the image view. */
export const imageKeys = {
  styles: (assistantUuid: string) => ['images', 'styles', assistantUuid] as const,
  pictures: (assistantUuid: string) => ['images', 'pictures', assistantUuid] as const,
};
