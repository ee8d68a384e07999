import type Stripe from 'stripe';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { grantCredits } from '../credits/index.ts';
import { claimStripeEvent, findOrderBySession, setOrderPaid } from './billing.repository.ts';
import { stripeClient } from './stripe-provider.ts';

/** Signatures older than this are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /api/stripe/webhook: verifies the signature over the raw body, then applies the event
 * exactly once — the event id is inserted into stripe_events in the same transaction as its effect,
 * so a redelivery (or a concurrent duplicate) changes nothing.
 */
export async function handleStripeWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
  const cfg = deps.config.billing.stripe;
  if (!cfg?.webhookSecret) throw new AppError('NOT_FOUND', COMMON_MESSAGES.notFound);
  const stripe = stripeClient(cfg);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', cfg.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('BAD_REQUEST', COMMON_MESSAGES.stripeSignatureInvalid);
  }
  await deps.db.transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, event.id, event.type))) return;
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const session = event.data.object;
      if (session.mode !== 'payment' || session.payment_status !== 'paid') return;
      const order = await findOrderBySession(tx, session.id);
      if (!order) return;
      const invoiceId = typeof session.invoice === 'string' ? session.invoice : (session.invoice?.id ?? null);
      const paid = await setOrderPaid(tx, order.id, null, invoiceId);
      if (paid) await grantCredits(tx, { teamId: order.teamId, kind: 'topup', credits: order.credits, reference: `order:${order.id}` });
    }
  });
  return { received: true };
}
