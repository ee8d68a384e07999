import { sql, type SQL } from 'drizzle-orm';
import { requireAccess } from '../../platform/access.ts';
import { berlinDay, berlinMonth } from '../../platform/berlin-time.ts';
import { EXTRA_MIKA_CREDITS, PLAN_LIMITS, type PlanSlug } from '../../../shared/constants.ts';
import { priceUnits, unitsToCredits, type PricedUsage } from '../../../shared/credit-prices.ts';
import { CREDIT_MESSAGES } from '../../../shared/messages.ts';
import { CREDIT_UNITS, type CreditEntryKind, type Team } from '../../db/schema/index.ts';
import type { Cte, Db } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import {
  appendEntry,
  balanceUnits,
  listTeamsForAllowance,
  monthTotals,
  releaseReservation,
  releaseReservationsBefore,
  reserveUnits,
  reserveUnitsCtes,
  settleUnits,
  settleUnitsCtes,
  spendableUnits,
  usagePerAssistant,
  usagePerDay,
  type Settlement,
} from './credit.repository.ts';

/**
 * Grants credits (allowance, top-up from an order, correction) exactly once per reference. Pass
 * the transaction that stores the cause (the paid order), so credits and their cause are one.
 */
export async function grantCredits(
  db: Db,
  grant: { teamId: number; kind: Extract<CreditEntryKind, 'allowance' | 'extra_allowance' | 'topup' | 'correction'>; credits: number; reference: string; note?: string; at?: Date },
): Promise<boolean> {
  if (!Number.isInteger(grant.credits)) throw new Error('credits must be whole numbers');
  return appendEntry(db, {
    teamId: grant.teamId,
    kind: grant.kind,
    units: grant.credits * CREDIT_UNITS,
    month: berlinMonth(grant.at),
    reference: grant.reference,
    note: grant.note ?? null,
  });
}

/** The team's credits left, in units (CREDIT_UNITS per credit). */
export const creditBalanceUnits = (db: Db, teamId: number) => balanceUnits(db, teamId);

/**
 * The month's allowance of the team's current plan and its extra Mikas, once per team, month and
 * plan (`allowance:2026-11:team`): the monthly job calls it for every team, booking a plan calls it
 * for the new plan at once. Extras bought during a month are granted by the shop per purchase.
 */
export async function grantMonthlyAllowance(
  db: Db,
  team: Pick<Team, 'id' | 'planSlug' | 'amountExtraMikas'>,
  at: Date = new Date(),
): Promise<void> {
  const month = berlinMonth(at);
  const plan = team.planSlug as PlanSlug;
  const credits = PLAN_LIMITS[plan]?.creditsPerMonth ?? 0;
  if (credits > 0) await grantCredits(db, { teamId: team.id, kind: 'allowance', credits, reference: `allowance:${month}:${plan}`, at });
  if (team.amountExtraMikas > 0) {
    await grantCredits(db, {
      teamId: team.id,
      kind: 'extra_allowance',
      credits: team.amountExtraMikas * EXTRA_MIKA_CREDITS,
      reference: `extras:${month}`,
      at,
    });
  }
}

/** A trial whose end has passed: no allowance, assistants cannot be used (docs/plans.md). */
export function trialEnded(team: Pick<Team, 'planSlug' | 'trialEndsAt'>, now = Date.now()): boolean {
  return team.planSlug === 'trial' && team.trialEndsAt !== null && team.trialEndsAt.getTime() <= now;
}

/**
 * The monthly job's work: the allowance for every team whose plan runs (not an ended trial).
 * Idempotent by reference, so several instances or a second run book nothing twice.
 */
export async function grantAllowanceToAllTeams(db: Db, at: Date = new Date()): Promise<number> {
  let granted = 0;
  for (const team of await listTeamsForAllowance(db)) {
    if (trialEnded(team, at.getTime())) continue;
    await grantMonthlyAllowance(db, team, at);
    granted++;
  }
  return granted;
}

// ——— Reservation and settlement (docs/credits.md) ———

/** Who is refused when the credits are empty decides the wording. */
export type CreditAudience = 'admin' | 'member' | 'public' | 'api';

