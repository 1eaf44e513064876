// The Stripe webhook: verified, recorded once by event id, and the subscription it names read again from Stripe.

import Stripe from 'stripe';
import { withTransaction } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps, Ctx } from './billing.deps.ts';
import { insertEvent } from './billing.repository.ts';
import { providerFailed } from './billing.stripe.ts';
import { recordInvoice, syncSubscription } from './billing.sync.service.ts';

const invalidSignature = () =>
  new AppError(400, 'webhook_signature_invalid', 'Assinatura do webhook ausente, inválida ou antiga demais.');

/** How far a webhook signature's time may be from ours, either way (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether a verified Stripe-Signature's `t=` lies within the tolerance of the real clock (Stripe signs with it),
 * read as the SDK reads it (the last `t`, parseInt), so it is the time the verified signature covers. The SDK refuses
 * only a signature too old; one from the future (a signer's clock far ahead, or one made to be replayed later) is
 * refused here too.
 */
function isSignedNow(header: string): boolean {
  let signedAt = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value, 10);
  }
  return Number.isFinite(signedAt) && Math.abs(Math.floor(Date.now() / 1000) - signedAt) <= WEBHOOK_TOLERANCE_SECONDS;
}

/** Which subscription (and invoice) an event is about; null for events billing does not follow. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; invoiceId: string | null } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) =>
    typeof value === 'string' ? value : ((value as { id?: string } | null | undefined)?.id ?? null);
  if (event.type.startsWith('customer.subscription.')) return { subscriptionId: idOf(object.id), invoiceId: null };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    return { subscriptionId: idOf(object.subscription), invoiceId: null };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return { subscriptionId: null, invoiceId: idOf(object.id) };
  }
  return null;
}

/**
 * POST /billing/webhook: verified on the raw body (signed within 300 s of now, before or after), recorded by event id first (a
 * duplicate or replay does nothing), then the subscription it names is read again from Stripe. A failure to read
 * Stripe rolls the event's record back and answers 5xx, so Stripe retries it.
 */
export async function handleWebhook(
  ctx: Omit<Ctx, 'userId'>,
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const { provider } = deps;
  if (!provider?.webhookSecret) {
    // Nothing can be verified without the secret: every event is refused as unverifiable.
    ctx.log.warn('billing: a webhook arrived but STRIPE_WEBHOOK_SECRET (or STRIPE_SECRET_KEY) is not set');
    throw invalidSignature();
  }
  if (!signature) throw invalidSignature();
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(raw, signature, provider.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw invalidSignature();
  }
  if (!isSignedNow(signature)) throw invalidSignature();
  const subject = subjectOf(event);
  try {
    await withTransaction(ctx, async (tx) => {
      if (!(await insertEvent(tx.db, { id: event.id, type: event.type, receivedAt: tx.now() }))) return;
      if (!subject) return;
      let subscriptionId = subject.subscriptionId;
      if (subject.invoiceId) subscriptionId = await recordInvoice(tx, provider, subject.invoiceId);
      if (subscriptionId) await syncSubscription(tx, { ...deps, provider }, subscriptionId);
    });
  } catch (error) {
    throw error instanceof Stripe.errors.StripeError ? providerFailed(error) : error;
  }
  return { received: true };
}
