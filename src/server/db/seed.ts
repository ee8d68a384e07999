import { eq, sql } from 'drizzle-orm';
import { PLAN_LIMITS } from '../../shared/constants.ts';
import { hashPassword } from '../platform/crypto.ts';
import type { Db } from './client.ts';
import { teams, users } from './schema/index.ts';

export const OPERATOR_TEAM_NAME = 'Mika Betrieb';

/**
 * Creates (or updates the password of) a superadmin. Superadmins belong to the operator team.
 * Idempotent: safe to run at every start from SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD.
 */
export async function ensureSuperadmin(db: Db, input: { email: string; password: string; name?: string }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
    if (existing) {
      await tx
        .update(users)
        .set({ passwordHash, isSuperadmin: true, isAdmin: true, isVerified: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      return { created: false, userId: existing.id };
    }
    let [team] = await tx.select().from(teams).where(eq(teams.name, OPERATOR_TEAM_NAME));
    if (!team) {
      const limits = PLAN_LIMITS.agency;
      [team] = await tx
        .insert(teams)
        .values({ name: OPERATOR_TEAM_NAME, planSlug: 'other', amountMikas: limits.mikas, amountUsers: limits.users, amountPublicLicences: limits.publicLicences })
        .returning();
    }
    const [user] = await tx
      .insert(users)
      .values({
        teamId: team!.id,
        name: input.name ?? 'Mika Support',
        email: input.email,
        passwordHash,
        isAdmin: true,
        isSuperadmin: true,
        role: 'owner',
        isVerified: true,
      })
      .returning({ id: users.id });
    return { created: true, userId: user!.id };
  });
}
