/** TanStack Query keys of the assistant screens; invalidating ['assistants'] refreshes all of them. */
export const assistantKeys = {
  all: ['assistants'] as const,
  list: () => ['assistants', 'list'] as const,
  /** The default Mikas the team hid (admins only). */
  hidden: () => ['assistants', 'hidden'] as const,
  detail: (uuid: string) => ['assistants', 'detail', uuid] as const,
  filter: (uuid: string) => ['assistants', 'filter', uuid] as const,
  shop: () => ['shop'] as const,
};
