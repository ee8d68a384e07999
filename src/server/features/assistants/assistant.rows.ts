import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantRights, assistants } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';
import { listToolsOfAssistants } from '../tools/index.ts';

/** The team's Mikas by row id → uuid and name, for the other parts of an export to reference them. */
export async function listTeamAssistantNames(db: Db, teamId: number): Promise<Map<number, { uuid: string; name: string }>> {
  const rows = await db.select({ id: assistants.id, uuid: assistants.uuid, name: assistants.name }).from(assistants).where(eq(assistants.teamId, teamId));
  return new Map(rows.map((r) => [r.id, { uuid: r.uuid, name: r.name }]));
}

/** The rights one person holds on Mikas, for the user export. */
export function listRightsOfUser(db: Db, userId: number) {
  return db
    .select({ uuid: assistants.uuid, name: assistants.name, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistantRights)
    .innerJoin(assistants, eq(assistants.id, assistantRights.assistantId))
    .where(eq(assistantRights.userId, userId));
}

/**
 * The Mikas with their settings and rights (cascade with the team); exported as assistants.json,
 * each with its tools (rows of the tools feature, through its front door). The default Mikas a
 * team hid (team_hidden_assistants) name no person or conversation: they go with the team row (or
 * the Mika) by cascade.
 */
export const assistantRowOwner: RowOwner = {
  owner: 'assistants',
  tables: ['assistants', 'assistant_rights', 'team_hidden_assistants'],
  exportDescription: 'assistants.json: alle Mikas mit Einstellungen, Tools und Rechten',
  async exportTeam(db, teamId, ctx) {
    const mikas = await db.select().from(assistants).where(eq(assistants.teamId, teamId)).orderBy(asc(assistants.id));
    const ids = mikas.map((a) => a.id);
    const tools = await listToolsOfAssistants(db, ids);
    const rights = ids.length ? await db.select().from(assistantRights).where(inArray(assistantRights.assistantId, ids)) : [];
    const userUuid = await ctx.userUuids();
    return {
      'assistants.json': exportJson(
        mikas.map(({ id, teamId: _t, ...settings }) => ({
          ...settings,
          tools: tools.filter((t) => t.assistantId === id).map(({ assistantId: _a, ...t }) => t),
          rights: rights.filter((r) => r.assistantId === id).map((r) => ({ user: userUuid.get(r.userId) ?? null, can_use: r.canUse, can_edit: r.canEdit })),
        })),
      ),
    };
  },
};
