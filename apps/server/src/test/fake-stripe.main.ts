import { startFakeStripe } from './fake-stripe.ts';

/**
 * The Stripe stand-in as its own process, for browser journeys: `tsx apps/server/src/test/fake-stripe.main.ts [port]` (or
 * FAKE_STRIPE_PORT). Reads FAKE_STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET; prints one JSON line
 * `{"url": …, "secretKey": …}` on stdout once listening, and is driven through POST /_control/<name>.
 */
const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 0);
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_test_sonhario';
const fake = await startFakeStripe({
  port,
  webhookSecret,
  ...(process.env.FAKE_STRIPE_WEBHOOK_URL ? { webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL } : {}),
});
process.stdout.write(`${JSON.stringify({ url: fake.url, secretKey: fake.secretKey, webhookSecret })}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
