import { billingRedirectSchema, billingStatusSchema, checkoutRequestSchema } from '@sonhario/contracts/billing';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { createMailer } from '../auth/auth.mailer.ts';
import type { BillingDeps } from './billing.deps.ts';
import { createCheckout, createPortal, getBillingStatus } from './billing.service.ts';
import { handleWebhook } from './billing.webhook.service.ts';
import { createBillingProvider } from './billing.stripe.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const emptyBody = z.strictObject({}).nullish();
const billingQuery = z.object({
  /** The Checkout Session the browser came back from (Stripe's `{CHECKOUT_SESSION_ID}`). */
  checkout: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Sessão de pagamento inválida')
    .optional(),
});

export async function billingRoutes(app: AppInstance) {
  const { config } = app.deps;
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);
  const security = [{ bearerAuth: [] }];
  // The same mailer as the auth e-mails (SMTP_URL, or DATA_DIR/outbox), for the payment-failed e-mail.
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const deps: BillingDeps = {
    provider: createBillingProvider(config),
    mailer,
    siteUrl: config.siteUrl,
    newAccountPlan: config.newAccountPlan,
  };

  app.get(
    '/billing',
    {
      schema: {
        tags: ['billing'],
        summary:
          "The plan page: whether plans can be bought here, the plan and this month's quota, the subscription, prices and trial; `checkout` (the session the browser came back from) records a completed checkout at once",
        security,
        querystring: billingQuery,
        response: { 200: billingStatusSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getBillingStatus(ctx(request), deps, { checkout: request.query.checkout })),
  );

  app.post(
    '/billing/checkout',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Start buying a plan: a Stripe Checkout Session (subscription mode, a 7-day trial on the account's first subscription); answers where the browser goes",
        security,
        body: checkoutRequestSchema,
        response: { 200: billingRedirectSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => createCheckout(ctx(request), deps, request.body.plan),
  );

  app.post(
    '/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Manage the subscription (cancel, switch plan, payment method): a Stripe Customer Portal session's URL",
        security,
        body: emptyBody,
        response: { 200: billingRedirectSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => createPortal(ctx(request), deps),
  );

  // The webhook needs the body exactly as Stripe signed it: JSON stays a raw Buffer, in this scope only.
  await app.register(async (hook: AppInstance) => {
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    hook.post(
      '/billing/webhook',
      {
        schema: {
          tags: ['billing'],
          summary:
            "Stripe's events (public; verified by the Stripe-Signature header on the raw body): each processed once, the subscription it names read back from Stripe",
          // A real one is `t=<seconds>,v1=<64 hex>` (about 80 characters; more with several secrets).
          headers: z.object({ 'stripe-signature': z.string().min(10).max(2000).optional() }),
          response: {
            200: z.object({ received: z.literal(true) }),
            400: apiErrorSchema,
            409: apiErrorSchema,
            502: apiErrorSchema,
          },
        },
      },
      async (request) =>
        handleWebhook(
          { db: app.deps.database.db, now: app.deps.now, log: request.log },
          deps,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers['stripe-signature'],
        ),
    );
  });
}
