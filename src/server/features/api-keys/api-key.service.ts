import { requireAccess } from '../../platform/access.ts';
import { API_ACCESS_PLANS, type PlanSlug } from '../../../shared/constants.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import { API_KEY_MESSAGES } from '../../../shared/messages.ts';
import { API_KEYS_MAX, type ApiKey, type ApiKeyList } from '../../../shared/schemas/api-keys.ts';
import type { ApiKeyRow, Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import {
  assistantsForKey,
  countActiveKeys,
  findKeyByHash,
  findUsableAssistants,
  insertKey,
  listKeys,
  revokeKey,
  touchKey,
} from './api-key.repository.ts';

// Keys for the OpenAI-compatible API (docs/api.md). Admins of a team whose plan includes API
// access create and revoke them; the key is shown once and stored only as its SHA-256.

export const KEY_PREFIX = 'mika_';
const PREFIX_SHOWN = 12;

export const hasApiAccess = (team: Pick<Team, 'planSlug'>) => API_ACCESS_PLANS.includes(team.planSlug as PlanSlug);

export const hashApiKey = (secret: string) => sha256(secret);

/** The key (with its team) a presented secret belongs to, revoked or not: the caller decides. */
export const findKeyBySecret = (deps: Deps, secret: string) => findKeyByHash(deps.db, hashApiKey(secret));

/** Records that a key was just used (shown as "zuletzt genutzt" in the API area). */
export const markKeyUsed = (deps: Deps, keyId: number) => touchKey(deps.db, keyId);

/** The team's Mikas a key may call: all of them or its selection. */
export const assistantsInKeyScope = (deps: Deps, key: ApiKeyRow) => assistantsForKey(deps.db, key);

function requirePlan(team: Team) {
  if (!hasApiAccess(team)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notInPlan);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiKey(row: { key: ApiKeyRow; createdBy: string | null; calls: number; assistants: { uuid: string; name: string }[] }): ApiKey {
  const k = row.key;
  return {
    uuid: k.uuid,
    name: k.name,
    prefix: `${k.prefix}…`,
    scope: k.allAssistants ? 'all' : 'selected',
    assistants: row.assistants.map((a) => ({ uuid: a.uuid, name: a.name })),
    expires_at: iso(k.expiresAt),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
    created_at: k.createdAt.toISOString(),
    created_by: row.createdBy,
    calls: row.calls,
  };
}

export async function listApiKeys(deps: Deps, auth: AuthContext): Promise<ApiKeyList> {
  requireAccess(auth, 'admin');
  const available = hasApiAccess(auth.team);
  const rows = await listKeys(deps.db, auth.team.id);
  return { available, keys: rows.map(toApiKey) };
}

export async function createApiKey(
  deps: Deps,
  auth: AuthContext,
  input: { name: string; expires_at: string | null; scope: 'all' | 'selected'; assistants: string[] },
) {
  requireAccess(auth, 'admin');
  requirePlan(auth.team);
  // The key stops working at the end of the chosen day (UTC).
  const expiresAt = input.expires_at ? new Date(`${input.expires_at}T23:59:59.999Z`) : null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= new Date())) {
    throw new AppError('VALIDATION', API_KEY_MESSAGES.expiryPast, { fields: { expires_at: [API_KEY_MESSAGES.expiryPast] } });
  }
  let assistantIds: number[] = [];
  if (input.scope === 'selected') {
    const wanted = [...new Set(input.assistants)];
    if (wanted.length === 0) throw new AppError('VALIDATION', API_KEY_MESSAGES.scopeEmpty, { fields: { assistants: [API_KEY_MESSAGES.scopeEmpty] } });
    const found = await findUsableAssistants(deps.db, auth.team.id, wanted);
    if (found.length !== wanted.length) throw new AppError('VALIDATION', API_KEY_MESSAGES.scopeUnknown, { fields: { assistants: [API_KEY_MESSAGES.scopeUnknown] } });
    assistantIds = found.map((a) => a.id);
  }
  const secret = `${KEY_PREFIX}${randomToken(32)}`;
  // Counted under the team's lock: parallel creates cannot pass the limit together.
  const row = await withCountLimit(deps.db, `api-keys:${auth.team.id}`, async (tx) => {
    if ((await countActiveKeys(tx, auth.team.id)) >= API_KEYS_MAX) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany(API_KEYS_MAX));
    return insertKey(
      tx,
      {
        teamId: auth.team.id,
        name: input.name,
        prefix: secret.slice(0, PREFIX_SHOWN),
        keyHash: hashApiKey(secret),
        allAssistants: input.scope === 'all',
        expiresAt,
        createdBy: auth.user.id,
      },
      assistantIds,
    );
  });
  deps.log.info({ teamId: auth.team.id, userId: auth.user.id, apiKey: row.uuid }, 'api key created');
  await recordAudit(deps.db, { action: 'api_key.created', ...auditFrom(auth), detail: { key: row.uuid, name: input.name, prefix: row.prefix, scope: input.scope } });
  const [listed] = (await listKeys(deps.db, auth.team.id)).filter((r) => r.key.id === row.id);
  return { key: toApiKey(listed!), secret, message: API_KEY_MESSAGES.created };
}

export async function revokeApiKey(deps: Deps, auth: AuthContext, uuid: string) {
  requireAccess(auth, 'admin');
  if (!(await revokeKey(deps.db, auth.team.id, uuid))) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
  deps.log.info({ teamId: auth.team.id, userId: auth.user.id, apiKey: uuid }, 'api key revoked');
  await recordAudit(deps.db, { action: 'api_key.revoked', ...auditFrom(auth), detail: { key: uuid } });
  return { status: 'success' as const, message: API_KEY_MESSAGES.revoked };
}
