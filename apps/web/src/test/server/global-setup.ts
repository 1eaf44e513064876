import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_RULES, PAID_PLANS } from '@sonhario/contracts/billing';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../../../server/src/db/client.ts';
import { getApiKeys } from '../../../../server/src/modules/auth/auth.tokens.ts';
import { grantCredits } from '../../../../server/src/modules/credits/credits.service.ts';
import { createMailer } from '../../../../server/src/modules/auth/auth.mailer.ts';
import { answerSupportMessage } from '../../../../server/src/modules/support/support.service.ts';
import {
  createTestApp,
  createTestDatabase,
  freePort,
  lastEmailTo,
  type TestApp,
} from '../../../../server/src/test/harness.ts';
import { startFakeGoogle } from '../../../../server/src/test/fake-google.ts';
import { startFakeStripe, type FakeStripe } from '../../../../server/src/test/fake-stripe.ts';
import { startFakeProvider } from './fake-provider.ts';
import type { ControlRequest } from './control-protocol.ts';

/**
 * The real server for the web component tests, started once for the whole `web` project: `buildApp` on a copy of the
 * run's migrated template database (the run's PostgreSQL: apps/server/src/test/test-cluster.ts, whose global setup
 * runs before this one), listening on a free loopback port. Two instances share
 * that database, as two replicas of one deployment do: the main one with the builtin analysis (revealed in a few
 * milliseconds) and sign-ups confirmed at once, and one whose AI provider is OpenAI-compatible, pointed at a local
 * server speaking that protocol (what docs/conventions.md asks for anything outside the product), and whose sign-ups wait
 * for the e-mail's link. Each test signs its own users up, so test files
 * share the server without seeing each other's data.
 *
 * Beside them, a small control server for what the product has no API for: a request made as of another instant
 * (the server's clock is `buildApp`'s `now` option, read per request), the operators' credit grant (the CLI's
 * service function), and the scripts of the local AI provider.
 */
export default async function setup(project: TestProject) {
  const clock = new AsyncLocalStorage<Date>();
  const provider = await startFakeProvider();
  // Billing (docs/decisions/027) on the generative instance only: the local Stripe stand-in (the server's own test
  // server, speaking Stripe's wire format, with hosted checkout and portal pages), prices under the lookup keys.
  const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = await startFakeStripe({ webhookSecret: stripeWebhookSecret });
  await seedStripePrices(stripe.stripe);
  // Google sign-in (a local OpenID Connect provider standing in for Google) on the generative instance only: the
  // login card shows the Google button there, and not on the main one, which has no Google client.
  const google = await startFakeGoogle();
  const database = await createTestDatabase();
  // Both instances sign and encrypt with the same keys, kept where both read them (the shared database).
  const shared = {
    AUTH_AUTOCONFIRM: 'true',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    MASTER_KEY: randomBytes(32).toString('base64'),
    KEYSTORE: 'database',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_TOKEN: '100000',
    RATE_LIMIT_VERIFY: '100000',
    RATE_LIMIT_EMAIL_SENT: '100000',
  };
  const main = await startInstance({ ...shared, AI_BUILTIN_REVEAL_MS: '20' }, database, clock);
  const generative = await startInstance(
    {
      ...shared,
      // Sign-ups here wait for the e-mail's link, as on a server without AUTH_AUTOCONFIRM.
      AUTH_AUTOCONFIRM: 'false',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `${provider.origin}/v1`,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'gpt-4o-mini',
      AI_TIMEOUT_MS: '3000',
      // Dictation on (the dream form's microphone shows); the recording itself is tested on the server.
      AI_TRANSCRIPTION_MODEL: 'whisper-1',
      PRIVACY_CONTACT_EMAIL: 'privacidade@sonhario.example',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_URL: stripe.url,
      GOOGLE_CLIENT_ID: 'sonhario-web-test-client',
      GOOGLE_CLIENT_SECRET: 'sonhario-web-test-secret',
      GOOGLE_ISSUER: google.issuer,
    },
    database,
    clock,
  );
  stripe.setWebhookUrl(`${generative.url}/api/v1/billing/webhook`);
  const { anonKey, serviceRoleKey } = getApiKeys(main.app.deps.secrets);
  const control = await startControlServer({ main, generative }, provider.control);

  project.provide('webTestServer', {
    url: main.url,
    generativeUrl: generative.url,
    controlUrl: control.url,
    stripeUrl: stripe.url,
    anonKey,
    serviceRoleKey,
  });

  return async () => {
    await control.close();
    await generative.close();
    await main.close();
    await database.close();
    await provider.close();
    await stripe.close();
    await google.close();
  };
}

