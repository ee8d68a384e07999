import type { BillingPeriod } from '../../../shared/constants.ts';
import { PLAN_LIMITS } from '../../../shared/constants.ts';
import { PAID_PLAN_SLUGS, type PaidPlanSlug } from '../../../shared/schemas/commerce.ts';
import { OFFER_TEXTS } from './texts.ts';

export interface PlanFeature {
  label: string;
  available: boolean;
}

/** A plan card, fixed in the client (docs/product/plans.md: "Plan cards"). Prices in whole euros, net. */
export interface PlanCard {
  slug: PaidPlanSlug;
  title: string;
  text: string;
  price: Record<BillingPeriod, number>;
  limits: { mikas: number; users: number; credits: number };
  features: PlanFeature[];
}

/** docs/product/plans.md: common features, Team and Agency add roles, contact and publishing; Agency adds API. */
function features(slug: PaidPlanSlug): PlanFeature[] {
  const teamUp = slug !== 'solo';
  return [
    { label: OFFER_TEXTS.featurePrivacy, available: true },
    { label: OFFER_TEXTS.featureTraining, available: true },
    { label: OFFER_TEXTS.featureVoice, available: true },
    { label: OFFER_TEXTS.featureImages, available: true },
    { label: OFFER_TEXTS.featureRoles, available: teamUp },
    { label: OFFER_TEXTS.featureContact, available: teamUp },
    { label: OFFER_TEXTS.featurePublish, available: teamUp },
    { label: OFFER_TEXTS.featureApi, available: slug === 'agency' },
  ];
}

const card = (slug: PaidPlanSlug, title: string, text: string, monthly: number, yearly: number): PlanCard => ({
  slug,
  title,
  text,
  price: { monthly, yearly },
  limits: { mikas: PLAN_LIMITS[slug].mikas, users: PLAN_LIMITS[slug].users, credits: PLAN_LIMITS[slug].creditsPerMonth },
  features: features(slug),
});

/** docs/product/plans.md: plan table. */
export const PLANS: readonly PlanCard[] = [
  card('solo', OFFER_TEXTS.solo, OFFER_TEXTS.soloText, 279, 2790),
  card('team', OFFER_TEXTS.team, OFFER_TEXTS.teamText, 690, 6900),
  card('agency', OFFER_TEXTS.agency, OFFER_TEXTS.agencyText, 1290, 12900),
];

/** "2.790 €" — whole euros in German notation. */
export function formatEuro(euros: number): string {
  return `${euros.toLocaleString('de-DE')} €`;
}

export interface BookingUser {
  slug: string;
  billingPeriod: string;
  hasDefaultPaymentMethod: boolean;
}

export type BookingState =
  | { kind: 'booked' }
  | { kind: 'book'; disabled: boolean; tooltip: string };

export const isPaidPlan = (slug: string): boolean => (PAID_PLAN_SLUGS as readonly string[]).includes(slug);

/**
 * The action of a plan card (docs/product/plans.md): "Gebucht" on the current plan and period; otherwise
 * "Buchen", allowed only with a payment method and no paid plan running, each refusal with its
 * tooltip. The server enforces the same rules.
 */
export function bookingState(user: BookingUser, slug: PaidPlanSlug, period: BillingPeriod): BookingState {
  if (user.slug === slug && user.billingPeriod === period) return { kind: 'booked' };
  if (isPaidPlan(user.slug)) return { kind: 'book', disabled: true, tooltip: OFFER_TEXTS.tooltipPlanRunning };
  if (!user.hasDefaultPaymentMethod) return { kind: 'book', disabled: true, tooltip: OFFER_TEXTS.tooltipNoPaymentMethod };
  return { kind: 'book', disabled: false, tooltip: OFFER_TEXTS.tooltipBookable };
}

/** The toggle's preset: the user's period, monthly when it is anything else. */
export function presetPeriod(billingPeriod: string): BillingPeriod {
  return billingPeriod === 'yearly' ? 'yearly' : 'monthly';
}
