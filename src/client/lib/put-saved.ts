import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Writes into the cache what the client knows to be newer than any load under way: a save's
 * answer, a question just sent, a streamed answer (decision 052). A load of the same entry under
 * way began before that state existed: landing after this write, it would put the older state
 * back, and nothing would load the entry once more. It is cancelled first (the cache keeps what it
 * held), then the update is applied to what the cache holds.
 */
export async function putSaved<T>(queryClient: QueryClient, key: QueryKey, saved: Updater<T | undefined, T | undefined>): Promise<void> {
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData<T>(key, saved);
}
