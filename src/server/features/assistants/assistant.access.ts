import type { Assistant } from '../../db/schema/index.ts';
import { provideObjectRule, requireAccess } from '../../platform/access.ts';
import { assertCanEditAssistant, assertCanUseAssistant } from './assistant.service.ts';

// The assistants feature owns the rights on a Mika (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A Mika's uuid → the Mika the caller may use. */
    'assistant.use': { ref: string; proof: Assistant };
    /** A Mika's uuid → the Mika the caller may change. */
    'assistant.edit': { ref: string; proof: Assistant };
  }
}

provideObjectRule('assistant.use', (deps, auth, uuid) => assertCanUseAssistant(deps, requireAccess(auth, 'member'), uuid));
provideObjectRule('assistant.edit', (deps, auth, uuid) => assertCanEditAssistant(deps, requireAccess(auth, 'member'), uuid));
