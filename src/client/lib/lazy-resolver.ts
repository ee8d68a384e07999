import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that loads itself at the first validation (the first submit): the shared zod
 * schemas stay the one source of the rules and messages, but zod (~30 KiB gzip) is no longer part
 * of what /login and the library load before anyone types (docs/decisions/012).
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

/** The zod resolver for a shared schema, both loaded on first use. */
export const lazyZodResolver = <TValues extends FieldValues, TContext, TOutput>(
  schema: () => Promise<Parameters<typeof zodResolver>[0]>,
) =>
  lazyResolver<TValues, TContext, TOutput>(async () => {
    const [resolvers, loaded] = await Promise.all([import('@hookform/resolvers/zod'), schema()]);
    return resolvers.zodResolver(loaded) as unknown as Resolver<TValues, TContext, TOutput>;
  });