/** What `npm run admin -- billing-setup` makes: one product, Lucid and Oracle monthly under their lookup keys. */
async function seedStripePrices(stripe: FakeStripe['stripe']) {
  const product = await stripe.products.create({ name: 'Sonhário' });
  for (const plan of PAID_PLANS) {
    const { amount, currency } = BILLING_RULES.defaultPrices[plan];
    await stripe.prices.create({
      product: product.id,
      currency,
      unit_amount: amount,
      lookup_key: BILLING_RULES.priceLookupKeys[plan],
      recurring: { interval: 'month' },
    });
  }
}

/** The header the control server sets on a request made as of another instant. */
const AS_OF_HEADER = 'x-test-as-of';

/**
 * One instance listening on a free port (SITE_URL its own address, as supabase-js and e-mail links need), whose clock
 * (`buildApp`'s `now`) reads the instant of a request the control server made as of another time.
 */
async function startInstance(env: Record<string, string>, database: Database, clock: AsyncLocalStorage<Date>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ SITE_URL: url, ...env }, database, { now: () => clock.getStore() ?? new Date() });
  // A root hook, added before the app is ready, runs for every route: the rest of the request runs in that clock.
  t.app.addHook('preHandler', (request, _reply, done) => {
    const at = request.headers[AS_OF_HEADER];
    if (typeof at === 'string') clock.run(new Date(at), done);
    else done();
  });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, url };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? null));
}

async function startControlServer(
  instances: { main: TestApp; generative: TestApp },
  providerControl: (path: string, body: unknown) => Promise<unknown>,
) {
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const body = await readJson(req);
    if (path === '/inject') {
      // A request to the real app, optionally as of another instant: everything it writes carries that time.
      const { at, instance, method, url, headers, payload } = body as ControlRequest;
      const answer = await instances[instance ?? 'main'].app.inject({
        method,
        url,
        headers: { ...headers, ...(at ? { [AS_OF_HEADER]: at } : {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      send(res, 200, { status: answer.statusCode, headers: answer.headers, body: answer.body });
      return;
    }
    if (path === '/grant-credits') {
      // What `npm run admin grant-credits` does; the product has no HTTP API for it.
      const { userId, amount, key, at } = body as { userId: string; amount: number; key: string; at?: string };
      const ctx = { db: instances.main.database.db, userId, now: () => (at ? new Date(at) : new Date()) };
      await grantCredits(ctx, { amount, key });
      send(res, 204, null);
      return;
    }
    if (path === '/answer-support') {
      // What `npm run admin -- support answer` does; the product has no HTTP API for it.
      const { messageId, answer } = body as { messageId: string; answer: string };
      const { app, config, database } = instances.main;
      const op = { db: database.db, keys: app.deps.keys, now: () => new Date(), log: app.log };
      const mailer = createMailer(config, app.log);
      send(res, 200, await answerSupportMessage(op, messageId, answer, { mailer, siteUrl: config.siteUrl }));
      return;
    }
    if (path === '/recovery-session') {
      // What a user holds after opening the password-recovery link: the e-mail's link, followed as a browser does.
      const { email, apikey } = body as { email: string; apikey: string };
      const t = instances.main;
      const recover = await t.app.inject({
        method: 'POST',
        url: `/auth/v1/recover?redirect_to=${encodeURIComponent(`${t.config.siteUrl}/redefinir-senha`)}`,
        headers: { apikey },
        payload: { email },
      });
      const link = (await lastEmailTo(t.dataDir, email))?.links.find((candidate) => candidate.includes('/verify'));
      if (recover.statusCode !== 200 || !link) throw new Error(`no recovery e-mail: ${recover.body}`);
      const opened = await t.app.inject({ method: 'GET', url: link.slice(t.config.siteUrl.length) });
      const fragment = new URLSearchParams(new URL(String(opened.headers.location)).hash.slice(1));
      const accessToken = fragment.get('access_token');
      const user = await t.app.inject({
        method: 'GET',
        url: '/auth/v1/user',
        headers: { apikey, authorization: `Bearer ${accessToken}` },
      });
      send(res, 200, {
        access_token: accessToken,
        refresh_token: fragment.get('refresh_token'),
        token_type: 'bearer',
        expires_in: Number(fragment.get('expires_in')),
        expires_at: Number(fragment.get('expires_at')),
        user: JSON.parse(user.body) as unknown,
      });
      return;
    }
    if (path === '/errors') {
      // The servers' error logs, for a test that meets an unexpected 500.
      const lines = [...instances.main.logs.lines, ...instances.generative.logs.lines];
      send(
        res,
        200,
        lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50),
      );
      return;
    }
    if (path.startsWith('/provider/')) {
      send(res, 200, await providerControl(path.slice('/provider'.length), body));
      return;
    }
    send(res, 404, { message: `no control ${path}` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  // Idle connections are closed by the client only: a server closing one after its 5 s could meet, on a loaded
  // machine, a test's next call already sent on it ('other side closed', a POST fetch does not retry).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
