import type { FastifyReply, FastifyRequest } from 'fastify';
import { INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import { endLiveSession, LIVE_COOKIE, startLiveSession, type AuthContext } from '../../platform/session.ts';
import { findTeamOwner } from './insight.repository.ts';
import { teamOr404 } from './insight.service.ts';

// Live login (docs/product/operator-area.md#live-login, docs/security.md#live-login-leaves-no-access-behind, docs/operations.md): a separate, marked session of the
// team's owner held next to the operator's own session; it expires after LIVE_LOGIN_MINUTES, ends
// with the operator's session or superadmin right, cannot be nested and never changes the owner's
// e-mail address or password. Start, end and every change made during it are audited.

/** POST /api/insight/livelogin. */
export async function startLiveLogin(deps: Deps, auth: AuthContext, reply: FastifyReply, input: { teamUuid: string; reason: string }) {
  requireAccess(auth, 'superadmin');
  if (auth.live) throw new AppError('FORBIDDEN', INSIGHT_MESSAGES.liveLoginNested);
  const team = await teamOr404(deps, input.teamUuid);
  if (team.deletedAt) throw new AppError('CONFLICT', INSIGHT_MESSAGES.liveLoginDeleted);
  const owner = await findTeamOwner(deps.db, team.id);
  if (!owner) throw new AppError('CONFLICT', INSIGHT_MESSAGES.liveLoginNoOwner);
  const started = await deps.db.transaction(async (tx) => {
    const live = await startLiveSession(deps.db, deps.config, reply, auth, owner, input.reason, tx);
    await recordAudit(tx, {
      action: 'live_login.started',
      team,
      actor: auth.user,
      liveSessionId: live.id,
      detail: { reason: input.reason, expiresAt: live.expiresAt.toISOString(), as: owner.email },
    });
    return live;
  });
  return {
    status: 'success' as const,
    message: INSIGHT_MESSAGES.liveLoginStarted,
    marker: { status: true as const, teamName: team.name },
    expires_at: started.expiresAt.toISOString(),
  };
}

/** POST /api/livelogin/end: back to the operator's own account (also after it expired). */
export async function endLiveLogin(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  requireAccess(request.auth, 'member');
  if (request.auth?.live) {
    await endLiveSession(deps.db, request.auth.sessionId, 'left');
    // Leaving is not a change made during the live login (the response hook audits those).
    request.auth = null;
  }
  reply.clearCookie(LIVE_COOKIE, { path: '/' });
  return { status: 'success' as const, message: INSIGHT_MESSAGES.liveLoginEnded };
}
