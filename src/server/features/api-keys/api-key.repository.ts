import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeyAssistants, apiKeys, assistants, teams, usageRecords, users, type ApiKeyRow } from '../../db/schema/index.ts';
import { visibleToTeam } from '../assistants/index.ts';

// The api-keys feature owns api_keys and api_key_assistants. Every query names the team.

export async function listKeys(db: Db, teamId: number) {
  const rows = await db
    .select({
      key: apiKeys,
      createdBy: users.name,
      calls: sql<number>`(select count(*)::int from ${usageRecords} u where u.api_key_id = ${apiKeys.id})`,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.teamId, teamId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const ids = rows.map((r) => r.key.id);
  const scoped = ids.length
    ? await db
        .select({ keyId: apiKeyAssistants.apiKeyId, uuid: assistants.uuid, name: assistants.name })
        .from(apiKeyAssistants)
        .innerJoin(assistants, eq(assistants.id, apiKeyAssistants.assistantId))
        .where(inArray(apiKeyAssistants.apiKeyId, ids))
        .orderBy(asc(assistants.name))
    : [];
  return rows.map((r) => ({ ...r, assistants: scoped.filter((s) => s.keyId === r.key.id) }));
}

export async function countActiveKeys(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

/** The team's own Mikas and the default Mikas it did not hide, by uuid. */
export async function findUsableAssistants(db: Db, teamId: number, uuids: string[]) {
  if (uuids.length === 0) return [];
  return db
    .select({ id: assistants.id, uuid: assistants.uuid })
    .from(assistants)
    .where(and(inArray(assistants.uuid, uuids), visibleToTeam(teamId)));
}

export async function insertKey(
  db: Db,
  values: typeof apiKeys.$inferInsert,
  assistantIds: number[],
): Promise<ApiKeyRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(apiKeys).values(values).returning();
    if (assistantIds.length > 0) {
      await tx.insert(apiKeyAssistants).values(assistantIds.map((assistantId) => ({ apiKeyId: row!.id, assistantId })));
    }
    return row!;
  });
}

export async function revokeKey(db: Db, teamId: number, uuid: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.uuid, uuid), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** A key by its hash, with its team (for /v1). */
export async function findKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, team: teams })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(eq(apiKeys.keyHash, keyHash));
  return row;
}

/** Marks the key used, at most once a minute (a busy key does not write on every call). */
export async function touchKey(db: Db, id: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - interval '1 minute'`)));
}

/** The Mikas a key may call: chat and task Mikas its team sees (its own, the default ones it did not hide), or its chosen list. */
export async function assistantsForKey(db: Db, key: ApiKeyRow) {
  const usable = and(visibleToTeam(key.teamId), inArray(assistants.type, ['chat', 'task']));
  if (key.allAssistants) return db.select().from(assistants).where(usable).orderBy(asc(assistants.name));
  return db
    .select({ a: assistants })
    .from(apiKeyAssistants)
    .innerJoin(assistants, eq(assistants.id, apiKeyAssistants.assistantId))
    .where(and(eq(apiKeyAssistants.apiKeyId, key.id), usable))
    .orderBy(asc(assistants.name))
    .then((rows) => rows.map((r) => r.a));
}
