import { create } from 'zustand';
import type { UserDataResponse } from '../../shared/schemas/auth.ts';

/** The current user as the client keeps it: the nested user object flattened (docs/product/accounts.md). */
export type CurrentUser = UserDataResponse['user'] & Omit<UserDataResponse, 'user'>;

/** Before loading and after a failed load the user is an empty object. */
export type EmptyUser = Record<string, never>;

export function hasUserData(user: CurrentUser | EmptyUser): user is CurrentUser {
  return typeof (user as Partial<CurrentUser>).uuid === 'string';
}

export function flattenUserData(data: UserDataResponse): CurrentUser {
  const { user, ...rest } = data;
  return { ...rest, ...user };
}

interface UserState {
  user: CurrentUser | EmptyUser;
  setUser: (user: CurrentUser | EmptyUser) => void;
  clearUser: () => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: {},
  setUser: (user) => set({ user }),
  clearUser: () => set({ user: {} }),
}));

/** The loaded user, or null while none is loaded. */
export function useCurrentUser(): CurrentUser | null {
  const user = useUserStore((state) => state.user);
  return hasUserData(user) ? user : null;
}