/** A running call's held units; null when nobody pays (default assistants in public chats). */
export interface CreditHold {
  teamId: number;
  reservationId: number;
  /** Set once the transaction that settled it committed: releasing it then has nothing to do. */
  settled?: boolean;
}

export function audienceOf(auth: AuthContext | null, isPublic = false): CreditAudience {
  if (isPublic || !auth) return 'public';
  return auth.user.isAdmin ? 'admin' : 'member';
}

const EMPTY_MESSAGES: Record<CreditAudience, string> = {
  admin: CREDIT_MESSAGES.emptyAdmin,
  member: CREDIT_MESSAGES.emptyMember,
  public: CREDIT_MESSAGES.emptyPublic,
  api: CREDIT_MESSAGES.emptyApi,
};

export const creditsEmpty = (audience: CreditAudience) => new AppError('CREDITS_EMPTY', EMPTY_MESSAGES[audience]);

/**
 * Before every paid model call: holds `units` of the team's credits with one guarded statement,
 * or refuses with 402 (CREDITS_EMPTY) before the provider is asked. A null team pays nothing.
 */
export async function reserveCredits(
  db: Db,
  payer: { teamId: number | null; audience: CreditAudience },
  capability: PricedUsage['capability'],
  units: number,
): Promise<CreditHold | null> {
  if (payer.teamId === null || units <= 0) return null;
  const reservationId = await reserveUnits(db, payer.teamId, units, capability);
  if (reservationId === null) throw creditsEmpty(payer.audience);
  return { teamId: payer.teamId, reservationId };
}

/**
 * reserveCredits as parts of a caller's statement (decision 038: a chat answer's access check,
 * history and hold in one round trip). `payer` yields at most one row (team_id, capability): the
 * caller's condition for who pays; `holdId` is the reservation's id, null when nothing was held.
 * Needs RELAXED_CTE. The caller turns the outcome into the hold with heldCredits.
 */
export function reserveCreditsCtes(payer: SQL, units: number): { ctes: Cte[]; holdId: SQL<number | null> } {
  return { ctes: reserveUnitsCtes(payer, sql`${units}::int`), holdId: sql<number | null>`(select id from credit_hold)` };
}

/**
 * What a reservation of reserveCreditsCtes came to for a payer that had to pay: the hold, or the
 * 402 (CREDITS_EMPTY) before the provider is asked. A null team pays nothing.
 */
export function heldCredits(payer: { teamId: number | null; audience: CreditAudience }, reservationId: number | null): CreditHold | null {
  if (payer.teamId === null) return null;
  if (reservationId === null) throw creditsEmpty(payer.audience);
  return { teamId: payer.teamId, reservationId: Number(reservationId) };
}

/** Gives a hold back when its call ended without a settlement (failed, discarded); idempotent. */
export async function releaseCredits(db: Db, hold: CreditHold | null | undefined): Promise<void> {
  if (hold && !hold.settled) await releaseReservation(db, hold.reservationId);
}

/** The caller's transaction that settled `hold` (settleCredits) has committed. */
export function markHoldSettled(hold: CreditHold | null | undefined): void {
  if (hold) hold.settled = true;
}

/**
 * Settles model calls in the transaction that stores their result (usage.recordUsage calls it):
 * the priced usage is charged — at most what the hold reserved — and the rest of the hold goes
 * back. Without a hold (calls that reserve nothing, e.g. free embeddings) at most the balance.
 */
export async function settleCredits(
  tx: Db,
  hold: CreditHold | null | undefined,
  records: SettledRecord[],
): Promise<number> {
  const settlement = settlementOf(hold, records);
  return settlement ? settleUnits(tx, settlement) : 0;
}

type SettledRecord = PricedUsage & { teamId?: number | null; assistantId?: number | null; apiKeyId?: number | null };

/**
 * settleCredits as parts of a caller's statement (decision 038): the same settlement, for the
 * statement that stores the calls' result (a chat answer with its usage) — none when nothing is
 * to settle. Call markHoldSettled once the statement succeeded.
 */
export function settleCreditsCtes(hold: CreditHold | null | undefined, records: SettledRecord[]): Cte[] {
  const settlement = settlementOf(hold, records);
  return settlement ? settleUnitsCtes(settlement) : [];
}

