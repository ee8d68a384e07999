import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const assistants = pgTable(
  'assistants',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    // Null for the default assistants every team sees.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Stable key of a seeded default assistant, so seeding is idempotent. */
    seedKey: text('seed_key').unique(),
    name: text('name').notNull(),
    type: text('type').notNull().default('chat'),
    role: text('role').notNull().default(''),
    task: text('task').notNull().default(''),
    special: text('special').notNull().default(''),
    style: text('style').notNull().default(''),
    intro: text('intro').notNull().default(''),
    thinkingExpressions: text('thinking_expressions').notNull().default(''),
    canTalk: boolean('can_talk').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    image: text('image'),
    logo: text('logo'),
    primaryBackgroundColor: text('primary_background_color').notNull().default('#32363C'),
    secondaryBackgroundColor: text('secondary_background_color').notNull().default('#282D33'),
    tertiaryBackgroundColor: text('tertiary_background_color').notNull().default('#282D33'),
    buttonColor: text('button_color').notNull().default('#32363C'),
    ownerEmail: text('owner_email').notNull().default(''),
    mainStyle: text('main_style'),
    subStyle: text('sub_style'),
    isImageStyleCustom: boolean('is_image_style_custom').notNull().default(false),
    // Null follows the team level (off at 0, on at 1); level 2 forces it on.
    filterEnabled: boolean('filter_enabled'),
    filter: text('filter').notNull().default(''),
    /** Comma-separated hosts that may embed the public chat; empty = any website. */
    allowedDomains: text('allowed_domains').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistants_team_idx').on(t.teamId),
    check('assistants_type_check', sql`${t.type} in ('chat', 'task', 'image')`),
  ],
);

export type Assistant = typeof assistants.$inferSelect;

// Per-user rights for employees; admins have every right without rows here.
export const assistantRights = pgTable(
  'assistant_rights',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    canUse: boolean('can_use').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.assistantId] }),
    index('assistant_rights_assistant_idx').on(t.assistantId),
  ],
);

/**
 * Default Mikas an admin hid for the team (Mikas library → "Ausblenden"): the team's members no
 * longer see or use them until an admin shows them again. Only default Mikas are hidden — a team's
 * own Mika is deleted instead. Written only by the assistants feature; the rows go with the team or
 * the Mika by cascade (docs/decisions/030-first-hour.md).
 */
export const teamHiddenAssistants = pgTable(
  'team_hidden_assistants',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.assistantId] }), index('team_hidden_assistants_assistant_idx').on(t.assistantId)],
);
