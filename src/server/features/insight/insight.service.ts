import { berlinEndOfDay } from '../../platform/berlin-time.ts';
import { EXTRA_MIKA_CREDITS, PLAN_LIMITS, type PlanSlug } from '../../../shared/constants.ts';
import { INSIGHT_MESSAGES, TOOL_MESSAGES } from '../../../shared/messages.ts';
import {
  INSIGHT_PAGE_SIZE,
  type AuditEntry,
  type ExtraItemType,
  type InsightList,
  type InsightSort,
  type TeamInsight,
  type TeamOutbox,
} from '../../../shared/schemas/insight.ts';
import type { Team } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import { auditFrom, listTeamAudit, recordAudit } from '../../platform/audit.ts';
import { randomToken } from '../../platform/crypto.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/session.ts';
import { billingProvider } from '../billing/index.ts';
import { grantCredits, grantMonthlyAllowance } from '../credits/index.ts';
import { berlinMonth } from '../../platform/berlin-time.ts';
import {
  applyTeamPlan,
  changeTeamExtras,
  loadTeamForUpdate,
  setTeamAmounts,
  setTeamTrial,
} from '../teams/index.ts';
import { findTeamByUuid, findTeamDiscount, findTeamOwner, listInsightTeams, listTeamOutbox } from './insight.repository.ts';

// The operator area (docs/product/operator-area.md, docs/operations.md). Superadmins only: the route's access
// rule checks the role before any of this runs. Every change is written to the audit log in the
// transaction of the change.

const PLAN_NAMES: Record<string, string> = { solo: 'Solo', team: 'Team', agency: 'Agency' };
const PERIOD_NAMES = { monthly: 'monatlich', yearly: 'jährlich' } as const;

/** The plans an operator can set (docs/product/operator-area.md: "prices"): trial, the paid plans per period, individual. */
export function operatorPrices(): { id: string; name: string }[] {
  return [
    { id: 'trial', name: 'Testzeitraum' },
    ...(['solo', 'team', 'agency'] as const).flatMap((slug) =>
      (['monthly', 'yearly'] as const).map((period) => ({ id: `${slug}:${period}`, name: `${PLAN_NAMES[slug]} (${PERIOD_NAMES[period]})` })),
    ),
    { id: 'other', name: 'Individuell' },
  ];
}

export function currentPriceId(team: Pick<Team, 'planSlug' | 'billingPeriod'>): string {
  return PLAN_NAMES[team.planSlug] ? `${team.planSlug}:${team.billingPeriod}` : team.planSlug;
}

const germanDate = (d: Date) => new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium' }).format(d);

/** The "Abo" column: plan, period or trial end, booked extras. */
export function subscriptionInfo(team: Pick<Team, 'planSlug' | 'billingPeriod' | 'trialEndsAt' | 'amountExtraMikas' | 'amountExtraUsers' | 'amountExtraPublicLicences'>, now = new Date()): string {
  let plan: string;
  if (team.planSlug === 'trial') {
    plan = !team.trialEndsAt ? 'Testzeitraum' : team.trialEndsAt > now ? `Testzeitraum bis ${germanDate(team.trialEndsAt)}` : `Testzeitraum abgelaufen am ${germanDate(team.trialEndsAt)}`;
  } else if (PLAN_NAMES[team.planSlug]) {
    plan = `${PLAN_NAMES[team.planSlug]} (${PERIOD_NAMES[team.billingPeriod as 'monthly' | 'yearly'] ?? team.billingPeriod})`;
  } else {
    plan = 'Individuell';
  }
  const extras = [
    team.amountExtraUsers > 0 ? `+${team.amountExtraUsers} User` : '',
    team.amountExtraMikas > 0 ? `+${team.amountExtraMikas} Mikas` : '',
    team.amountExtraPublicLicences > 0 ? `+${team.amountExtraPublicLicences} Lizenzen` : '',
  ].filter(Boolean);
  return extras.length > 0 ? `${plan} · ${extras.join(', ')}` : plan;
}

