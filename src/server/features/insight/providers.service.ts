import { requireAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { Deps } from '../../platform/deps.ts';
import { AI_PROVIDER_MESSAGES } from '../../../shared/messages.ts';
import type { AiCapability, ProviderList, ProviderTestResult, PutProviderParsed } from '../../../shared/schemas/ai-providers.ts';
import { reembeddingPending, requestReembedding } from '../knowledge/index.ts';

// Insight's screen of the provider registry (src/server/ai/registry.ts, docs/ai.md): superadmins
// only (access rule `superadmin`, which also refuses a live login). The registry owns the table
// and the keys; nothing here ever returns or logs a key.

export async function listProviders(deps: Deps, auth: AuthContext): Promise<ProviderList> {
  requireAccess(auth, 'superadmin');
  return { providers: deps.providers.list(), reembedding: { pending: await reembeddingPending(deps) } };
}

export async function saveProvider(deps: Deps, auth: AuthContext, input: PutProviderParsed): Promise<ProviderList & { message: string }> {
  requireAccess(auth, 'superadmin');
  const { embeddingChanged } = await deps.providers.save(input, auth.user.id);
  deps.log.info(
    { capability: input.capability, provider: input.provider, model: input.model ?? null, baseUrl: input.baseUrl ?? null, keyChanged: Boolean(input.apiKey?.trim()), by: auth.user.id },
    'AI provider changed in Insight',
  );
  // Vectors of another model never mix: the knowledge is embedded again in the background.
  if (embeddingChanged) await requestReembedding(deps);
  return { message: AI_PROVIDER_MESSAGES.saved, ...(await listProviders(deps, auth)) };
}

export function testProvider(deps: Deps, auth: AuthContext, capability: AiCapability): Promise<ProviderTestResult> {
  requireAccess(auth, 'superadmin');
  return deps.providers.test(capability);
}
