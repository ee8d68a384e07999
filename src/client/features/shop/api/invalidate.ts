import type { QueryClient } from '@tanstack/react-query';
import { userDataQueryKey } from '../../../lib/user-data.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';
import { usersQueryKey } from '../../../lib/query-keys.ts';

/** After a shop change: the shop itself, the user data (canCreate…) and the library's limit. */
export async function invalidateShopAndLimits(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assistantKeys.shop() }),
    queryClient.invalidateQueries({ queryKey: assistantKeys.all }),
    queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
    queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  ]);
}