export async function listTeams(
  deps: Deps,
  auth: AuthContext, query: { page: number; search: string; sort: InsightSort; direction: 'asc' | 'desc' },
): Promise<InsightList> {
  requireAccess(auth, 'superadmin');
  const { rows, total } = await listInsightTeams(deps.db, { ...query, month: berlinMonth(), limit: INSIGHT_PAGE_SIZE });
  return {
    data: rows.map((r) => ({
      uuid: r.team.uuid,
      name: r.team.name,
      owner_email: r.ownerEmail,
      plan_slug: r.team.planSlug,
      amount_used_users: r.users,
      amount_used_mikas: r.mikas,
      amount_credits: r.creditsUsed,
      subscription_info: subscriptionInfo(r.team),
      deleted_at: r.team.deletedAt?.toISOString() ?? null,
    })),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / INSIGHT_PAGE_SIZE)),
    per_page: INSIGHT_PAGE_SIZE,
    total,
  };
}

/** Any team by uuid, also a soft-deleted one (the operator restores or purges those); else 404. */
export async function teamOr404(deps: Deps, uuid: string): Promise<Team> {
  const team = await findTeamByUuid(deps.db, uuid);
  if (!team) throw new AppError('NOT_FOUND', TOOL_MESSAGES.teamNotFound);
  return team;
}

/** A team that is not deleted (changes to a deleted team are refused). */
async function liveTeamOr404(deps: Deps, uuid: string): Promise<Team> {
  const team = await teamOr404(deps, uuid);
  if (team.deletedAt) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamAlreadyDeleted);
  return team;
}

export const purgeAt = (deps: Deps, team: Pick<Team, 'deletedAt'>) =>
  team.deletedAt ? new Date(team.deletedAt.getTime() + deps.config.teamRetentionMs) : null;

export async function getTeamInsight(deps: Deps, auth: AuthContext, uuid: string): Promise<TeamInsight> {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, uuid);
  const [owner, discount] = await Promise.all([findTeamOwner(deps.db, team.id), findTeamDiscount(deps.db, team.id)]);
  return {
    uuid: team.uuid,
    name: team.name,
    trial_ends_at: team.trialEndsAt?.toISOString() ?? null,
    prices: operatorPrices(),
    currentPriceId: currentPriceId(team),
    amount_mikas: team.amountMikas,
    amount_users: team.amountUsers,
    amount_public_licences: team.amountPublicLicences,
    amount_extra_users: team.amountExtraUsers,
    amount_extra_mikas: team.amountExtraMikas,
    amount_extra_public_licences: team.amountExtraPublicLicences,
    plan_slug: team.planSlug,
    billing_provider: billingProvider(deps).kind,
    owner: owner ? { name: owner.name, email: owner.email } : null,
    deleted_at: team.deletedAt?.toISOString() ?? null,
    purge_at: purgeAt(deps, team)?.toISOString() ?? null,
    discount: discount
      ? {
          code: discount.code,
          percent_off: discount.percentOff,
          amount_off_cents: discount.amountOffCents,
          applied_at: discount.appliedAt.toISOString(),
          valid_until: discount.validUntil,
        }
      : null,
  };
}

const amountsOf = (t: Team) => ({ amountMikas: t.amountMikas, amountUsers: t.amountUsers, amountPublicLicences: t.amountPublicLicences });
const extrasOf = (t: Team) => ({ users: t.amountExtraUsers, mikas: t.amountExtraMikas, public_licences: t.amountExtraPublicLicences });
const done = (message: string) => ({ status: 'success' as const, message });

