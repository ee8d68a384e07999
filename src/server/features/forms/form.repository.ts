import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions, users } from '../../db/schema/index.ts';

export async function insertFormSubmission(db: Db, values: typeof formSubmissions.$inferInsert): Promise<void> {
  await db.insert(formSubmissions).values(values);
}

/** The address of a person (the assistant's creator, for "send to user"). */
export async function findUserEmail(db: Db, userId: number): Promise<string | undefined> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email;
}
