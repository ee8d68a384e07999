import { useQuery } from '@tanstack/react-query';
import type { UserDataResponse } from '../../shared/schemas/auth.ts';
import { flattenUserData, useUserStore, type CurrentUser } from '../state/user-store.ts';
import { api } from './api-client.ts';
import { announceSession } from './session-signal.ts';

export const userDataQueryKey = ['user', 'data'] as const;

/**
 * GET /api/user/data, flattened into the user store. On failure the user becomes {} and the
 * error is passed on (docs/product/accounts.md). A 401 does not reload: the office redirects to /login.
 */
export async function fetchUserData(): Promise<CurrentUser> {
  try {
    const data = await api.get<UserDataResponse>('/api/user/data', { onUnauthenticated: 'throw' });
    const user = flattenUserData(data);
    useUserStore.getState().setUser(user);
    announceSession(user.uuid);
    return user;
  } catch (error) {
    useUserStore.getState().clearUser();
    throw error;
  }
}

export function useUserDataQuery() {
  return useQuery({
    queryKey: userDataQueryKey,
    queryFn: fetchUserData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
