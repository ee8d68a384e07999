import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantTools, type AssistantToolRow, type ToolSlug } from '../../db/schema/index.ts';

export async function findAssistantTool(
  db: Db,
  assistantId: number,
  slug: ToolSlug,
): Promise<AssistantToolRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantTools)
    .where(and(eq(assistantTools.assistantId, assistantId), eq(assistantTools.toolSlug, slug)));
  return row;
}

/** Creates or updates the assistant's row for a tool (one per tool and assistant). */
export async function upsertAssistantTool(
  db: Db,
  assistantId: number,
  slug: ToolSlug,
  values: { active?: boolean; settings?: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(assistantTools)
    .values({ assistantId, toolSlug: slug, active: values.active ?? false, settings: values.settings ?? {} })
    .onConflictDoUpdate({
      target: [assistantTools.assistantId, assistantTools.toolSlug],
      set: { ...values, updatedAt: new Date() },
    });
}

export async function listAssistantTools(db: Db, assistantId: number): Promise<AssistantToolRow[]> {
  return db.select().from(assistantTools).where(eq(assistantTools.assistantId, assistantId));
}

/** The tool rows of several assistants (a team's export lists them with their Mika). */
export async function listToolsOfAssistants(db: Db, assistantIds: number[]): Promise<AssistantToolRow[]> {
  if (assistantIds.length === 0) return [];
  return db.select().from(assistantTools).where(inArray(assistantTools.assistantId, assistantIds));
}
