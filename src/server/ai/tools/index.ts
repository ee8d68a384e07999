import { tool, type ToolSet } from 'ai';
import type { ToolSlug } from '../../db/schema/tools.ts';
import { assetTool } from './asset.ts';
import { contactFormTool } from './contact-form.ts';
import { emailTool } from './email.ts';
import type { ToolContext, ToolDefinition } from './types.ts';

export type { ToolContext, ToolDefinition, ToolEffect } from './types.ts';
export { CONTACT_FORM_FUNCTION } from './contact-form.ts';
export { EMAIL_FUNCTION } from './email.ts';

/** Every tool kind the product has, in the order the Tools tab lists them. */
// Each definition has its own input type; the registry only passes inputs through to execute.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyToolDefinition = ToolDefinition<any>;

export const TOOL_DEFINITIONS: Partial<Record<ToolSlug, AnyToolDefinition>> = {
  form: contactFormTool,
  email: emailTool,
  asset: assetTool,
};

export const toolBySlug = (slug: ToolSlug) => TOOL_DEFINITIONS[slug];

export interface ActiveTool {
  definition: AnyToolDefinition;
  settings: Record<string, unknown>;
}

/**
 * The AI SDK tool set for one answer. The pipeline passes it to the gated model, so arguments
 * reach execute restored and results go back masked; execute errors become a German tool error
 * the model can explain instead of breaking the answer.
 */
export function buildToolSet(active: ActiveTool[], ctx: Omit<ToolContext, 'settings'>): ToolSet | undefined {
  const usable = active.filter(
    (t) =>
      (!t.definition.needsThread || ctx.threadId !== null) && (t.definition.isUsable?.(t.settings) ?? true),
  );
  if (usable.length === 0) return undefined;
  return Object.fromEntries(
    usable.map(({ definition, settings }) => [
      definition.functionName,
      tool({
        description: definition.describe?.(settings) ?? definition.modelDescription,
        inputSchema: definition.inputSchema,
        execute: async (input: unknown) => definition.execute(input, { ...ctx, settings }),
      }),
    ]),
  );
}
