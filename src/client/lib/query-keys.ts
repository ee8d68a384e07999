/** TanStack Query keys that more than one feature invalidates (the shop refreshes the user list). */
export const usersQueryKey = ['users'] as const;
