import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, users, userTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../platform/crypto.ts';

export type TokenPurpose = 'reset' | 'verify' | 'invite';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, team: teams })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(teams.deletedAt)));
  return row;
}

/** Unused links of one purpose stop working (e.g. an invitation sent to an address since corrected). */
export async function revokeOpenUserTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

export async function insertUserToken(db: Db, userId: number, purpose: TokenPurpose, token: string, ttlMs: number) {
  // A new token of the same purpose replaces older unused ones.
  await revokeOpenUserTokens(db, userId, purpose);
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
}

/** The purpose of a still usable token, without using it up. */
/**
 * A valid (unused, unexpired) token's purpose, with the name of its user and team: the page behind a
 * mailed link greets an invited user by the team («Willkommen im Team …») and names the rules of
 * the password they are about to set. Nothing changes.
 */
export async function peekUserToken(db: Db, token: string): Promise<{ purpose: TokenPurpose; name: string; team: string } | undefined> {
  const [row] = await db
    .select({ purpose: userTokens.purpose, name: users.name, team: teams.name })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(userTokens.tokenHash, sha256(token)), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())));
  return row ? { purpose: row.purpose as TokenPurpose, name: row.name, team: row.team } : undefined;
}

/** Marks the token used and returns its user id, atomically: a token works exactly once. */
export async function consumeUserToken(
  db: Db,
  purpose: TokenPurpose | TokenPurpose[],
  token: string,
): Promise<number | undefined> {
  const purposes = Array.isArray(purpose) ? purpose : [purpose];
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        inArray(userTokens.purpose, purposes),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

/** Deletes used and expired single-use tokens (scheduled cleanup). */
export async function deleteSpentUserTokens(db: Db): Promise<number> {
  const gone = await db
    .delete(userTokens)
    .where(or(isNotNull(userTokens.usedAt), lt(userTokens.expiresAt, new Date())))
    .returning({ id: userTokens.id });
  return gone.length;
}

/** The accounts (users rows) are written here only: registration, team members, verification, passwords. */
export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, userId: number, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Removes an account; its sessions, rights and tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
