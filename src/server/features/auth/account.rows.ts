import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';

/** The person's account row (auth owns the users table); sessions, rights, tokens and pictures go with it by cascade. Erased last. */
export const accountRowOwner: RowOwner = {
  owner: 'auth',
  tables: ['users'],
  async eraseUser(tx, user) {
    await tx.delete(users).where(and(eq(users.id, user.id), eq(users.teamId, user.teamId)));
  },
};
