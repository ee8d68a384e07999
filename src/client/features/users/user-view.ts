import type { TeamUser } from '../../../shared/schemas/users.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { USER_TEXTS } from './texts.ts';

/** The views of the user area, kept in the URL: /User?view=edit&user=<uuid>&tab=rights. */
export type UserView = 'list' | 'create' | 'edit';
export type UserTab = 'profile' | 'rights';

export function userListPath(): string {
  return '/User';
}

export function userCreatePath(): string {
  return '/User?view=create';
}

export function userEditPath(uuid: string, tab: UserTab = 'profile'): string {
  const query = new URLSearchParams({ view: 'edit', user: uuid });
  if (tab === 'rights') query.set('tab', 'rights');
  return `/User?${query.toString()}`;
}

export function readUserView(params: URLSearchParams): { view: UserView; uuid: string; tab: UserTab } {
  const view = params.get('view');
  return {
    view: view === 'create' || view === 'edit' ? view : 'list',
    uuid: params.get('user') ?? '',
    tab: params.get('tab') === 'rights' ? 'rights' : 'profile',
  };
}

export type RoleKind = 'owner' | 'admin' | 'employee';

export function roleKind(user: Pick<TeamUser, 'role' | 'is_admin'>): RoleKind {
  if (user.role === 'owner') return 'owner';
  return user.is_admin ? 'admin' : 'employee';
}

export const ROLE_LABELS: Record<RoleKind, string> = {
  owner: USER_TEXTS.roleOwner,
  admin: USER_TEXTS.roleAdmin,
  employee: USER_TEXTS.roleEmployee,
};

export function isOwner(user: Pick<CurrentUser, 'role'>): boolean {
  return user.role === 'owner';
}
