import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { jsonSchema, tool, type ToolSet } from 'ai';
import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { McpServerRow, McpToolDefinition } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { createOutboundFetch, OutboundRefused } from '../../platform/outbound.ts';
import { logCall, saveServerTools } from './mcp.repository.ts';

// Talking to MCP servers over Streamable HTTP with the AI SDK's MCP client. Every request goes
// through the outbound fetch (https, public addresses only, no redirects), has a timeout, and
// is logged per team in mcp_calls.

const fetchers = new Map<string, typeof globalThis.fetch>();
function outboundFetchFor(deps: Deps): typeof globalThis.fetch {
  const { allow } = deps.config.outbound;
  const key = `${deps.config.outbound.allowPrivate}:${deps.config.mcp.timeoutMs}:${allow.hosts.join(',')}:${allow.cidrs.map((c) => `${c.address}/${c.prefix}`).join(',')}`;
  let f = fetchers.get(key);
  if (!f) {
    f = createOutboundFetch({
      allowPrivate: deps.config.outbound.allowPrivate,
      allow,
      timeoutMs: deps.config.mcp.timeoutMs,
    });
    fetchers.set(key, f);
  }
  return f;
}

/** The server's headers (API keys), decrypted only here, right before the request. */
function headersOf(deps: Deps, server: McpServerRow): Record<string, string> {
  if (!server.headersSecret) return {};
  return JSON.parse(deps.secrets.open(server.headersSecret)) as Record<string, string>;
}

async function connect(deps: Deps, server: McpServerRow, signal?: AbortSignal): Promise<MCPClient> {
  return createMCPClient({
    transport: {
      type: 'http',
      url: server.url,
      headers: headersOf(deps, server),
      redirect: 'error',
      fetch: outboundFetchFor(deps),
    },
    clientName: 'mika',
    initializationOptions: { timeout: deps.config.mcp.timeoutMs, ...(signal ? { signal } : {}) },
  });
}

/** A German reason for a failed call, never the server's raw error text. */
export function mcpErrorMessage(error: unknown): {
  outcome: 'refused' | 'timeout' | 'error';
  message: string;
} {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  const refused = chain.find((e): e is OutboundRefused => e instanceof OutboundRefused);
  if (refused) return { outcome: 'refused', message: refused.message };
  const text = chain.map((e) => `${(e as Error).name ?? ''} ${(e as Error).message ?? ''}`).join(' ');
  if (/timeout|timed out|aborted/i.test(text)) return { outcome: 'timeout', message: TOOL_MESSAGES.mcpTimeout };
  return { outcome: 'error', message: TOOL_MESSAGES.mcpUnreachable };
}

interface CallContext {
  teamId: number;
  assistantId?: number | null;
  threadId?: number | null;
}

