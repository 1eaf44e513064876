import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BILLING_RULES, PAID_PLANS } from '@sonhario/contracts/billing';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startFakeStripe } from '../../apps/server/src/test/fake-stripe.ts';
import { CHROMIUM_ARGS, journeyChromiumPath } from './chromium.ts';
import { E2E_WORKERS } from './workers.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One server the journeys run against (see `servers` below): what support/server.ts hands a journey. */
export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  /** The server's TEST_CLOCK_FILE: milliseconds added to its services' clock (support/clock.ts writes it). */
  clockFile: string;
  /** The local Stripe stand-in the server bills through (driven with POST /_control/<name>). */
  stripeUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per worker (E2E_WORKERS: support/workers.ts): when files run side by side, each runs on the server
     * of its worker (VITEST_POOL_ID), so a file that moves its server's clock or reads its outbox is alone on it.
     */
    servers: E2eServer[];
    wsEndpoint: string;
    /**
     * Why the setup could not start the server or Chromium (with the server's own output), or '' when it did. The
     * setup never throws: a throwing global setup would stop every project of the run (server, web, contracts) with
     * "No test files found"; instead each journey fails with this message (support/browser.ts).
     */
    setupError: string;
  }
}

/** How long a start may take: a cold start on a busy two-core machine (initdb of the embedded database) is slow. */
const START_TIMEOUT_MS = Number(process.env.E2E_SERVER_START_TIMEOUT_MS) || 5 * 60_000;
const PROGRESS_EVERY_MS = 15_000;

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

/** Stops the server as an operator would (SIGTERM: it closes and stops its database), SIGKILL after 20 s. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The end of the server's output, or a note that it said nothing. */
const tail = (output: string) =>
  output.trim() ? output.slice(-8000) : '(the server printed nothing; set LOG_LEVEL in E2E_SERVER_ENV for more)';

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  let nextProgress = started + PROGRESS_EVERY_MS;
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was healthy. Its output:\n${tail(output())}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() >= nextProgress) {
      nextProgress += PROGRESS_EVERY_MS;
      console.log(
        `e2e: waiting for the server at ${url} (${Math.round((Date.now() - started) / 1000)} s of at most ${START_TIMEOUT_MS / 1000} s)`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `the server did not become healthy in ${START_TIMEOUT_MS / 1000} s (E2E_SERVER_START_TIMEOUT_MS). Its output:\n${tail(output())}`,
  );
}

/**
 * Starts the production build E2E_WORKERS times, each on a free port with a fresh data dir, and one Chromium that
 * every journey connects to. Fails loudly (never skips) when Chromium or the build is missing, or a server does not
 * start: not by throwing (that would stop the other projects too) but by handing the reason to every journey, which
 * fails with it. Its temporary folders go on every exit: the teardown, a failed start, Ctrl-C or SIGTERM.
 */
export default async function setup(project: TestProject) {
  const provideFailure = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`e2e setup failed; every browser journey will fail with this:\n${message}`);
    project.provide('setupError', message);
    project.provide('servers', []);
    project.provide('wsEndpoint', '');
  };
  try {
    return await start(project);
  } catch (error) {
    provideFailure(error);
    return undefined;
  }
}

/** What the setup made and must take down on every exit. */
interface Leftovers {
  folders: string[];
  children: ChildProcess[];
}

async function start(project: TestProject) {
  const executablePath = journeyChromiumPath();
  for (const file of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(
        `${file} is missing: the browser journeys run against the production build. Run \`npm run build\` first (\`npm test\` does).`,
      );
    }
  }
  const leftovers: Leftovers = { folders: [], children: [] };
  // Whatever ends the run, nothing is left behind: synchronous, so it also works from 'exit' and signal handlers.
  // SIGTERM, not SIGKILL: the server then stops the embedded PostgreSQL it started (SIGKILL would leave it running).
  const cleanUpNow = () => {
    for (const child of leftovers.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
    for (const folder of leftovers.folders) rmSync(folder, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUpNow();
    // Ours was the only handler: end as the signal would have.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  process.once('exit', cleanUpNow);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const forgetHandlers = () => {
    process.removeListener('exit', cleanUpNow);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  };
  const started: RunningServer[] = [];
  const stopAll = () => Promise.all(started.map((server) => server.stop()));
  try {
    // Side by side: each start is mostly waiting (initdb, PostgreSQL's start, the migrations).
    const results = await Promise.allSettled(
      Array.from({ length: E2E_WORKERS }, () => startServer(leftovers).then((server) => started.push(server))),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const browser = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
    project.provide(
      'servers',
      started.map((server) => server.info),
    );
    project.provide('wsEndpoint', browser.wsEndpoint());
    project.provide('setupError', '');
    return async () => {
      try {
        await browser.close();
        await stopAll();
      } finally {
        cleanUpNow();
        forgetHandlers();
      }
    };
  } catch (error) {
    await stopAll();
    cleanUpNow();
    forgetHandlers();
    throw error;
  }
}

interface RunningServer {
  info: E2eServer;
  stop(): Promise<void>;
}

/** One production server on a free port with a fresh data dir, billing through its own Stripe stand-in. */
async function startServer(leftovers: Leftovers): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-e2e-'));
  leftovers.folders.push(dataDir);
  const clockDir = await mkdtemp(path.join(tmpdir(), 'sonhario-e2e-clock-'));
  leftovers.folders.push(clockDir);
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
  // More environment for the server, e.g. to see a failed start: E2E_SERVER_ENV='{"DATABASE_URL":"postgres://127.0.0.1:1/x"}'.
  const extraEnv = process.env.E2E_SERVER_ENV ? (JSON.parse(process.env.E2E_SERVER_ENV) as Record<string, string>) : {};
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
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  leftovers.children.push(server);
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    await stopServer(server);
    await stripe.close();
    if (process.env.E2E_SERVER_LOG) console.log(log);
  };
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { info: { baseUrl, dataDir, clockFile, stripeUrl: stripe.url }, stop };
}
