import type { CurrentUser } from '../../state/user-store.ts';

/** Who sees what (docs/product/users-and-rights.md). The server checks every call again; this only shapes the UI. */
export type RolePredicate = (user: CurrentUser) => boolean;

export const ROLE = {
  everyone: () => true,
  admin: (user) => user.is_admin,
  owner: (user) => user.role === 'owner',
  superadmin: (user) => user.is_superadmin,
  // «Live»: admins, and members with the use right on a published Mika with the hand-off on.
  live: (user) => user.permissions.canTakeLive,
} satisfies Record<string, RolePredicate>;