function settlementOf(hold: CreditHold | null | undefined, records: SettledRecord[]): Settlement | null {
  const teamId = hold?.teamId ?? records.find((r) => r.teamId != null)?.teamId ?? null;
  if (teamId === null || teamId === undefined) return null;
  const mine = records.filter((r) => r.teamId === teamId);
  const units = mine.reduce((sum, r) => sum + priceUnits(r), 0);
  if (!hold && units === 0) return null;
  const first = mine[0];
  return {
    teamId,
    reservationId: hold?.reservationId ?? null,
    units,
    month: berlinMonth(),
    assistantId: first?.assistantId ?? null,
    note: first ? `${first.capability}${first.apiKeyId ? ' api' : ''} ${first.model}` : 'usage',
  };
}

/** Holds older than this belong to a process that died; the sweep job gives them back. */
export const RESERVATION_MAX_AGE_MS = 30 * 60_000;

export async function releaseStaleReservations(db: Db, now = Date.now()): Promise<number> {
  return releaseReservationsBefore(db, new Date(now - RESERVATION_MAX_AGE_MS));
}

/** Units the team can reserve right now (balance minus running calls). */
export const spendableCreditUnits = (db: Db, teamId: number) => spendableUnits(db, teamId);

// ——— GET /api/credits, GET /api/credits/daily ———

export interface CreditMonth {
  month: number;
  year: number;
  booked: number;
  used: number;
  added_from_orders: number;
}

export async function getCredits(deps: Deps, auth: AuthContext): Promise<{ past: CreditMonth[]; current: CreditMonth; left: number }> {
  requireAccess(auth, 'admin');
  const teamId = auth.team.id;
  const [totals, left] = await Promise.all([monthTotals(deps.db, teamId), balanceUnits(deps.db, teamId)]);
  const byMonth = new Map<string, { booked: number; used: number; topup: number }>();
  for (const t of totals) {
    const m = byMonth.get(t.month) ?? { booked: 0, used: 0, topup: 0 };
    if (t.kind === 'usage') m.used -= t.units;
    else if (t.kind === 'topup') m.topup += t.units;
    else if (t.kind !== 'reservation') m.booked += t.units;
    byMonth.set(t.month, m);
  }
  const toMonth = (key: string): CreditMonth => {
    const m = byMonth.get(key) ?? { booked: 0, used: 0, topup: 0 };
    const [year, month] = key.split('-').map(Number);
    return {
      month: month!,
      year: year!,
      booked: unitsToCredits(m.booked),
      used: unitsToCredits(m.used),
      added_from_orders: unitsToCredits(m.topup),
    };
  };
  const currentKey = berlinMonth();
  const past = [...byMonth.keys()]
    .filter((k) => k < currentKey)
    .sort()
    .reverse()
    .slice(0, 12)
    .map(toMonth);
  return { past, current: toMonth(currentKey), left: unitsToCredits(left) };
}

export async function getDailyCredits(deps: Deps, auth: AuthContext, month: string | undefined) {
  requireAccess(auth, 'admin');
  const key = month ?? berlinMonth();
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(key)) throw new AppError('VALIDATION', CREDIT_MESSAGES.monthInvalid, { fields: { month: [CREDIT_MESSAGES.monthInvalid] } });
  const teamId = auth.team.id;
  const [perDay, perAssistant] = await Promise.all([usagePerDay(deps.db, teamId, key), usagePerAssistant(deps.db, teamId, key)]);
  const [year, mon] = key.split('-').map(Number);
  const daysInMonth = new Date(Date.UTC(year!, mon, 0)).getUTCDate();
  const today = berlinDay();
  const used = new Map(perDay.map((d) => [d.day, d.units]));
  const days: { date: string; credits: number }[] = [];
  for (let d = 1; d <= daysInMonth; d++) {
    const date = `${key}-${String(d).padStart(2, '0')}`;
    if (date > today) break;
    days.push({ date, credits: unitsToCredits(used.get(date) ?? 0) });
  }
  const assistants = perAssistant
    .map((a) => ({ uuid: a.uuid, name: a.name ?? CREDIT_MESSAGES.otherUsage, units: a.units }))
    .sort((a, b) => b.units - a.units)
    .map((a) => ({ uuid: a.uuid, name: a.name, credits: unitsToCredits(a.units) }));
  return { month: key, days, assistants };
}
