import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** A PNG reference image of an image assistant's custom style (docs/product/tasks-and-images.md: Style image). */
export const styleImages = pgTable(
  'style_images',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    /** Generated name in the private store (folder style-images). */
    storedName: text('stored_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('style_images_assistant_idx').on(t.assistantId)],
);

export type StyleImageRow = typeof styleImages.$inferSelect;

/**
 * The custom style created from the five references, per assistant and image provider: Recraft's
 * `style_id`, or (OpenAI) the style description written once by the chat model. `referencesKey`
 * names the references it was made from, so a changed set asks for a new style.
 */
export const customImageStyles = pgTable('custom_image_styles', {
  assistantId: integer('assistant_id')
    .primaryKey()
    .references(() => assistants.id, { onDelete: 'cascade' }),
  baseStyle: text('base_style').notNull(),
  provider: text('provider').notNull(),
  providerStyleId: text('provider_style_id'),
  description: text('description'),
  referencesKey: text('references_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CustomImageStyleRow = typeof customImageStyles.$inferSelect;

/**
 * A picture of an image assistant: the user's description, the optimized prompt, the style it was
 * painted in, and the stored PNG once ready. Status: prompted → queued → generating → storing →
 * ready, or error with a German `error`.
 */
export const generatedImages = pgTable(
  'generated_images',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    prompt: text('prompt').notNull(),
    mainStyle: text('main_style'),
    subStyle: text('sub_style'),
    custom: boolean('custom').notNull().default(false),
    status: text('status').notNull().default('prompted'),
    error: text('error'),
    storedName: text('stored_name'),
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generated_images_assistant_user_idx').on(t.assistantId, t.userId),
    check(
      'generated_images_status_check',
      sql`${t.status} in ('prompted', 'queued', 'generating', 'storing', 'ready', 'error')`,
    ),
  ],
);

export type GeneratedImageRow = typeof generatedImages.$inferSelect;
