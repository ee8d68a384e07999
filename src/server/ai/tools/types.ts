import type { z } from 'zod';
import type { ToolSlug } from '../../db/schema/tools.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Throttle } from '../../platform/throttle.ts';

/**
 * Something a tool asks the caller to do once the answer is stored: show the contact form, or
 * store a document message (type doc) whose `document` is `name` and whose bytes the document
 * source `source` (`{kind}:{ref}`, e.g. `asset:{uuid}`) serves through /document/… .
 */
export type ToolEffect = { type: 'show-form' } | { type: 'document'; name: string; source: string };

/** A file a tool may hand out in this conversation (the asset tool's list, bound to the assistant). */
export interface OfferableFile {
  id: number;
  name: string;
  description: string;
  extension: string;
  /** The document source that serves it, `{kind}:{ref}`. */
  source: string;
}

/** What a tool's execute may use: the request it runs in, never the raw provider. */
export interface ToolContext {
  teamId: number | null;
  assistantId: number;
  assistantName: string;
  /** The conversation, for tools that need one (contact form, handing out assets). */
  threadId: number | null;
  /** The tool's saved settings for this assistant. */
  settings: Record<string, unknown>;
  effects: ToolEffect[];
  /** The files this assistant may hand out (its assets); absent where there are none to offer. */
  offerableFiles?: () => Promise<OfferableFile[]>;
  /** Live progress text for the conversation ("E-Mail wird gesendet …"). */
  progress(msg: string): void;
  /** Mail goes through the mail module (outbox, SMTP delivery job). */
  mailer: Pick<Mailer, 'send'>;
  /** Bounds what a tool may do per conversation (e.g. mails per hour). */
  throttle: Pick<Throttle, 'consume'>;
  signal?: AbortSignal;
}

/**
 * A tool kind of docs/product/chat-and-voice.md. `uuid` is fixed per kind (POST /api/toggletool names the tool by it);
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
  /** The instruction for one assistant, when it depends on the saved settings (e.g. its contacts). */
  describe?(settings: Record<string, unknown>): string;
  /** Switched on but unusable with these settings (e.g. no contacts): not offered to the model. */
  isUsable?(settings: Record<string, unknown>): boolean;
  inputSchema: z.ZodType<I>;
  /** Settings of an assistant that never saved any for this tool. */
  defaultSettings: Record<string, unknown>;
  /** Needs a conversation: not offered where there is none (e.g. the API, later). */
  needsThread: boolean;
  execute(input: I, ctx: ToolContext): Promise<string | Record<string, unknown>>;
}
