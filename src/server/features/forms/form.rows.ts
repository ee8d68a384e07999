import { inArray } from 'drizzle-orm';
import { formSubmissions } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';

/** Contact-form submissions go with the conversation they were sent from. */
export const formRowOwner: RowOwner = {
  owner: 'forms',
  tables: ['form_submissions'],
  async eraseThreads(tx, threadIds) {
    await tx.delete(formSubmissions).where(inArray(formSubmissions.threadId, threadIds));
  },
};
