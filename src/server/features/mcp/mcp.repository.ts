import { and, asc, eq, gt, ilike, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistantMcps,
  mcpCalls,
  mcpServers,
  teams,
  type McpServerRow,
  type McpToolDefinition,
} from '../../db/schema/index.ts';

// The mcp feature owns mcp_servers, assistant_mcps and mcp_calls. Every query is scoped by team.

export async function findTeamByUuid(db: Db, uuid: string) {
  const [row] = await db
    .select({ id: teams.id, uuid: teams.uuid, name: teams.name })
    .from(teams)
    .where(and(eq(teams.uuid, uuid), isNull(teams.deletedAt)));
  return row;
}

/** Teams by name for the superadmins' picker (at most 20, by name). */
export async function searchTeams(db: Db, query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ uuid: teams.uuid, name: teams.name })
    .from(teams)
    .where(and(isNull(teams.deletedAt), query ? ilike(teams.name, pattern) : undefined))
    .orderBy(asc(teams.name))
    .limit(20);
}

export async function listServers(db: Db, teamId: number): Promise<McpServerRow[]> {
  return db
    .select()
    .from(mcpServers)
    .where(eq(mcpServers.teamId, teamId))
    .orderBy(asc(mcpServers.name), asc(mcpServers.id));
}

export async function findServer(db: Db, teamId: number, id: number): Promise<McpServerRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.teamId, teamId), eq(mcpServers.id, id)));
  return row;
}

export async function countServers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mcpServers).where(eq(mcpServers.teamId, teamId));
  return row?.n ?? 0;
}

export async function insertServer(db: Db, values: typeof mcpServers.$inferInsert): Promise<McpServerRow> {
  const [row] = await db.insert(mcpServers).values(values).returning();
  return row!;
}

export async function updateServer(
  db: Db,
  teamId: number,
  id: number,
  values: Partial<typeof mcpServers.$inferInsert>,
) {
  await db
    .update(mcpServers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(mcpServers.teamId, teamId), eq(mcpServers.id, id)));
}

export async function deleteServer(db: Db, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.teamId, teamId), eq(mcpServers.id, id)))
    .returning({ id: mcpServers.id });
  return rows.length > 0;
}

export async function saveServerTools(
  db: Db,
  id: number,
  result: { tools: McpToolDefinition[] } | { error: string },
) {
  await db
    .update(mcpServers)
    .set(
      'tools' in result
        ? { tools: result.tools, refreshedAt: new Date(), lastError: null }
        : { lastError: result.error },
    )
    .where(eq(mcpServers.id, id));
}

/** The team's servers with this assistant's switch. */
export async function listServersForAssistant(db: Db, teamId: number, assistantId: number) {
  return db
    .select({ server: mcpServers, active: sql<boolean>`coalesce(${assistantMcps.active}, false)` })
    .from(mcpServers)
    .leftJoin(
      assistantMcps,
      and(eq(assistantMcps.mcpServerId, mcpServers.id), eq(assistantMcps.assistantId, assistantId)),
    )
    .where(eq(mcpServers.teamId, teamId))
    .orderBy(asc(mcpServers.name), asc(mcpServers.id));
}

/** The servers switched on for the assistant (within its team), for one answer. */
export async function activeServersForAssistant(
  db: Db,
  teamId: number,
  assistantId: number,
): Promise<McpServerRow[]> {
  const rows = await db
    .select({ server: mcpServers })
    .from(assistantMcps)
    .innerJoin(mcpServers, eq(mcpServers.id, assistantMcps.mcpServerId))
    .where(
      and(
        eq(assistantMcps.assistantId, assistantId),
        eq(assistantMcps.active, true),
        eq(mcpServers.teamId, teamId),
      ),
    );
  return rows.map((r) => r.server);
}

export async function setAssistantMcp(db: Db, assistantId: number, serverId: number, active: boolean) {
  await db
    .insert(assistantMcps)
    .values({ assistantId, mcpServerId: serverId, active })
    .onConflictDoUpdate({
      target: [assistantMcps.assistantId, assistantMcps.mcpServerId],
      set: { active, updatedAt: new Date() },
    });
}

export async function logCall(db: Db, values: typeof mcpCalls.$inferInsert) {
  await db.insert(mcpCalls).values(values);
}

/** Calls and failures per server in the last 24 hours. */
export async function callStats(db: Db, teamId: number) {
  const since = new Date(Date.now() - 86_400_000);
  return db
    .select({
      serverId: mcpCalls.mcpServerId,
      calls: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${mcpCalls.outcome} <> 'ok'))::int`,
    })
    .from(mcpCalls)
    .where(and(eq(mcpCalls.teamId, teamId), gt(mcpCalls.createdAt, since)))
    .groupBy(mcpCalls.mcpServerId);
}
