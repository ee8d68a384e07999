import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantTools, type ToolSlug } from '../../db/schema/index.ts';

/**
 * Whether a tool is switched on for an assistant: the pipeline and the assistant's detail read it,
 * the tools feature (which owns and writes `assistant_tools`) changes it.
 */
export async function isToolActive(db: Db, assistantId: number, slug: ToolSlug): Promise<boolean> {
  const [row] = await db
    .select({ active: assistantTools.active })
    .from(assistantTools)
    .where(and(eq(assistantTools.assistantId, assistantId), eq(assistantTools.toolSlug, slug)));
  return row?.active ?? false;
}