/** POST /api/insight/updatesubscription: trial, a paid plan with its period, or individual. */
export async function updateSubscription(deps: Deps, auth: AuthContext, uuid: string, newPriceId: string) {
  requireAccess(auth, 'superadmin');
  const price = operatorPrices().find((p) => p.id === newPriceId);
  if (!price) throw validationError('newPriceId', INSIGHT_MESSAGES.planUnknown);
  const target = await liveTeamOr404(deps, uuid);
  const [slug, period] = newPriceId.split(':') as [PlanSlug, ('monthly' | 'yearly')?];
  await deps.db.transaction(async (tx) => {
    const before = await loadTeamForUpdate(tx, target.id);
    let after: Team;
    if (slug === 'trial' || slug === 'other') {
      const limits = PLAN_LIMITS[slug];
      const trialEnd =
        slug === 'trial'
          ? before.planSlug === 'trial' && before.trialEndsAt
            ? before.trialEndsAt
            : new Date(Date.now() + deps.config.trialDays * 86_400_000)
          : null;
      after = await setTeamTrial(tx, before.id, {
        planSlug: slug,
        trialEndsAt: trialEnd,
        limits: { amountMikas: limits.mikas, amountUsers: limits.users, amountPublicLicences: limits.publicLicences },
      });
    } else {
      const limits = PLAN_LIMITS[slug];
      after = await applyTeamPlan(tx, before.id, {
        slug,
        billingPeriod: period!,
        amountMikas: limits.mikas,
        amountUsers: limits.users,
        amountPublicLicences: limits.publicLicences,
      });
    }
    // The new plan's allowance of this month (once per plan and month: idempotent).
    await grantMonthlyAllowance(tx, after);
    await recordAudit(tx, {
      action: 'plan.changed',
      ...auditFrom(auth),
      team: after,
      detail: {
        before: { plan: currentPriceId(before), trialEndsAt: before.trialEndsAt?.toISOString() ?? null, ...amountsOf(before) },
        after: { plan: currentPriceId(after), trialEndsAt: after.trialEndsAt?.toISOString() ?? null, ...amountsOf(after) },
      },
    });
  });
  return done(INSIGHT_MESSAGES.subscriptionChanged);
}

/** POST /api/insight/updateamountassets: included services, whatever the plan says. */
export async function updateAmounts(deps: Deps, auth: AuthContext, uuid: string, amounts: { amountMikas: number; amountUsers: number; amountPublicLicences: number }) {
  requireAccess(auth, 'superadmin');
  const target = await liveTeamOr404(deps, uuid);
  await deps.db.transaction(async (tx) => {
    const before = await loadTeamForUpdate(tx, target.id);
    const after = await setTeamAmounts(tx, before.id, amounts);
    await recordAudit(tx, { action: 'amounts.changed', ...auditFrom(auth), team: after, detail: { before: amountsOf(before), after: amountsOf(after) } });
  });
  return done(INSIGHT_MESSAGES.amountsChanged);
}

/**
 * POST /api/insight/addextraitem and cancelextraitem. An operator's change is a correction or a
 * goodwill: it changes the limits at once and is not charged (docs/operations.md); an extra Mika
 * brings its 15 credits like a bought one. Never below zero (one guarded update decides).
 */
export async function changeExtras(deps: Deps, auth: AuthContext, input: { teamUuid: string; qty: number; itemType: ExtraItemType }, direction: 1 | -1) {
  requireAccess(auth, 'superadmin');
  const target = await liveTeamOr404(deps, input.teamUuid);
  await deps.db.transaction(async (tx) => {
    const before = await loadTeamForUpdate(tx, target.id);
    const after = await changeTeamExtras(tx, before.id, input.itemType, direction * input.qty);
    if (!after) throw validationError('qty', INSIGHT_MESSAGES.extrasBelowZero);
    if (direction === 1 && input.itemType === 'mika') {
      await grantCredits(tx, {
        teamId: after.id,
        kind: 'extra_allowance',
        credits: input.qty * EXTRA_MIKA_CREDITS,
        reference: `insight:${randomToken(12)}`,
        note: 'Zusätzliche Mikas (Support)',
      });
    }
    await recordAudit(tx, {
      action: direction === 1 ? 'extras.added' : 'extras.cancelled',
      ...auditFrom(auth),
      team: after,
      detail: { item: input.itemType, qty: input.qty, before: extrasOf(before), after: extrasOf(after) },
    });
  });
  return done(INSIGHT_MESSAGES.extrasChanged);
}

