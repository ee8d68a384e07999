import { inArray } from 'drizzle-orm';
import { threads } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';

/** The conversations themselves (messages go with them by cascade); erased after every other owner's rows. */
export const chatRowOwner: RowOwner = {
  owner: 'chat',
  tables: ['threads', 'messages'],
  async eraseThreads(tx, threadIds) {
    await tx.delete(threads).where(inArray(threads.id, threadIds));
  },
};
