import type { BillingStatus, PaidPlanId } from '@sonhario/contracts/billing';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { JOURNAL_TEST_ENV, api, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { PRODUCT_NAME } from '../../product.ts';
import { ensurePrices } from './billing.stripe.ts';

const WEBHOOK_SECRET = 'whsec_sonhario_billing_tests';
export const DAY = 86_400;

/**
 * The billing tests' world: the Stripe stand-in (prices made by the same code as `billing-setup`), and the app
 * listening on a real port with Stripe configured, its clock the stand-in's, the stand-in's webhooks pointed at it.
 */
export async function startBillingWorld(env: Record<string, string> = {}) {
  const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  const prices = await ensurePrices(fake.stripe, PRODUCT_NAME);
  const t = await createListeningTestApp(
    {
      ...JOURNAL_TEST_ENV,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      ...env,
    },
    undefined,
    { now: fake.nowDate },
  );
  fake.setWebhookUrl(`${t.url}/api/v1/billing/webhook`);
  return {
    t,
    fake,
    prices,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export type BillingWorld = Awaited<ReturnType<typeof startBillingWorld>>;

export async function billingStatus(t: TestApp, user: TestUser, query = ''): Promise<BillingStatus> {
  const res = await api(t, user).get(`/billing${query}`);
  if (res.statusCode !== 200) throw new Error(`GET /billing failed: ${res.statusCode} ${res.body}`);
  return res.json<BillingStatus>();
}

/** POST /billing/checkout; returns the session id the URL leads to. */
export async function startCheckout(t: TestApp, user: TestUser, plan: PaidPlanId): Promise<string> {
  const res = await api(t, user).post('/billing/checkout', { plan });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const id = new URL(res.json<{ url: string }>().url).pathname.split('/').at(-1);
  if (!id) throw new Error('checkout URL without a session');
  return id;
}

/** A new user who went through checkout for `plan` (the stand-in's hosted page completed); their subscription id. */
export async function subscribedUser(world: BillingWorld, plan: PaidPlanId, options: { paid?: boolean } = {}) {
  const user = await signUpUser(world.t, { isConsenting: true });
  const sessionId = await startCheckout(world.t, user, plan);
  const { subscriptionId } = await world.fake.completeCheckout(sessionId, options);
  return { user, sessionId, subscriptionId };
}
