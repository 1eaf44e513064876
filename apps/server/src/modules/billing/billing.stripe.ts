import { BILLING_RULES, PAID_PLANS, type PaidPlanId } from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/**
 * The Stripe side of billing (docs/decisions/027): one SDK client made from the configuration, pointed at
 * STRIPE_API_URL when set (tests point it at the local stand-in, test/fake-stripe.ts), and the two monthly prices.
 */
export interface BillingProvider {
  stripe: Stripe;
  webhookSecret: string | null;
  /** The prices of the paid plans, read from Stripe (cached for a few minutes). */
  prices(): Promise<Record<PaidPlanId, Stripe.Price>>;
  /** The paid plan a price stands for, or null when it is none of ours. */
  planOfPrice(price: Pick<Stripe.Price, 'id' | 'lookup_key'>): Promise<PaidPlanId | null>;
}

const PRICE_CACHE_MS = 5 * 60_000;

/** The SDK client, or null when billing is off (no STRIPE_SECRET_KEY). */
export function createStripeClient(config: Config): Stripe | null {
  const key = config.env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const api = config.env.STRIPE_API_URL ? new URL(config.env.STRIPE_API_URL) : null;
  return new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          protocol: api.protocol === 'http:' ? 'http' : 'https',
          ...(api.port ? { port: Number(api.port) } : {}),
        }
      : {}),
  });
}

/** Stripe failed or could not be reached: the caller gets 502 and nothing is stored. */
export function providerFailed(error: unknown): AppError {
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError(502, 'billing_provider_failed', `O provedor de pagamentos não respondeu (${detail}).`);
}

export function createBillingProvider(config: Config): BillingProvider | null {
  const stripe = createStripeClient(config);
  if (!stripe) return null;
  const configured: Partial<Record<PaidPlanId, string>> = {
    ...(config.env.STRIPE_PRICE_LUCID ? { lucid: config.env.STRIPE_PRICE_LUCID } : {}),
    ...(config.env.STRIPE_PRICE_ORACLE ? { oracle: config.env.STRIPE_PRICE_ORACLE } : {}),
  };
  let cached: { at: number; prices: Promise<Record<PaidPlanId, Stripe.Price>> } | null = null;

  const load = async (): Promise<Record<PaidPlanId, Stripe.Price>> => {
    const missing = PAID_PLANS.filter((plan) => !configured[plan]);
    const byKey = missing.length
      ? await stripe.prices.list({
          lookup_keys: missing.map((plan) => BILLING_RULES.priceLookupKeys[plan]),
          active: true,
        })
      : { data: [] as Stripe.Price[] };
    const entries = await Promise.all(
      PAID_PLANS.map(async (plan): Promise<[PaidPlanId, Stripe.Price]> => {
        const id = configured[plan];
        const price = id
          ? await stripe.prices.retrieve(id)
          : byKey.data.find((p) => p.lookup_key === BILLING_RULES.priceLookupKeys[plan]);
        if (!price) throw new Error(`no price for ${plan} (run npm run admin -- billing-setup)`);
        return [plan, price];
      }),
    );
    return Object.fromEntries(entries) as Record<PaidPlanId, Stripe.Price>;
  };

  const prices = () => {
    if (!cached || Date.now() - cached.at > PRICE_CACHE_MS) {
      const promise = load();
      cached = { at: Date.now(), prices: promise };
      // A failed read is not kept: the next call asks Stripe again.
      promise.catch(() => {
        if (cached?.prices === promise) cached = null;
      });
    }
    return cached.prices;
  };

  return {
    stripe,
    webhookSecret: config.env.STRIPE_WEBHOOK_SECRET ?? null,
    prices,
    async planOfPrice(price) {
      for (const plan of PAID_PLANS) {
        if (configured[plan] === price.id || BILLING_RULES.priceLookupKeys[plan] === price.lookup_key) return plan;
      }
      const known = await prices().catch(() => null);
      return PAID_PLANS.find((plan) => known?.[plan].id === price.id) ?? null;
    },
  };
}

/**
 * `npm run admin -- billing-setup`: the product and the two monthly prices under their lookup keys, made once.
 * A second run finds them by lookup key and makes nothing. Returns each plan's price and whether it was created.
 */
export async function ensurePrices(
  stripe: Stripe,
  productName: string,
): Promise<Record<PaidPlanId, { id: string; amount: number; currency: string; isCreated: boolean }>> {
  const keys = PAID_PLANS.map((plan) => BILLING_RULES.priceLookupKeys[plan]);
  const found = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 10 });
  let productId = PAID_PLANS.map((plan) => found.data.find((p) => p.lookup_key === BILLING_RULES.priceLookupKeys[plan]))
    .map((p) => (typeof p?.product === 'string' ? p.product : p?.product.id))
    .find(Boolean);
  const result = {} as Record<PaidPlanId, { id: string; amount: number; currency: string; isCreated: boolean }>;
  for (const plan of PAID_PLANS) {
    const lookupKey = BILLING_RULES.priceLookupKeys[plan];
    const existing = found.data.find((p) => p.lookup_key === lookupKey);
    if (existing) {
      result[plan] = {
        id: existing.id,
        amount: existing.unit_amount ?? 0,
        currency: existing.currency,
        isCreated: false,
      };
      continue;
    }
    productId ??= (
      await stripe.products.create({ name: productName }, { idempotencyKey: `sonhario-product-${lookupKey}` })
    ).id;
    const { amount, currency } = BILLING_RULES.defaultPrices[plan];
    const price = await stripe.prices.create(
      {
        product: productId,
        currency,
        unit_amount: amount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        nickname: PLAN_NAMES[plan],
        metadata: { plan },
      },
      { idempotencyKey: `sonhario-price-${lookupKey}` },
    );
    result[plan] = { id: price.id, amount, currency, isCreated: true };
  }
  return result;
}
