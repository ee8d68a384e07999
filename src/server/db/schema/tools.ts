import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import type { FormSettings } from '../../../shared/schemas/public.ts';

/** The tool kinds of docs/product/knowledge-and-tools.md (slug form, email, asset); their definitions live in src/server/ai/tools. */
export const TOOL_SLUGS = ['form', 'email', 'asset'] as const;
export type ToolSlug = (typeof TOOL_SLUGS)[number];

export type { FormSettings };

export const DEFAULT_FORM_SETTINGS: FormSettings = {
  firstname: true,
  lastname: true,
  company: false,
  email: true,
  phone: true,
  notes: true,
  send_to: '',
  send_to_user: true,
};

/**
 * A tool switched on or configured for one assistant. No row means "never configured": the tool
 * is off and its default settings apply. Written only by the tools feature.
 */
export const assistantTools = pgTable(
  'assistant_tools',
  {
    id: serial('id').primaryKey(),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    toolSlug: text('tool_slug', { enum: TOOL_SLUGS }).notNull(),
    active: boolean('active').notNull().default(false),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assistant_tools_assistant_slug_unique').on(t.assistantId, t.toolSlug),
    check('assistant_tools_slug_check', sql`${t.toolSlug} in ('form', 'email', 'asset')`),
  ],
);

export type AssistantToolRow = typeof assistantTools.$inferSelect;
