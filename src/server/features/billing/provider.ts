import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import type { Team } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';

/** What a plan booking or shop change asks the provider to charge. */
export interface Charge {
  description: string;
  lines: { description: string; quantity: number; unitCents: number }[];
  periodStart: Date;
  periodEnd: Date;
}

/**
 * One billing provider (docs/billing.md, decision 021): "invoice" (Rechnung, our own invoices,
 * default) or "stripe". The billing service owns the rules (who may book, limits, credits); the
 * provider only knows how money is collected and where the customer manages it.
 */
export interface BillingProvider {
  kind: 'invoice' | 'stripe';
  /** Whether the team has a payment method (Rechnung: a complete billing address). */
  hasPaymentMethod(team: Team, address: BillingAddress | null): Promise<boolean>;
  /** Where the owner enters a payment method. */
  paymentMethodLink(team: Team): Promise<string>;
  /** Where the owner sees invoices and manages billing. */
  customerPortalLink(team: Team): Promise<string>;
  /**
   * Charges a booked plan or shop extras inside the booking's transaction. Returns the local
   * invoice id (Rechnung) or null when the provider invoices itself (Stripe subscriptions).
   */
  charge(tx: Db, team: Team, address: BillingAddress, charge: Charge, change: PlanOrExtrasChange): Promise<number | null>;
  /**
   * Starts a credit top-up: Rechnung pays at once (order, credits and invoice in one transaction);
   * Stripe opens a Checkout session. Returns the URL the browser goes to next.
   */
  checkout(team: Team, address: BillingAddress, credits: number, priceCents: number): Promise<string>;
  /** The URL that opens an invoice (our PDF or Stripe's hosted invoice). */
  invoiceUrl(invoice: { uuid: string; stripeInvoiceId: string | null; hostedUrl: string | null }): Promise<string>;
  /**
   * Stripe only: applies one of Stripe's promotion codes to the team's running subscription
   * (Rechnung keeps its own codes: docs/operations.md).
   */
  applyPromotionCode?(team: Team, code: string): Promise<'applied' | 'unknown' | 'no_subscription'>;
  /** Stripe only: deletes the team's Stripe customer (team deletion, when asked). */
  deleteCustomer?(team: Team): Promise<void>;
  /** Stripe only: the hosted URL of one of the team's Stripe invoices (`in_…`), or null. */
  externalInvoiceUrl?(team: Team, id: string): Promise<string | null>;
}

export type PlanOrExtrasChange =
  | { kind: 'plan'; slug: 'solo' | 'team' | 'agency'; billingPeriod: 'monthly' | 'yearly' }
  | { kind: 'extras'; item: 'mika' | 'user'; total: number };
