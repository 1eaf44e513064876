import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BILLING_RULES, PAID_PLANS } from '@sonhario/contracts/billing';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startFakeStripe } from '../../apps/server/src/test/fake-stripe.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
    dataDir: string;
    /** The server's TEST_CLOCK_FILE: milliseconds added to its services' clock (support/clock.ts writes it). */
    clockFile: string;
    /** The local Stripe stand-in the server bills through (driven with POST /_control/<name>). */
    stripeUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the production build on a free port with a fresh data dir, and one Chromium that every journey
 * connects to. Fails loudly (never skips) when Chromium or the build is missing.
 */
export default async function setup(project: TestProject) {
  const executablePath = chromiumPath();
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(
        `${file} is missing: the browser journeys run against the production build. Run \`npm run build\` first (\`npm test\` does).`,
      );
    }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-e2e-'));
  const clockDir = await mkdtemp(path.join(tmpdir(), 'sonhario-e2e-clock-'));
  const clockFile = path.join(clockDir, 'offset-ms');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Billing on (docs/decisions/027) through the local Stripe stand-in, with the prices `billing-setup` would make.
  const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const stripe = await startFakeStripe({
    webhookSecret: stripeWebhookSecret,
    webhookUrl: `${baseUrl}/api/v1/billing/webhook`,
  });
  const product = await stripe.stripe.products.create({ name: 'Sonhário' });
  for (const plan of PAID_PLANS) {
    const { amount, currency } = BILLING_RULES.defaultPrices[plan];
    await stripe.stripe.prices.create({
      product: product.id,
      currency,
      unit_amount: amount,
      recurring: { interval: 'month' },
      lookup_key: BILLING_RULES.priceLookupKeys[plan],
    });
  }
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      TEST_CLOCK_FILE: clockFile,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_API_URL: stripe.url,
      SUPPORT_EMAIL: 'suporte@sonhario.example',
      RATE_LIMIT_TOKEN: '1000',
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_EMAIL_SENT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));

  let browser: BrowserServer | undefined;
  try {
    await waitForHealth(baseUrl, server, () => log);
    browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    server.kill('SIGKILL');
    await stripe.close();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('clockFile', clockFile);
  project.provide('stripeUrl', stripe.url);

  return async () => {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await stripe.close();
    if (process.env.E2E_SERVER_LOG) console.log(log);
    await rm(dataDir, { recursive: true, force: true });
    await rm(clockDir, { recursive: true, force: true });
  };
}
