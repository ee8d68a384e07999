/** TanStack Query keys of the API area. */
export const apiKeyKeys = { list: () => ['api-keys'] as const };
