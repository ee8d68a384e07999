import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Answers from 4xx do not change on retry; a network hiccup may.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.refused),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