/** POST /api/insight/changetrialperiod: activates or extends the trial until the end of that day. */
export async function changeTrial(deps: Deps, auth: AuthContext, uuid: string, day: string) {
  requireAccess(auth, 'superadmin');
  const date = day.slice(0, 10);
  const end = berlinEndOfDay(date);
  if (Number.isNaN(end.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(date) || new Date(`${date}T12:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw validationError('trialEndsAt', INSIGHT_MESSAGES.trialDateInvalid);
  }
  if (end.getTime() <= Date.now()) throw validationError('trialEndsAt', INSIGHT_MESSAGES.trialDatePast);
  if (end.getTime() > Date.now() + 366 * 86_400_000) throw validationError('trialEndsAt', INSIGHT_MESSAGES.trialDateTooFar);
  const target = await liveTeamOr404(deps, uuid);
  if (target.planSlug !== 'trial' && target.planSlug !== 'other') throw new AppError('CONFLICT', INSIGHT_MESSAGES.trialOnlyForTrial);
  await deps.db.transaction(async (tx) => {
    const before = await loadTeamForUpdate(tx, target.id);
    const after = await setTeamTrial(tx, before.id, { planSlug: 'trial', trialEndsAt: end });
    await grantMonthlyAllowance(tx, after);
    await recordAudit(tx, {
      action: 'trial.changed',
      ...auditFrom(auth),
      team: after,
      detail: { before: { plan: before.planSlug, trialEndsAt: before.trialEndsAt?.toISOString() ?? null }, after: { plan: 'trial', trialEndsAt: end.toISOString() } },
    });
  });
  return done(INSIGHT_MESSAGES.trialChanged);
}

/**
 * Removes what would let a reader act as the recipient: the token of every link (reset,
 * verification, invitation, download) and any other long random string. Support reads the outbox
 * to help a customer, never to reset their password (issue 15).
 */
export function redactTokens(text: string): string {
  return text
    .replace(/(\/(?:reset-password|verify-email|invite|api\/dataprotection\/exports?)\/)[^\s/?#"'<>)]+/g, '$1[entfernt]')
    .replace(/([?&](?:token|t|key|signature)=)[^\s&#"'<>)]+/gi, '$1[entfernt]')
    .replace(/\b[A-Za-z0-9_-]{24,}\b/g, (m) => (/\d/.test(m) && /[A-Za-z]/.test(m) ? '[entfernt]' : m));
}

/** GET /api/insight/outbox/{teamUuid}: the team's latest mails, tokens redacted. */
/** GET /api/insight/audit/:teamUuid: the team's audit log, newest first (also of a soft-deleted team). */
export async function getTeamAudit(deps: Deps, auth: AuthContext, uuid: string): Promise<AuditEntry[]> {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, uuid);
  const rows = await listTeamAudit(deps.db, team.id);
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), action: r.action, actor: r.actorLabel, live: r.liveSessionId !== null, detail: r.detail }));
}

export async function getTeamOutbox(deps: Deps, auth: AuthContext, uuid: string): Promise<TeamOutbox> {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, uuid);
  const rows = await listTeamOutbox(deps.db, team.id);
  return {
    smtp: Boolean(deps.config.mail.smtpUrl),
    mails: rows.map((m) => ({
      id: m.id,
      created_at: m.createdAt.toISOString(),
      to: m.to,
      subject: m.subject,
      status: m.status,
      text: redactTokens(m.text),
    })),
  };
}
