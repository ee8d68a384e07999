import { eq, inArray } from 'drizzle-orm';
import { handoffSettings, threadHandoffs } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/**
 * The hand-off state goes with its conversation (staff messages are messages of the thread: the
 * chat feature erases and exports them); the settings are exported with the team.
 */
export const handoffRowOwner: RowOwner = {
  owner: 'handoff',
  tables: ['thread_handoffs', 'handoff_settings'],
  exportDescription: 'handoff-settings.json: die Einstellungen der Live-Übernahme je Mika (Öffnungszeiten, Wartezeit, Begrüßung)',
  notExported: {
    thread_handoffs:
      'the live state of a conversation (asked for a person, who holds it, since when); the conversation itself, with the messages of the team, is exported under conversations/',
  },
  async eraseThreads(tx, threadIds) {
    await tx.delete(threadHandoffs).where(inArray(threadHandoffs.threadId, threadIds));
  },
  async eraseUser(tx, user) {
    // A person who held conversations leaves no name behind on them.
    await tx.update(threadHandoffs).set({ takenBy: null, takenByName: null, takenAt: null, staffActiveAt: null }).where(eq(threadHandoffs.takenBy, user.id));
  },
  async exportTeam(db, teamId, ctx) {
    const mikas = await ctx.assistants();
    const rows = await db.select().from(handoffSettings).where(eq(handoffSettings.teamId, teamId));
    return {
      'handoff-settings.json': exportJson(
        rows.map((r) => ({ assistant: mikas.get(r.assistantId)?.uuid ?? null, enabled: r.enabled, hours: r.hours, waitSeconds: r.waitSeconds, greeting: r.greeting })),
      ),
    };
  },
};
