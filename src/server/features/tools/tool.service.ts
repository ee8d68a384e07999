import type { ToolSlug } from '../../db/schema/index.ts';
import { TOOL_DEFINITIONS, toolBySlug, type ActiveTool } from '../../ai/tools/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { findAssistantTool, upsertAssistantTool } from './tool.repository.ts';

// The tools feature owns assistant_tools. Callers check access to the assistant first (these
// functions take an assistant the caller already resolved).

export interface ToolState<S = Record<string, unknown>> {
  active: boolean;
  settings: S;
}

/** Tool rows (switched on) as the answer pipeline's tools, with defaults for unsaved settings. */
export function toActiveTools(rows: { toolSlug: ToolSlug; settings: Record<string, unknown>; active?: boolean }[]): ActiveTool[] {
  return rows.flatMap((row) => {
    const definition = toolBySlug(row.toolSlug);
    if (row.active === false || !definition) return [];
    return [{ definition, settings: { ...definition.defaultSettings, ...row.settings } }];
  });
}


export async function getToolState<S>(deps: Deps, assistantId: number, slug: ToolSlug): Promise<ToolState<S>> {
  const row = await findAssistantTool(deps.db, assistantId, slug);
  const defaults = TOOL_DEFINITIONS[slug]?.defaultSettings ?? {};
  return { active: row?.active ?? false, settings: { ...defaults, ...row?.settings } as S };
}

export async function saveToolState(
  deps: Deps,
  assistantId: number,
  slug: ToolSlug,
  values: { active?: boolean; settings?: Record<string, unknown> },
): Promise<void> {
  await upsertAssistantTool(deps.db, assistantId, slug, values);
}

export async function isToolActive(deps: Deps, assistantId: number, slug: ToolSlug): Promise<boolean> {
  return (await findAssistantTool(deps.db, assistantId, slug))?.active ?? false;
}
