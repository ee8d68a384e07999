import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';

/**
 * One cache entry as a mounted screen sees it, with TanStack Query's own client: the entry loads at
 * once and again when invalidated or refreshed, and each load waits until the test answers it.
 */
export function heldQuery<T>(key: QueryKey) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  const loads: ((data: T) => void)[] = [];
  const observer = new QueryObserver<T>(client, { queryKey: key, queryFn: () => new Promise<T>((answer) => loads.push(answer)) });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    /** The answers of the loads so far, in order: `loads[i](data)` lets load i land. */
    loads,
    /** Starts a load as a refresh does. */
    load: () => void observer.refetch().catch(() => undefined),
    data: () => client.getQueryData<T>(key),
    stop: () => {
      unsubscribe();
      client.clear();
    },
  };
}

/** A few milliseconds: long enough for a landed load to reach the cache. */
export const tick = () => new Promise((r) => setTimeout(r, 5));
