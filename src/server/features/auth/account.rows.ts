import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** A person as the data exports show them (never the password hash). */
export function personExportJson(p: User) {
  return { uuid: p.uuid, name: p.name, email: p.email, role: p.role, is_admin: p.isAdmin, is_verified: p.isVerified, created_at: p.createdAt, updated_at: p.updatedAt };
}

/** The team's people by row id → uuid, for the other parts of an export to reference them. */
export async function listTeamUserUuids(db: Db, teamId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: users.id, uuid: users.uuid }).from(users).where(eq(users.teamId, teamId));
  return new Map(rows.map((r) => [r.id, r.uuid]));
}

/** One person of a team for the user export (undefined when gone or of another team). */
export async function findTeamPersonByUuid(db: Db, teamId: number, uuid: string): Promise<User | undefined> {
  const [person] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.teamId, teamId)));
  return person;
}

/** The person's account row (auth owns the users table); sessions, rights, tokens and pictures go with it by cascade. Erased last. */
export const accountRowOwner: RowOwner = {
  owner: 'auth',
  tables: ['users'],
  exportDescription: 'users.json: alle User',
  async eraseUser(tx, user) {
    await tx.delete(users).where(and(eq(users.id, user.id), eq(users.teamId, user.teamId)));
  },
  async exportTeam(db, teamId) {
    const people = await db.select().from(users).where(eq(users.teamId, teamId)).orderBy(asc(users.id));
    return { 'users.json': exportJson(people.map(personExportJson)) };
  },
};
