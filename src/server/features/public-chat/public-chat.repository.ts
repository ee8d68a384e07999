import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistants, teams } from '../../db/schema/index.ts';

// The public chat's queries (docs/decisions/029-server-boundaries.md): it reads the published Mikas,
// writes nothing of its own.

/** The allowed-domains lists of the published Mikas of teams that still exist (empty lists left out). */
export async function publishedAllowedDomains(db: Db): Promise<string[]> {
  const rows = await db
    .select({ allowedDomains: assistants.allowedDomains })
    .from(assistants)
    .leftJoin(teams, eq(teams.id, assistants.teamId))
    .where(and(eq(assistants.isPublic, true), ne(assistants.allowedDomains, ''), isNull(teams.deletedAt)));
  return rows.map((r) => r.allowedDomains);
}
