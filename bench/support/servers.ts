import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The environment a bench that seeds through the API gives the server: sign-ups confirmed at once, fresh secrets,
 * and no rate limit on the many sign-ups and sign-ins it makes from one address.
 */
export function seedingEnv(jwtSecret: string): Record<string, string> {
  return {
    AUTH_AUTOCONFIRM: 'true',
    JWT_SECRET: jwtSecret,
    MASTER_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_TOKEN: '1000000',
    RATE_LIMIT_VERIFY: '1000000',
    RATE_LIMIT_EMAIL_SENT: '1000000',
  };
}

/** BENCH_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench's load. */
export function benchNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/**
 * The production build in its own process, on the embedded database in a fresh data dir. `main`: another build's
 * `main.js` (bench/compare-builds.ts); it must sit inside this checkout, where its npm dependencies resolve.
 */
export async function startProductServer(
  env: Record<string, string> = {},
  main = path.join(root, 'apps/server/dist/main.js'),
): Promise<Running & { dataDir: string; pid: number | undefined }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...benchNodeArgs(), main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${url}/api/v1/health`, child);
  return {
    url,
    dataDir,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify "hello" route in its own process: the ceiling our endpoints are compared with. */
export async function startBareFastify(): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.mjs'), String(port)], {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${url}/hello`, child);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

/** Builds the app when its sources changed, unless WEB_DIST_DIR points the server at another web build. */
export function buildUnlessWebDistGiven(): void {
  if (process.env.WEB_DIST_DIR) return;
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}