/** tools/list on the server; the result (or the German reason it failed) is stored on the server row. */
export async function refreshServerTools(
  deps: Deps,
  server: McpServerRow,
  ctx: CallContext,
): Promise<McpServerRow> {
  const started = Date.now();
  let client: MCPClient | undefined;
  try {
    client = await connect(deps, server);
    const tools: McpToolDefinition[] = [];
    let cursor: string | undefined;
    // Paginated: at most 5 pages (a server with hundreds of tools is a mistake, not a feature).
    for (let page = 0; page < 5; page++) {
      const result = await client.listTools({
        ...(cursor ? { params: { cursor } } : {}),
        options: { timeout: deps.config.mcp.timeoutMs },
      });
      for (const t of result.tools) {
        tools.push({
          name: t.name,
          description: (t.description ?? t.title ?? '').slice(0, 2000),
          inputSchema: t.inputSchema,
        });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    await saveServerTools(deps.db, server.id, { tools });
    await logCall(deps.db, {
      ...baseLog(server, ctx),
      toolName: 'list',
      outcome: 'ok',
      durationMs: Date.now() - started,
    });
    return { ...server, tools, refreshedAt: new Date(), lastError: null };
  } catch (error) {
    const { outcome, message } = mcpErrorMessage(error);
    deps.log.warn({ err: error, mcpServerId: server.id, teamId: ctx.teamId }, 'mcp tools/list failed');
    await saveServerTools(deps.db, server.id, { error: message });
    await logCall(deps.db, {
      ...baseLog(server, ctx),
      toolName: 'list',
      outcome,
      durationMs: Date.now() - started,
      error: message,
    });
    return { ...server, lastError: message };
  } finally {
    await client?.close().catch(() => undefined);
  }
}

const baseLog = (server: McpServerRow, ctx: CallContext) => ({
  teamId: ctx.teamId,
  mcpServerId: server.id,
  assistantId: ctx.assistantId ?? null,
  threadId: ctx.threadId ?? null,
});

/** A tool name the providers accept (letters, digits, _ and -; at most 64), unique per server. */
export function modelToolName(serverId: number, name: string): string {
  return `mcp${serverId}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);
}

const RESULT_MAX_CHARS = 20_000;

/** The text the model gets back from a tool call (text parts; other parts named, not inlined). */
export function resultText(raw: unknown): string {
  const result = (raw ?? {}) as {
    content?: unknown;
    isError?: boolean;
    structuredContent?: unknown;
    toolResult?: unknown;
  };
  if (result.content === undefined && result.toolResult !== undefined)
    return resultText({ content: [{ type: 'text', text: JSON.stringify(result.toolResult) }] });
  const parts = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  let text = parts
    .map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : `[${p.type ?? 'Inhalt'}]`))
    .join('\n')
    .trim();
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (text.length > RESULT_MAX_CHARS) text = `${text.slice(0, RESULT_MAX_CHARS)} … (gekürzt)`;
  return result.isError ? `${TOOL_MESSAGES.mcpFailed} ${text}`.trim() : text || '(keine Ausgabe)';
}

/**
 * The switched-on servers' tools as AI SDK tools for one answer. Definitions come from the stored
 * list (no round trip per answer); a server is connected only when the model calls one of its
 * tools, and `close` ends every connection opened. Arguments arrive restored from placeholders
 * (the gateway); the result goes back through the same privacy gate as every other prompt part.
 */
export function buildMcpToolSet(
  deps: Deps,
  servers: McpServerRow[],
  ctx: CallContext & { progress(msg: string): void; signal?: AbortSignal },
): { tools: ToolSet; close(): Promise<void> } {
  const clients = new Map<number, Promise<MCPClient>>();
  const clientFor = (server: McpServerRow) => {
    let c = clients.get(server.id);
    if (!c) {
      c = connect(deps, server, ctx.signal);
      // A failed connection is retried by the next call, not cached.
      c.catch(() => clients.delete(server.id));
      clients.set(server.id, c);
    }
    return c;
  };
  const tools: ToolSet = {};
  for (const server of servers) {
    for (const def of server.tools) {
      tools[modelToolName(server.id, def.name)] = tool({
        description: `${def.description} (Externes Tool „${server.name}“)`.trim(),
        inputSchema: jsonSchema(def.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: async (args: unknown) => {
          ctx.progress(TOOL_MESSAGES.mcpCalling(def.name));
          const started = Date.now();
          try {
            const client = await clientFor(server);
            const result = await client.callTool({
              name: def.name,
              arguments: (args ?? {}) as Record<string, unknown>,
              options: { timeout: deps.config.mcp.timeoutMs, ...(ctx.signal ? { signal: ctx.signal } : {}) },
            });
            const text = resultText(result);
            await logCall(deps.db, {
              ...baseLog(server, ctx),
              toolName: def.name,
              outcome: (result as { isError?: boolean }).isError ? 'error' : 'ok',
              durationMs: Date.now() - started,
            });
            return text;
          } catch (error) {
            const { outcome, message } = mcpErrorMessage(error);
            deps.log.warn(
              { err: error, mcpServerId: server.id, teamId: ctx.teamId, tool: def.name },
              'mcp tool call failed',
            );
            await logCall(deps.db, {
              ...baseLog(server, ctx),
              toolName: def.name,
              outcome,
              durationMs: Date.now() - started,
              error: message,
            });
            // The model explains the failure instead of the answer breaking.
            return message;
          }
        },
      });
    }
  }
  return {
    tools,
    async close() {
      await Promise.all(
        [...clients.values()].map((c) => c.then((client) => client.close()).catch(() => undefined)),
      );
    },
  };
}
