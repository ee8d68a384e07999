import { AppError } from '../../platform/app-error.ts';
import { listTeamAudit } from '../../platform/audit.ts';
import type { SupportAccess } from '../../../shared/schemas/insight.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/session.ts';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import { FILTER_MIN_LEVEL2 } from '../../../shared/schemas/users.ts';
import { isAssistantFilterOn } from '../../ai/privacy-terms.ts';
import { saveAssistantFilter } from '../assistants/index.ts';
import { saveTeamProtection } from '../teams/index.ts';

export function getTeamFilter(auth: AuthContext) {
  requireAccess(auth, 'admin');
  return { filter: auth.team.filter, protection_level: auth.team.protectionLevel };
}

export async function getAssistantFilter(deps: Deps, auth: AuthContext, uuid: string) {
  const assistant = await requireAccess(auth, 'assistant.edit', uuid, deps);
  return {
    filter: assistant.filter,
    protection_level: auth.team.protectionLevel,
    active: isAssistantFilterOn(auth.team, assistant),
  };
}

function assertLevel2Length(filter: string) {
  if (filter.trim().length < FILTER_MIN_LEVEL2) {
    throw new AppError('VALIDATION', USER_MESSAGES.filterMinLevel2, { fields: { filterString: [USER_MESSAGES.filterMinLevel2] } });
  }
}

/**
 * POST /api/filter. With firstKey "main" an admin sets the team's level and filter; with an
 * assistant uuid an editor sets that assistant's switch (protectionLevel 0/1) and list.
 */
export async function saveFilter(
  deps: Deps,
  auth: AuthContext,
  input: { firstKey: string; filterString: string; protectionLevel: number },
): Promise<{ status: 'success'; message: string }> {
  requireAccess(auth, 'member');
  const filter = input.filterString.trim();
  if (input.firstKey === 'main') {
    requireAccess(auth, 'admin');
    if (input.protectionLevel === 2) assertLevel2Length(filter);
    await saveTeamProtection(deps.db, auth.team.id, { protectionLevel: input.protectionLevel, filter });
    return { status: 'success', message: USER_MESSAGES.filterSaved };
  }
  const assistant = await requireAccess(auth, 'assistant.edit', input.firstKey, deps);
  const level = auth.team.protectionLevel;
  if (level === 2) assertLevel2Length(filter);
  await saveAssistantFilter(deps, assistant, { filter, filterEnabled: level === 2 ? true : input.protectionLevel >= 1 });
  return { status: 'success', message: USER_MESSAGES.assistantFilterSaved };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Datenschutz → Support-Zugriffe: every live login of support into the team, from the audit log
 * (start, end, who, reason, the number of changes made). An access without an end entry ended by
 * itself when it expired.
 */
export async function listSupportAccesses(deps: Deps, auth: AuthContext): Promise<SupportAccess[]> {
  requireAccess(auth, 'admin');
  const rows = await listTeamAudit(deps.db, auth.team.id, ['live_login.started', 'live_login.ended', 'live_login.request'], 2000);
  const byLive = new Map<string, SupportAccess>();
  // Oldest first, so the start of each live login is seen before its end and its changes.
  for (const row of [...rows].reverse()) {
    if (!row.liveSessionId) continue;
    if (row.action === 'live_login.started') {
      byLive.set(row.liveSessionId, {
        started_at: row.at.toISOString(),
        ended_at: null,
        expires_at: text(row.detail.expiresAt) ?? row.at.toISOString(),
        operator: (row.actorLabel ?? '').replace(/\s*<[^>]*>$/, '') || 'Support',
        reason: text(row.detail.reason) ?? '',
        changes: 0,
      });
      continue;
    }
    const access = byLive.get(row.liveSessionId);
    if (!access) continue;
    if (row.action === 'live_login.ended') access.ended_at = text(row.detail.at) ?? row.at.toISOString();
    else access.changes++;
  }
  const now = Date.now();
  return [...byLive.values()]
    .map((a) => (a.ended_at === null && Date.parse(a.expires_at) <= now ? { ...a, ended_at: a.expires_at } : a))
    .sort((a, b) => b.started_at.localeCompare(a.started_at));
}
