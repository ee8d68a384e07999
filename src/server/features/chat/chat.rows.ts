import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, threads } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson, zipSafeName, type ExportEntries, type TeamExportContext } from '../../platform/team-export.ts';

/**
 * conversations/{id}/conversation.json plus its spoken answers (audio/) and the documents generated
 * in it (documents/), read through their owners (ctx.attachments). Threads of Mikas not in
 * ctx.assistants() are left out. Used by the team export and by the user and visitor exports.
 */
export async function exportConversations(db: Db, threadIds: number[], ctx: Pick<TeamExportContext, 'assistants' | 'userUuids' | 'attachments'>): Promise<ExportEntries> {
  const entries: ExportEntries = {};
  const mikas = await ctx.assistants();
  const userUuid = await ctx.userUuids();
  for (let i = 0; i < threadIds.length; i += 200) {
    const ids = threadIds.slice(i, i + 200);
    const rows = await db.select().from(threads).where(inArray(threads.id, ids)).orderBy(asc(threads.id));
    const all = await db.select().from(messages).where(inArray(messages.threadId, ids)).orderBy(asc(messages.id));
    for (const thread of rows) {
      const assistant = mikas.get(thread.assistantId);
      if (!assistant) continue;
      const dir = `conversations/${thread.id}`;
      const list = [];
      for (const m of all.filter((x) => x.threadId === thread.id)) {
        let audio: string | null = null;
        if (m.audio) {
          const bytes = await ctx.attachments.audio({ assistantUuid: assistant.uuid, name: m.audio });
          if (bytes) entries[(audio = `${dir}/audio/${zipSafeName(m.audio)}`)] = bytes;
        }
        let document: string | null = null;
        if (m.documentSource) {
          const bytes = await ctx.attachments.document({ assistantId: thread.assistantId, source: m.documentSource });
          const fallback = m.documentSource.slice(m.documentSource.lastIndexOf('/') + 1);
          if (bytes) entries[(document = `${dir}/documents/${m.id}-${zipSafeName(m.document ?? fallback)}`)] = bytes;
        }
        list.push({ id: m.id, origin: m.origin, type: m.type, text: m.text, status: m.status, created_at: m.createdAt, sources: m.sources, audio, document: document ?? m.document });
      }
      entries[`${dir}/conversation.json`] = exportJson({
        id: thread.id,
        assistant: { uuid: assistant.uuid, name: assistant.name },
        kind: thread.isPublic ? 'visitor' : 'member',
        user: thread.userId ? (userUuid.get(thread.userId) ?? null) : null,
        created_at: thread.createdAt,
        messages: list,
      });
    }
  }
  return entries;
}

/** The ids of a person's conversations in their team, for the user export. */
export async function listThreadIdsOfUser(db: Db, teamId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.userId, userId), eq(threads.teamId, teamId)));
  return rows.map((t) => t.id);
}

/** The conversations themselves (messages go with them by cascade); erased after every other owner's rows. */
export const chatRowOwner: RowOwner = {
  owner: 'chat',
  tables: ['threads', 'messages'],
  exportDescription: 'conversations/: alle Unterhaltungen mit Nachrichten, Sprachantworten und Dokumenten',
  async eraseThreads(tx, threadIds) {
    await tx.delete(threads).where(inArray(threads.id, threadIds));
  },
  async exportTeam(db, teamId, ctx) {
    const ids = (await db.select({ id: threads.id }).from(threads).where(eq(threads.teamId, teamId))).map((t) => t.id);
    return exportConversations(db, ids, ctx);
  },
};
