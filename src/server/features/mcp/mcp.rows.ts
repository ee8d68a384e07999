import { asc, eq, inArray } from 'drizzle-orm';
import { mcpCalls, mcpServers } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/**
 * The tool-call log keeps its counts for the operator; its link to an erased conversation is cut.
 * The team export holds the external tools as set up (the header values, secrets, never) and the
 * log of their calls.
 */
export const mcpRowOwner: RowOwner = {
  owner: 'mcp',
  tables: ['mcp_calls', 'mcp_servers'],
  exportDescription:
    'external-tools.json: die externen Tools mit Adresse, Namen der Kopfzeilen (ohne ihre Werte) und Werkzeugen, und das Protokoll ihrer Aufrufe',
  async eraseThreads(tx, threadIds) {
    await tx.update(mcpCalls).set({ threadId: null }).where(inArray(mcpCalls.threadId, threadIds));
  },
  async exportTeam(db, teamId, ctx) {
    const servers = await db.select().from(mcpServers).where(eq(mcpServers.teamId, teamId)).orderBy(asc(mcpServers.id));
    const calls = await db.select().from(mcpCalls).where(eq(mcpCalls.teamId, teamId)).orderBy(asc(mcpCalls.id));
    const mikas = await ctx.assistants();
    const names = new Map(servers.map((s) => [s.id, s.name]));
    return {
      'external-tools.json': exportJson({
        servers: servers.map((s) => ({
          name: s.name,
          url: s.url,
          description: s.description,
          headerNames: s.headerNames,
          tools: s.tools.map((tool) => tool.name),
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
        })),
        calls: calls.map((c) => ({
          at: c.createdAt,
          server: c.mcpServerId ? (names.get(c.mcpServerId) ?? null) : null,
          assistant: c.assistantId ? (mikas.get(c.assistantId)?.uuid ?? null) : null,
          conversation: c.threadId,
          tool: c.toolName,
          outcome: c.outcome,
          durationMs: c.durationMs,
          error: c.error,
        })),
      }),
    };
  },
};
