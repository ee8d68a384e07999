import { requireAccess } from '../../platform/access.ts';
import { EXTRA_MIKA_CREDITS, EXTRA_PRICES_CENTS, PAID_PLANS, PLAN_LIMITS, PLAN_PRICES_CENTS, CREDIT_PRICE_CENTS_PER_100, VAT_PERCENT, type PlanSlug } from '../../../shared/constants.ts';
import { vatCaseFor } from '../../../shared/vat.ts';
import { sha256 } from '../../platform/crypto.ts';
import { COMMON_MESSAGES, COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import type { BillingAddressRow, Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { grantCredits, grantMonthlyAllowance } from '../credits/index.ts';
import { applyTeamPlan, changeTeamExtras, getTeamLimits, loadTeamForUpdate } from '../teams/index.ts';
import {
  findAddress,
  findTeamInvoice,
  insertBooking,
  linkBookingInvoice,
  listTeamInvoices,
  listTeamOrders,
  upsertAddress,
} from './billing.repository.ts';
import { invoiceTotals } from './invoice-document.ts';
import { INVOICE_FOLDER, invoiceFileName } from './invoice-files.ts';
import { cancelExtras as cancelPaidExtras, monthAfter, pendingCancellations } from './extras.service.ts';
import { BILLING_PAGE, invoiceProvider } from './invoice-provider.ts';
import type { BillingProvider } from './provider.ts';
import { stripeProvider } from './stripe-provider.ts';

const providers = new WeakMap<Deps, BillingProvider>();
/** The configured provider: Stripe when STRIPE_SECRET_KEY is set, otherwise Rechnung. */
export function billingProvider(deps: Deps): BillingProvider {
  let p = providers.get(deps);
  if (!p) {
    p = deps.config.billing.stripe ? stripeProvider(deps, deps.config.billing.stripe) : invoiceProvider(deps);
    providers.set(deps, p);
  }
  return p;
}

export const toAddress = (row: BillingAddressRow): BillingAddress => ({
  company: row.company,
  street: row.street,
  postcode: row.postcode,
  city: row.city,
  country: row.country,
  vat_id: row.vatId,
  invoice_email: row.invoiceEmail,
  leitweg_id: row.leitwegId,
});

async function teamAddress(deps: Deps, teamId: number): Promise<BillingAddress | null> {
  const row = await findAddress(deps.db, teamId);
  return row ? toAddress(row) : null;
}

/** The billing fields of the current user's data (docs/product/credits-and-billing.md). */
export async function billingUserFields(deps: Deps, team: Team) {
  const provider = billingProvider(deps);
  const address = await teamAddress(deps, team.id);
  try {
    // Stripe: one portal session serves both links (each session is a Stripe call).
    const customerPortalLink = await provider.customerPortalLink(team);
    return {
      customerPortalLink,
      hasDefaultPaymentMethod: await provider.hasPaymentMethod(team, address),
      paymentMethodLink: provider.kind === 'stripe' ? customerPortalLink : await provider.paymentMethodLink(team),
    };
  } catch (err) {
    // The provider being unreachable must not break signing in: the links fall back to our page.
    deps.log.warn({ err }, 'billing provider unavailable');
    return { customerPortalLink: BILLING_PAGE, hasDefaultPaymentMethod: false, paymentMethodLink: BILLING_PAGE };
  }
}

export async function getBillingAddress(deps: Deps, auth: AuthContext) {
  requireAccess(auth, 'owner');
  return { address: await teamAddress(deps, auth.team.id), provider: billingProvider(deps).kind };
}

export async function saveBillingAddress(deps: Deps, auth: AuthContext, address: BillingAddress) {
  requireAccess(auth, 'owner');
  await upsertAddress(deps.db, auth.team.id, address);
  return { status: 'success' as const, message: COMMERCE_MESSAGES.billingAddressSaved };
}

export async function listInvoices(deps: Deps, auth: AuthContext) {
  requireAccess(auth, 'owner');
  const rows = await listTeamInvoices(deps.db, auth.team.id);
  return {
    invoices: rows.map((r) => ({
      id: r.uuid,
      number: r.number,
      created_at: r.createdAt.toISOString(),
      total_cents: r.totalCents,
      description: r.description,
      kind: r.kind,
      status: r.status,
      due_at: r.dueAt?.toISOString() ?? null,
      corrects: r.correctsNumber,
    })),
  };
}

const isPaidPlan = (slug: string) => PAID_PLANS.includes(slug as PlanSlug);

/** Why the team cannot buy extras now (German), or null. */
async function shopRefusal(deps: Deps, team: Team): Promise<string | null> {
  if (team.planSlug === 'trial') return COMMON_MESSAGES.shopTrial;
  if (!isPaidPlan(team.planSlug) && team.planSlug !== 'other') return COMMON_MESSAGES.shopNoPlan;
  const address = await teamAddress(deps, team.id);
  if (!(await billingProvider(deps).hasPaymentMethod(team, address))) return COMMON_MESSAGES.shopNoPaymentMethod;
  return null;
}

export async function getShop(deps: Deps, auth: AuthContext) {
  requireAccess(auth, 'member');
  const limits = getTeamLimits(auth.team);
  const error = await shopRefusal(deps, auth.team);
  const cancellations = await pendingCancellations(deps.db, auth.team.id);
  return { ...limits, ...(error ? { error } : {}), ...(cancellations.length ? { cancellations } : {}) };
}

/** Adds extra Mikas or users: team amounts, credits (15 per Mika at once) and the charge in one transaction. */
export async function addExtras(deps: Deps, auth: AuthContext, item: 'mika' | 'user', qty: number) {
  requireAccess(auth, 'owner');
  const refusal = await shopRefusal(deps, auth.team);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const address = (await teamAddress(deps, auth.team.id))!;
  const provider = billingProvider(deps);
  await deps.db.transaction(async (tx) => {
    const team = await changeTeamExtras(tx, auth.team.id, item, qty);
    if (!team) throw new AppError('CONFLICT', COMMON_MESSAGES.unknownError);
    const bookingId = await insertBooking(tx, { teamId: team.id, item, detail: `+${qty}`, quantity: qty });
    const now = new Date();
    const label = item === 'mika' ? `Zusätzlicher ${deps.config.productName}` : 'Zusätzlicher User';
    const invoiceId = await provider.charge(
      tx,
      team,
      address,
      {
        description: `${qty} × ${label}`,
        lines: [{ description: `${label} (monatlich)`, quantity: qty, unitCents: EXTRA_PRICES_CENTS[item] }],
        periodStart: now,
        periodEnd: monthAfter(now, 1),
      },
      { kind: 'extras', item, total: item === 'mika' ? team.amountExtraMikas : team.amountExtraUsers },
    );
    if (invoiceId) await linkBookingInvoice(tx, bookingId, invoiceId);
    if (item === 'mika') {
      await grantCredits(tx, { teamId: team.id, kind: 'extra_allowance', credits: qty * EXTRA_MIKA_CREDITS, reference: `shop:${bookingId}` });
    }
  });
  return { status: 'success' as const, message: item === 'mika' ? COMMERCE_MESSAGES.shopMikasAdded : COMMERCE_MESSAGES.shopUsersAdded };
}

/** Cancels booked extras (extras.service.ts): they end with their paid period. */
export async function cancelExtras(deps: Deps, auth: AuthContext, item: 'mika' | 'user', qty: number) {
  requireAccess(auth, 'owner');
  const provider = billingProvider(deps);
  // Read before the transaction: the embedded database has one connection.
  const address = provider.kind === 'stripe' ? await teamAddress(deps, auth.team.id) : null;
  return cancelPaidExtras(deps, auth, provider, item, qty, async (tx, team) => {
    if (!address) return;
    await provider.charge(tx, team, address, { description: '', lines: [], periodStart: new Date(), periodEnd: new Date() }, {
      kind: 'extras',
      item,
      total: item === 'mika' ? team.amountExtraMikas : team.amountExtraUsers,
    });
  });
}

/**
 * Books a plan (docs/product/credits-and-billing.md): only with a payment method and no paid plan running. Sets slug,
 * period and amounts, ends the trial, grants the plan's monthly allowance and charges it.
 */
export async function bookPlan(deps: Deps, auth: AuthContext, slug: 'solo' | 'team' | 'agency', billingPeriod: 'monthly' | 'yearly') {
  requireAccess(auth, 'owner');
  const provider = billingProvider(deps);
  // The same order as the Buchen button's tooltips: a running plan first, then the payment method.
  if (isPaidPlan(auth.team.planSlug)) throw new AppError('FORBIDDEN', COMMERCE_MESSAGES.bookingPlanRunning);
  const address = await teamAddress(deps, auth.team.id);
  if (!address || !(await provider.hasPaymentMethod(auth.team, address))) throw new AppError('FORBIDDEN', COMMERCE_MESSAGES.bookingNoPaymentMethod);
  await deps.db.transaction(async (tx) => {
    const current = await loadTeamForUpdate(tx, auth.team.id);
    if (isPaidPlan(current.planSlug)) throw new AppError('FORBIDDEN', COMMERCE_MESSAGES.bookingPlanRunning);
    const limits = PLAN_LIMITS[slug];
    const team = await applyTeamPlan(tx, current.id, {
      slug,
      billingPeriod,
      amountMikas: limits.mikas,
      amountUsers: limits.users,
      amountPublicLicences: limits.publicLicences,
    });
    const bookingId = await insertBooking(tx, { teamId: team.id, item: 'plan', detail: `${slug}:${billingPeriod}` });
    const now = new Date();
    const title = `Tarif ${slug.charAt(0).toUpperCase()}${slug.slice(1)} (${billingPeriod === 'yearly' ? 'jährlich' : 'monatlich'})`;
    const invoiceId = await provider.charge(
      tx,
      team,
      address,
      {
        description: title,
        lines: [{ description: `${deps.config.productName} ${title}`, quantity: 1, unitCents: PLAN_PRICES_CENTS[slug][billingPeriod] }],
        periodStart: now,
        periodEnd: monthAfter(now, billingPeriod === 'yearly' ? 12 : 1),
      },
      { kind: 'plan', slug, billingPeriod },
    );
    if (invoiceId) await linkBookingInvoice(tx, bookingId, invoiceId);
    await grantMonthlyAllowance(tx, team, now);
  });
  return { status: 'success' as const, message: COMMERCE_MESSAGES.bookingSuccess };
}

export const customerPortal = (deps: Deps, auth: AuthContext) => billingProvider(deps).customerPortalLink(auth.team);

/** Price of a top-up in cents: 100 credits = CREDIT_PRICE_CENTS_PER_100 (whole cents for whole credits). */
export const topupPriceCents = (credits: number) => (credits * CREDIT_PRICE_CENTS_PER_100) / 100;

/** GET /api/checkout/preview: what the confirmation shows (net, VAT of the team's case, gross). */
export async function checkoutPreview(deps: Deps, auth: AuthContext, credits: number) {
  requireAccess(auth, 'admin');
  const address = await teamAddress(deps, auth.team.id);
  const provider = billingProvider(deps);
  // Stripe collects German VAT on its own prices; our invoices follow the buyer's VAT case.
  const vat = address && provider.kind === 'invoice' ? vatCaseFor(address, VAT_PERCENT) : { category: 'S' as const, percent: VAT_PERCENT };
  const totals = invoiceTotals([{ description: '', quantity: 1, unitCents: topupPriceCents(credits) }], vat.percent);
  return {
    amount: credits,
    net_cents: totals.netCents,
    vat_cents: totals.vatCents,
    total_cents: totals.totalCents,
    vat_percent: vat.percent,
    vat_category: vat.category,
    needs_address: !address,
    provider: provider.kind,
  };
}

/** POST /api/checkout: the purchase; answers where the browser goes next. */
export async function checkout(deps: Deps, auth: AuthContext, credits: number): Promise<{ url: string }> {
  requireAccess(auth, 'admin');
  const address = await teamAddress(deps, auth.team.id);
  if (!address) return { url: `${BILLING_PAGE}?next=checkout&amount=${credits}` };
  return { url: await billingProvider(deps).checkout(auth.team, address, credits, topupPriceCents(credits)) };
}

export async function listOrders(deps: Deps, auth: AuthContext) {
  requireAccess(auth, 'admin');
  const rows = await listTeamOrders(deps.db, auth.team.id);
  return rows.map(({ order, invoiceUuid }) => ({
    id: order.uuid,
    status: order.status,
    amount: order.credits,
    price_cents: order.priceCents,
    created_at: order.createdAt.toISOString(),
    stripe_invoice_id: invoiceUuid ?? order.stripeInvoiceId ?? null,
  }));
}

async function teamInvoice(deps: Deps, auth: AuthContext, id: string) {
  const invoice = /^[0-9a-f-]{36}$/i.test(id) ? await findTeamInvoice(deps.db, auth.team.id, id) : null;
  if (!invoice) throw new AppError('NOT_FOUND', COMMON_MESSAGES.notFound);
  return invoice;
}

export async function invoiceUrl(deps: Deps, auth: AuthContext, id: string) {
  requireAccess(auth, 'admin');
  const provider = billingProvider(deps);
  if (/^in_\w+$/.test(id) && provider.externalInvoiceUrl) {
    const url = await provider.externalInvoiceUrl(auth.team, id);
    if (!url) throw new AppError('NOT_FOUND', COMMON_MESSAGES.notFound);
    return { url };
  }
  return { url: await billingProvider(deps).invoiceUrl(await teamInvoice(deps, auth, id)) };
}

/** The stored bytes of an invoice or credit note, exactly as issued (checked against their SHA-256). */
export async function invoicePdfFile(deps: Deps, auth: AuthContext, id: string) {
  requireAccess(auth, 'admin');
  const invoice = await teamInvoice(deps, auth, id);
  if (!invoice.pdfFile || !invoice.pdfSha256) throw new AppError('CONFLICT', COMMERCE_MESSAGES.invoicePending, { headers: { 'Retry-After': '5' } });
  const pdf = await deps.privateFiles.read(INVOICE_FOLDER, invoice.pdfFile);
  if (!pdf || sha256(pdf) !== invoice.pdfSha256) {
    deps.log.error({ invoice: invoice.number }, 'stored invoice file missing or changed');
    throw new AppError('INTERNAL', COMMON_MESSAGES.unknownError);
  }
  return { filename: invoiceFileName(invoice), pdf };
}
