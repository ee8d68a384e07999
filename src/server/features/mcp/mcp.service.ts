import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { McpItem, McpServerAdmin } from '../../../shared/schemas/tools.ts';
import type { McpServerRow } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import { checkOutboundUrl, OutboundRefused } from '../../platform/outbound.ts';
import type { AuthContext } from '../../platform/session.ts';
// The MCP client (and the SDK behind it, a large share of the server's start) loads on first use:
// most installations and most answers never talk to an MCP server.
const mcpClient = () => import('./mcp.client.ts');
import {
  countServers,
  activeServersForAssistant,
  callStats,
  deleteServer,
  findServer,
  findTeamByUuid,
  insertServer,
  listServers,
  listServersForAssistant,
  searchTeams,
  setAssistantMcp,
  updateServer,
} from './mcp.repository.ts';

// External tools (MCP): support (superadmins) sets servers up per team; an admin of the team
// switches them on per assistant; the answer pipeline offers their tools to the model.

/** The server's description is untrusted markup: kept as plain text, rendered as text. */
export function plainDescription(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toolsOf = (s: McpServerRow) =>
  s.tools.map((t) => ({ name: t.name, description: plainDescription(t.description) }));

// ---- Assistant side (admins of the team; GET /api/mcps, POST /api/togglemcp) ----

/** GET /api/mcps/{assistantUuid}/{flag}: the team's servers with this assistant's switch; flag 1 refreshes. */
export async function listAssistantMcps(
  deps: Deps,
  auth: AuthContext,
  uuid: string,
  refresh: boolean,
): Promise<McpItem[]> {
  const assistant = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const rows = await listServersForAssistant(deps.db, auth.team.id, assistant.id);
  const servers = await Promise.all(
    rows.map(async ({ server, active }) => {
      const fresh =
        refresh || (server.refreshedAt === null && server.lastError === null)
          ? await (await mcpClient()).refreshServerTools(deps, server, { teamId: auth.team.id, assistantId: assistant.id })
          : server;
      return { server: fresh, active };
    }),
  );
  return servers.map(({ server, active }) => ({
    id: server.id,
    name: server.name,
    description: plainDescription(server.description),
    active,
    tools: toolsOf(server),
    refreshed_at: iso(server.refreshedAt),
    error: server.lastError,
  }));
}

export async function toggleMcp(
  deps: Deps,
  auth: AuthContext,
  body: { assistantUuid: string; mcpId: number; state: boolean },
) {
  const assistant = await requireAccess(auth, 'assistant.edit', body.assistantUuid, deps);
  if (assistant.type === 'image') throw new AppError('CONFLICT', TOOL_MESSAGES.noToolsForImage);
  const server = await findServer(deps.db, auth.team.id, body.mcpId);
  if (!server) throw new AppError('NOT_FOUND', TOOL_MESSAGES.mcpNotFound);
  await setAssistantMcp(deps.db, assistant.id, server.id, body.state);
  return { status: 'success' as const, message: TOOL_MESSAGES.settingSaved };
}

/** The external tools of one answer (none when nothing is switched on: no query beyond this one). */
export async function mcpToolsForAnswer(
  deps: Deps,
  ctx: {
    teamId: number;
    assistantId: number;
    threadId: number | null;
    progress(msg: string): void;
    signal?: AbortSignal;
  },
) {
  const servers = await activeServersForAssistant(deps.db, ctx.teamId, ctx.assistantId);
  if (servers.length === 0) return undefined;
  return (await mcpClient()).buildMcpToolSet(deps, servers, ctx);
}

// ---- Support side (superadmins; /api/insight/mcp…) ----

async function teamOrNotFound(deps: Deps, teamUuid: string) {
  const team = await findTeamByUuid(deps.db, teamUuid);
  if (!team) throw new AppError('NOT_FOUND', TOOL_MESSAGES.teamNotFound);
  return team;
}

function checkedUrl(deps: Deps, url: string): string {
  try {
    return checkOutboundUrl(url, deps.config.outbound).href;
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw new AppError('VALIDATION', error.message, { fields: { url: [error.message] } });
    throw error;
  }
}

export async function findTeamsForMcp(deps: Deps, auth: AuthContext, query: string) {
  requireAccess(auth, 'superadmin');
  return searchTeams(deps.db, query.trim());
}

export async function listTeamMcpServers(deps: Deps, auth: AuthContext, teamUuid: string): Promise<McpServerAdmin[]> {
  requireAccess(auth, 'superadmin');
  const team = await teamOrNotFound(deps, teamUuid);
  const [servers, stats] = await Promise.all([listServers(deps.db, team.id), callStats(deps.db, team.id)]);
  return servers.map((s) => {
    const st = stats.find((x) => x.serverId === s.id);
    return {
      id: s.id,
      name: s.name,
      url: s.url,
      description: s.description,
      headers: s.headerNames,
      tools: toolsOf(s),
      refreshed_at: iso(s.refreshedAt),
      error: s.lastError,
      calls_24h: st?.calls ?? 0,
      failed_24h: st?.failed ?? 0,
    };
  });
}

interface ServerInput {
  teamUuid: string;
  name: string;
  url: string;
  description: string;
  headers: { name: string; value?: string | undefined }[];
}

/** Header values: given ones replace, left-out ones keep the stored value, unlisted ones are removed. */
function sealHeaders(deps: Deps, input: ServerInput['headers'], existing?: McpServerRow) {
  const old: Record<string, string> = existing?.headersSecret
    ? (JSON.parse(deps.secrets.open(existing.headersSecret)) as Record<string, string>)
    : {};
  const next: Record<string, string> = {};
  for (const h of input) {
    const value = h.value ?? old[h.name];
    if (value !== undefined && value !== '') next[h.name] = value;
  }
  const names = Object.keys(next);
  return {
    headersSecret: names.length > 0 ? deps.secrets.seal(JSON.stringify(next)) : null,
    headerNames: names,
  };
}

/** External tools per team: each is refreshed and offered to the model, so the list stays short. */
export const MCP_SERVERS_MAX = 20;

export async function createMcpServer(deps: Deps, auth: AuthContext, input: ServerInput) {
  requireAccess(auth, 'superadmin');
  const team = await teamOrNotFound(deps, input.teamUuid);
  const url = checkedUrl(deps, input.url);
  const sealed = sealHeaders(deps, input.headers);
  // Counted under the team's lock: parallel creates cannot pass the limit together.
  const row = await withCountLimit(deps.db, `mcp-servers:${team.id}`, async (tx) => {
    if ((await countServers(tx, team.id)) >= MCP_SERVERS_MAX) throw new AppError('CONFLICT', TOOL_MESSAGES.mcpTooMany(MCP_SERVERS_MAX));
    return insertServer(tx, { teamId: team.id, name: input.name, url, description: input.description, ...sealed });
  });
  await (await mcpClient()).refreshServerTools(deps, row, { teamId: team.id });
  return { status: 'success' as const, message: TOOL_MESSAGES.mcpSaved, id: row.id };
}

export async function updateMcpServer(deps: Deps, auth: AuthContext, input: ServerInput & { mcpId: number }) {
  requireAccess(auth, 'superadmin');
  const team = await teamOrNotFound(deps, input.teamUuid);
  const existing = await findServer(deps.db, team.id, input.mcpId);
  if (!existing) throw new AppError('NOT_FOUND', TOOL_MESSAGES.mcpNotFound);
  const url = checkedUrl(deps, input.url);
  await updateServer(deps.db, team.id, existing.id, {
    name: input.name,
    url,
    description: input.description,
    ...sealHeaders(deps, input.headers, existing),
  });
  const updated = await findServer(deps.db, team.id, existing.id);
  if (updated) await (await mcpClient()).refreshServerTools(deps, updated, { teamId: team.id });
  return { status: 'success' as const, message: TOOL_MESSAGES.mcpSaved, id: existing.id };
}

export async function deleteMcpServer(deps: Deps, auth: AuthContext, teamUuid: string, mcpId: number) {
  requireAccess(auth, 'superadmin');
  const team = await teamOrNotFound(deps, teamUuid);
  if (!(await deleteServer(deps.db, team.id, mcpId))) throw new AppError('NOT_FOUND', TOOL_MESSAGES.mcpNotFound);
  return { status: 'success' as const, message: TOOL_MESSAGES.mcpDeleted };
}
