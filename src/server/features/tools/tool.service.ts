import { requireAccess } from '../../platform/access.ts';
import { TOOL_SLUGS, type ToolSlug } from '../../db/schema/index.ts';
import { TOOL_DEFINITIONS, toolBySlug, type ActiveTool } from '../../ai/tools/index.ts';
import { contactsOf } from '../../ai/tools/email.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { EmailContact, EmailToolState, ToolItem } from '../../../shared/schemas/tools.ts';
import { findAssistantTool, listAssistantTools, upsertAssistantTool } from './tool.repository.ts';

// The tools feature owns assistant_tools. Callers check access to the assistant first (these
// functions take an assistant the caller already resolved).

export interface ToolState<S = Record<string, unknown>> {
  active: boolean;
  settings: S;
}

/** Tool rows (switched on) as the answer pipeline's tools, with defaults for unsaved settings. */
export function toActiveTools(
  rows: { toolSlug: ToolSlug; settings: Record<string, unknown>; active?: boolean }[],
): ActiveTool[] {
  return rows.flatMap((row) => {
    const definition = toolBySlug(row.toolSlug);
    if (row.active === false || !definition) return [];
    return [{ definition, settings: { ...definition.defaultSettings, ...row.settings } }];
  });
}

/** An assistant's switched-on tools, ready for the answer pipeline. */
export async function activeToolsOf(deps: Deps, assistantId: number): Promise<ActiveTool[]> {
  return toActiveTools(await listAssistantTools(deps.db, assistantId));
}

export async function getToolState<S>(
  deps: Deps,
  assistantId: number,
  slug: ToolSlug,
): Promise<ToolState<S>> {
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

// ---- The Tools tab (docs/product/knowledge-and-tools.md): list, switch, e-mail contacts ----

/** GET /api/tools/{assistantUuid}: every tool kind with this assistant's switch. */
export async function listTools(deps: Deps, auth: AuthContext, uuid: string): Promise<ToolItem[]> {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const rows = await listAssistantTools(deps.db, a.id);
  return TOOL_SLUGS.flatMap((slug, i) => {
    const d = TOOL_DEFINITIONS[slug];
    if (!d) return [];
    return [
      {
        id: i + 1,
        uuid: d.uuid,
        name: d.name,
        slug,
        description: d.description,
        active: rows.find((r) => r.toolSlug === slug)?.active ?? false,
      },
    ];
  });
}

/**
 * POST /api/toggletool and POST /api/assets/formsettting: the one way a tool is switched on or
 * off. Image assistants have no tools.
 */
export async function setToolActive(
  deps: Deps,
  auth: AuthContext,
  uuid: string,
  slug: ToolSlug,
  active: boolean,
) {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  if (a.type === 'image') throw new AppError('CONFLICT', TOOL_MESSAGES.noToolsForImage);
  await upsertAssistantTool(deps.db, a.id, slug, { active });
  return { status: 'success' as const, message: TOOL_MESSAGES.settingSaved };
}

export async function toggleTool(
  deps: Deps,
  auth: AuthContext,
  body: { assistantUuid: string; toolUuid: string; state: boolean },
) {
  // The assistant is checked first: another team's assistant answers 404 whatever the tool.
  await requireAccess(auth, 'assistant.edit', body.assistantUuid, deps);
  const definition = Object.values(TOOL_DEFINITIONS).find((d) => d.uuid === body.toolUuid);
  if (!definition) throw new AppError('NOT_FOUND', TOOL_MESSAGES.toolNotFound);
  return setToolActive(deps, auth, body.assistantUuid, definition.slug, body.state);
}

/** GET /api/tool/email/{assistantUuid}: the switch and the contacts the model may mail. */
export async function getEmailTool(deps: Deps, auth: AuthContext, uuid: string): Promise<EmailToolState> {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const state = await getToolState<Record<string, unknown>>(deps, a.id, 'email');
  return {
    active: state.active,
    properties: contactsOf(state.settings).map((c) => ({ name: c.name, email: c.email })),
  };
}

/** POST /api/tool/email/{assistantUuid} {properties}: replaces the contact list ("Eingaben gespeichert"). */
export async function saveEmailContacts(
  deps: Deps,
  auth: AuthContext,
  uuid: string,
  contacts: EmailContact[],
) {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  await upsertAssistantTool(deps.db, a.id, 'email', { settings: { contacts } });
  return { status: 'success' as const, message: TOOL_MESSAGES.saved };
}
