import { PAID_PLANS, BILLING_RULES } from '@sonhario/contracts/billing';
import { loadConfig } from '../../config.ts';
import { PRODUCT_NAME } from '../../product.ts';
import { createStripeClient, ensurePrices } from './billing.stripe.ts';

export const BILLING_USAGE = `  billing-setup                 create in Stripe the product and the monthly Lucid and Oracle prices under their lookup
                                keys (${Object.values(BILLING_RULES.priceLookupKeys).join(', ')}); a second run finds them`;

/** `npm run admin -- billing-setup`: idempotent (found by lookup key), prints each plan's price id. */
export async function runBillingSetup(
  out: (line: string) => void,
  env: Record<string, string | undefined>,
): Promise<number> {
  const config = loadConfig(env);
  const stripe = createStripeClient(config);
  if (!stripe) {
    out('STRIPE_SECRET_KEY is not set: billing is off, nothing to set up');
    return 1;
  }
  try {
    const prices = await ensurePrices(stripe, PRODUCT_NAME);
    for (const plan of PAID_PLANS) {
      const { id, amount, currency, isCreated } = prices[plan];
      out(
        `${plan}: ${id} (${(amount / 100).toFixed(2)} ${currency.toUpperCase()}/month, ${BILLING_RULES.priceLookupKeys[plan]}) ${isCreated ? 'created' : 'already there'}`,
      );
    }
    out(
      'set STRIPE_PRICE_LUCID / STRIPE_PRICE_ORACLE to these ids, or leave them unset: the server finds them by lookup key',
    );
    return 0;
  } catch (error) {
    out(`Stripe refused or could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
