import type { z } from 'zod';
import type { ToolSlug } from '../../db/schema/tools.ts';

/** Something a tool asks the caller to do once the answer is stored (e.g. show the contact form). */
export type ToolEffect = { type: 'show-form' };

/** What a tool's execute may use: the request it runs in, never the raw provider. */
export interface ToolContext {
  teamId: number | null;
  assistantId: number;
  /** The conversation, for tools that need one (contact form, handing out assets). */
  threadId: number | null;
  /** The tool's saved settings for this assistant. */
  settings: Record<string, unknown>;
  effects: ToolEffect[];
  /** Live progress text for the conversation ("E-Mail wird gesendet …"). */
  progress(msg: string): void;
  signal?: AbortSignal;
}

/**
 * A tool kind of spec 02 §3. `uuid` is fixed per kind (POST /api/toggletool names the tool by it);
 * `functionName` is what the model calls. Arguments arrive restored from placeholders and the
 * result is masked again by the gate before it goes back to the model.
 */
export interface ToolDefinition<I = unknown> {
  slug: ToolSlug;
  uuid: string;
  /** German name and description shown in the Tools tab. */
  name: string;
  description: string;
  functionName: string;
  /** German instruction for the model: when to call it. */
  modelDescription: string;
  inputSchema: z.ZodType<I>;
  /** Settings of an assistant that never saved any for this tool. */
  defaultSettings: Record<string, unknown>;
  /** Needs a conversation: not offered where there is none (e.g. the API, later). */
  needsThread: boolean;
  execute(input: I, ctx: ToolContext): Promise<string | Record<string, unknown>>;
}
