import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistants, messages, threads } from '../../db/schema/index.ts';

// The task feature's queries (docs/decisions/029-server-boundaries.md): which generated documents
// the conversations' doc messages still name (`task:<threadId>/<file>`). It writes no table itself.

/** The document sources among `sources` that a message still names. */
export async function namedDocumentSources(db: Db, sources: string[]): Promise<string[]> {
  const rows = await db.select({ source: messages.documentSource }).from(messages).where(inArray(messages.documentSource, sources));
  return rows.map((r) => r.source ?? '');
}

/** The task document sources in the conversations of a team's Mikas. */
export async function taskDocumentSourcesOfTeam(db: Db, teamId: number): Promise<string[]> {
  const rows = await db
    .select({ source: messages.documentSource })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(eq(assistants.teamId, teamId), like(messages.documentSource, 'task:%')));
  return rows.map((r) => r.source ?? '');
}

/** The task document sources in these conversations. */
export async function taskDocumentSourcesOfThreads(db: Db, threadIds: number[]): Promise<string[]> {
  const rows = await db
    .select({ source: messages.documentSource })
    .from(messages)
    .where(and(inArray(messages.threadId, threadIds), like(messages.documentSource, 'task:%')));
  return rows.map((r) => r.source ?? '');
}
