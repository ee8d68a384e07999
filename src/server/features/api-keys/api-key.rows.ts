import { asc, eq, inArray } from 'drizzle-orm';
import { apiKeyAssistants, apiKeys } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** The team's API keys in its export: name, visible prefix, scope and dates — never the key's hash. */
export const apiKeyRowOwner: RowOwner = {
  owner: 'api-keys',
  tables: ['api_keys'],
  exportDescription: 'api-keys.json: die API-Schlüssel mit Name, Anfang, freigegebenen Mikas und Daten (ohne den Schlüssel selbst)',
  async exportTeam(db, teamId, ctx) {
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.teamId, teamId)).orderBy(asc(apiKeys.id));
    const scopes = keys.length
      ? await db.select().from(apiKeyAssistants).where(inArray(apiKeyAssistants.apiKeyId, keys.map((k) => k.id)))
      : [];
    const [mikas, people] = await Promise.all([ctx.assistants(), ctx.userUuids()]);
    return {
      'api-keys.json': exportJson(
        keys.map((k) => ({
          uuid: k.uuid,
          name: k.name,
          prefix: k.prefix,
          assistants: k.allAssistants
            ? 'all'
            : scopes.filter((s) => s.apiKeyId === k.id).map((s) => mikas.get(s.assistantId)?.uuid ?? null),
          createdBy: k.createdBy ? (people.get(k.createdBy) ?? null) : null,
          createdAt: k.createdAt,
          expiresAt: k.expiresAt,
          lastUsedAt: k.lastUsedAt,
          revokedAt: k.revokedAt,
        })),
      ),
    };
  },
};
