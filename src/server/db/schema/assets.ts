import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';

/**
 * A file an assistant may hand out in a chat (docs/product/knowledge-and-tools.md: "asset file"). ONE set per assistant with
 * two views: /api/assets (the files) and /api/tool/asset (the asset tool's properties). The bytes
 * live in the private store under `storedName` (docs/decisions/014-assets.md).
 */
export const assetFiles = pgTable(
  'asset_files',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    // The assistant's team (null for a default assistant edited by a superadmin).
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    extension: text('extension').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storedName: text('stored_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_files_assistant_idx').on(t.assistantId)],
);

export type AssetFileRow = typeof assetFiles.$inferSelect;
