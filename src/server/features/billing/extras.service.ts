import { requireAccess } from '../../platform/access.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import type { Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { berlinDay } from '../../platform/berlin-time.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { changeTeamExtras, loadTeamForUpdate } from '../teams/index.ts';
import { claimBooking, dueUnappliedBookings, insertBooking, lastPaidExtraPeriodStart, pendingCancellationRows } from './billing.repository.ts';
import type { BillingProvider } from './provider.ts';

/**
 * Cancelling extras (docs/billing.md): a paid extra runs until the end of the period it was paid
 * for — the shop says until when — and the amounts go down then (the daily billing run). Nothing
 * is refunded; the next period is not charged. Extras that nobody paid for through the shop (an
 * operator added them) end at once. Stripe prorates its subscription itself: there they end at once.
 */

type Item = 'mika' | 'user';

export const monthAfter = (d: Date, months: number) => {
  const e = new Date(d);
  e.setMonth(e.getMonth() + months);
  e.setDate(e.getDate() - 1);
  return e;
};

/** The end of the paid period of the team's extras of this kind, or null when none was paid for. */
async function paidPeriodEnd(tx: Db, teamId: number, item: Item, now: Date): Promise<Date | null> {
  const periodStart = await lastPaidExtraPeriodStart(tx, teamId, item);
  if (!periodStart) return null;
  // Monthly periods from the first paid day on: the one that contains `now` ends the extra.
  for (let months = 1; months < 1200; months++) {
    const end = monthAfter(periodStart, months);
    if (berlinDay(end) >= berlinDay(now)) return end;
  }
  return null;
}

/** Cancellations that still wait for the end of their period, per item. */
export async function pendingCancellations(db: Db, teamId: number) {
  const rows = await pendingCancellationRows(db, teamId);
  return rows.map((r) => ({ item: r.item as Item, qty: r.qty, until: berlinDay(new Date(r.until)) }));
}

/** Cancels booked extras: never more than booked and not already cancelled (checked under the team's row lock). */
export async function cancelExtras(deps: Deps, auth: AuthContext, provider: BillingProvider, item: Item, qty: number, chargeStripe: (tx: Db, team: Team) => Promise<void>) {
  requireAccess(auth, 'owner');
  const tooMany = item === 'mika' ? COMMERCE_MESSAGES.shopCancelTooManyMikas : COMMERCE_MESSAGES.shopCancelTooManyUsers;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const team = await loadTeamForUpdate(tx, auth.team.id);
    const booked = item === 'mika' ? team.amountExtraMikas : team.amountExtraUsers;
    const pending = (await pendingCancellations(tx, team.id)).find((p) => p.item === item)?.qty ?? 0;
    if (qty > booked - pending) throw new AppError('VALIDATION', tooMany, { fields: { qty: [tooMany] } });
    const end = provider.kind === 'invoice' ? await paidPeriodEnd(tx, team.id, item, now) : null;
    if (!end) {
      const changed = await changeTeamExtras(tx, team.id, item, -qty);
      if (!changed) throw new AppError('VALIDATION', tooMany, { fields: { qty: [tooMany] } });
      await insertBooking(tx, { teamId: team.id, item, detail: `-${qty}`, quantity: qty, effectiveAt: now, appliedAt: now });
      if (provider.kind === 'stripe') await chargeStripe(tx, changed);
      return;
    }
    await insertBooking(tx, { teamId: team.id, item, detail: `-${qty}`, quantity: qty, effectiveAt: end });
  });
  return { status: 'success' as const, message: item === 'mika' ? COMMERCE_MESSAGES.shopMikasReduced : COMMERCE_MESSAGES.shopUsersReduced };
}

/** The daily billing run: extras whose paid period has ended go (each cancellation applied once). */
export async function applyDueExtraCancellations(deps: Deps, now = new Date()): Promise<number> {
  const due = await dueUnappliedBookings(deps.db, now);
  let applied = 0;
  for (const booking of due) {
    await deps.db.transaction(async (tx) => {
      if (!(await claimBooking(tx, booking.id, now))) return;
      const team = await loadTeamForUpdate(tx, booking.teamId);
      const booked = booking.item === 'mika' ? team.amountExtraMikas : team.amountExtraUsers;
      // An operator may have removed some meanwhile: never below zero.
      const qty = Math.min(booking.quantity, booked);
      if (qty > 0) await changeTeamExtras(tx, team.id, booking.item as Item, -qty);
      applied++;
    });
  }
  return applied;
}
