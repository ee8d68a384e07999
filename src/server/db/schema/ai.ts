import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The AI provider of one capability as the superadmin set it up in Insight ("KI-Anbieter"). A row
 * wins over the environment (AI_*), which stays the default (docs/decisions/031-provider-registry.md).
 * The key is sealed like MCP header values (platform/secrets.ts) and never sent to any client.
 * Written only by the provider registry (src/server/ai/registry.ts); every change notifies
 * `mika_ai` so that every instance reloads it (migration 0023).
 */
export const aiProviders = pgTable('ai_providers', {
  /** chat, speech, transcription, image, embedding, rerank */
  capability: text('capability').primaryKey(),
  /** offline, openai, openai-compatible, mistral, anthropic, recraft, cohere, jina */
  provider: text('provider').notNull(),
  baseUrl: text('base_url'),
  apiKeySecret: text('api_key_secret'),
  model: text('model'),
  contextTokens: integer('context_tokens').notNull().default(128_000),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AiProviderRow = typeof aiProviders.$inferSelect;
