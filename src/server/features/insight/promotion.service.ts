import { berlinDay } from '../../platform/berlin-time.ts';
import { INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import type { PromotionCode } from '../../../shared/schemas/insight.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import { auditFrom, recordAudit } from '../../platform/audit.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import type { AuthContext } from '../../platform/session.ts';
import { billingProvider } from '../billing/index.ts';
import {
  applyTeamDiscount,
  deactivatePromotionCode,
  findUsablePromotionCode,
  insertPromotionCode,
  listPromotionCodes,
} from './insight.repository.ts';
import { teamOr404 } from './insight.service.ts';

// Promotion codes (docs/operations.md). With Rechnung, superadmins keep the codes here and an
// applied code discounts the team's plan and extras invoices while it runs; with Stripe, the code
// is one of Stripe's promotion codes and goes onto the team's subscription.

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + months, d));
  // 31 January + 1 month ends on the last day of February, not in March.
  if (end.getUTCDate() !== d) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

type Row = Awaited<ReturnType<typeof listPromotionCodes>>[number];
const toCode = (r: Row): PromotionCode => ({
  id: r.id,
  code: r.code,
  percent_off: r.percentOff,
  amount_off_cents: r.amountOffCents,
  valid_until: r.validUntil,
  duration_months: r.durationMonths,
  redemptions: r.redemptions,
  active: r.active,
});

export async function listCodes(deps: Deps, auth: AuthContext): Promise<PromotionCode[]> {
  requireAccess(auth, 'superadmin');
  return (await listPromotionCodes(deps.db)).map(toCode);
}

export async function createCode(
  deps: Deps,
  auth: AuthContext,
  input: { code: string; percent_off: number | null; amount_off_cents: number | null; valid_until: string | null; duration_months: number | null },
) {
  requireAccess(auth, 'superadmin');
  const row = await insertPromotionCode(deps.db, {
    code: input.code.toUpperCase(),
    percentOff: input.percent_off,
    amountOffCents: input.amount_off_cents,
    validUntil: input.valid_until,
    durationMonths: input.duration_months,
    createdBy: auth.user.id,
  });
  if (!row) throw validationError('code', INSIGHT_MESSAGES.promotionCodeTaken);
  await recordAudit(deps.db, { action: 'promotion_code.created', actor: auth.user, detail: { ...toCode(row) } });
  return { status: 'success' as const, message: INSIGHT_MESSAGES.promotionCodeSaved, id: row.id };
}

export async function deactivateCode(deps: Deps, auth: AuthContext, id: number) {
  requireAccess(auth, 'superadmin');
  const row = await deactivatePromotionCode(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSIGHT_MESSAGES.promotionCodeUnknown);
  await recordAudit(deps.db, { action: 'promotion_code.deactivated', actor: auth.user, detail: { code: row.code } });
  return { status: 'success' as const, message: INSIGHT_MESSAGES.promotionCodeDeactivated };
}

/** POST /api/insight/applypromotioncode. */
export async function applyPromotion(deps: Deps, auth: AuthContext, teamUuid: string, code: string) {
  requireAccess(auth, 'superadmin');
  const team = await teamOr404(deps, teamUuid);
  if (team.deletedAt) throw new AppError('CONFLICT', INSIGHT_MESSAGES.teamAlreadyDeleted);
  const provider = billingProvider(deps);
  if (provider.kind === 'stripe' && provider.applyPromotionCode) {
    const result = await provider.applyPromotionCode(team, code);
    if (result === 'unknown') throw validationError('promotionCode', INSIGHT_MESSAGES.promotionCodeUnknown);
    if (result === 'no_subscription') throw new AppError('CONFLICT', INSIGHT_MESSAGES.promotionNoSubscription);
    await recordAudit(deps.db, { action: 'promotion.applied', ...auditFrom(auth), team, detail: { code, provider: 'stripe' } });
  } else {
    const today = berlinDay();
    const promotion = await findUsablePromotionCode(deps.db, code, today);
    if (!promotion) throw validationError('promotionCode', INSIGHT_MESSAGES.promotionCodeUnknown);
    const validUntil = promotion.durationMonths ? addMonths(today, promotion.durationMonths) : null;
    await deps.db.transaction(async (tx) => {
      await applyTeamDiscount(tx, team.id, promotion, validUntil);
      await recordAudit(tx, {
        action: 'promotion.applied',
        ...auditFrom(auth),
        team,
        detail: { code: promotion.code, percentOff: promotion.percentOff, amountOffCents: promotion.amountOffCents, validUntil, provider: 'invoice' },
      });
    });
  }
  return { status: 'success' as const, message: INSIGHT_MESSAGES.promotionApplied };
}
