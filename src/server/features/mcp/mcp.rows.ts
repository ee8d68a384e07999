import { inArray } from 'drizzle-orm';
import { mcpCalls } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';

/** The tool-call log keeps its counts for the operator; its link to an erased conversation is cut. */
export const mcpRowOwner: RowOwner = {
  owner: 'mcp',
  tables: ['mcp_calls'],
  async eraseThreads(tx, threadIds) {
    await tx.update(mcpCalls).set({ threadId: null }).where(inArray(mcpCalls.threadId, threadIds));
  },
};
