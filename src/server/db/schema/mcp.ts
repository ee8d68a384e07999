import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';

/** A tool an MCP server offers, as its last `tools/list` returned it (JSON schema kept for the model). */
export interface McpToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/**
 * An external tool server (MCP, Streamable HTTP) that support set up for one team (docs/product/users-and-rights.md
 * "The tool for external APIs is set up by support"). Header values are secrets: stored
 * encrypted, never sent back to any client. Written only by the mcp feature.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Encrypted `{ name: value }` (AES-256-GCM, platform/secrets.ts). */
    headersSecret: text('headers_secret'),
    headerNames: jsonb('header_names').$type<string[]>().notNull().default([]),
    tools: jsonb('tools').$type<McpToolDefinition[]>().notNull().default([]),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_servers_team_idx').on(t.teamId)],
);

/** Which of the team's MCP servers an assistant may use (POST /api/togglemcp). */
export const assistantMcps = pgTable(
  'assistant_mcps',
  {
    id: serial('id').primaryKey(),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    mcpServerId: integer('mcp_server_id')
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('assistant_mcps_unique').on(t.assistantId, t.mcpServerId)],
);

/** Every call of an external tool, per team: who called what, how it ended, how long it took. */
export const mcpCalls = pgTable(
  'mcp_calls',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    mcpServerId: integer('mcp_server_id').references(() => mcpServers.id, { onDelete: 'set null' }),
    assistantId: integer('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    threadId: integer('thread_id'),
    /** 'list' for a refresh of the tool list, else the tool's name. */
    toolName: text('tool_name').notNull(),
    outcome: text('outcome', { enum: ['ok', 'error', 'timeout', 'refused'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_calls_team_created_idx').on(t.teamId, t.createdAt), index('mcp_calls_server_idx').on(t.mcpServerId, t.createdAt)],
);

export type McpServerRow = typeof mcpServers.$inferSelect;
