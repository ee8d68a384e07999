import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

function submissionJson(f: typeof formSubmissions.$inferSelect, mikas: ReadonlyMap<number, { uuid: string }>) {
  return { thread: f.threadId, assistant: mikas.get(f.assistantId)?.uuid ?? null, data: f.data, recipients: f.recipients, created_at: f.createdAt };
}

/** form-submissions.json of one visitor conversation (its Mika is not named: the visitor export). */
export async function exportThreadFormSubmissions(db: Db, threadId: number) {
  const rows = await db.select().from(formSubmissions).where(eq(formSubmissions.threadId, threadId)).orderBy(asc(formSubmissions.id));
  return { 'form-submissions.json': exportJson(rows.map((f) => submissionJson(f, new Map()))) };
}

/** Contact-form submissions go with the conversation they were sent from; exported as form-submissions.json. */
export const formRowOwner: RowOwner = {
  owner: 'forms',
  tables: ['form_submissions'],
  exportDescription: 'form-submissions.json: Kontaktformulare',
  async eraseThreads(tx, threadIds) {
    await tx.delete(formSubmissions).where(inArray(formSubmissions.threadId, threadIds));
  },
  async exportTeam(db, _teamId, ctx) {
    const mikas = await ctx.assistants();
    const ids = [...mikas.keys()];
    const rows = ids.length ? await db.select().from(formSubmissions).where(inArray(formSubmissions.assistantId, ids)).orderBy(asc(formSubmissions.id)) : [];
    return { 'form-submissions.json': exportJson(rows.map((f) => submissionJson(f, mikas))) };
  },
};
