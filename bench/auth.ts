// Sign-in latency: POST /auth/v1/token?grant_type=password, sequential, over loopback, with argon2id at the
// production settings (19 MiB, 2 passes). Also times a bare argon2id verification in the same run, so the ratio
// shows how much of a sign-in is the deliberate cost of hashing and how much is everything else (HTTP, session
// rows, audit entry, JWT signing).
//
//   npx tsx bench/auth.ts            (BENCH_SIGNINS=200 by default)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 200);
const WARMUP = 10;
const PASSWORD = 'a sleepy dreamer password';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-bench-auth-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  AUTH_AUTOCONFIRM: 'true',
  // The per-IP limit (30 per 5 min) would stop the benchmark itself.
  RATE_LIMIT_TOKEN: '1000000',
  // Whatever the shell has set, the benchmark measures the production argon2 cost (the config default).
  AUTH_ARGON2_MEMORY_KIB: '',
});
const app = await buildApp(config);
try {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { anonKey } = getApiKeys(app.deps.secrets);
  const headers = { apikey: anonKey, 'content-type': 'application/json' };
  const email = 'bench@example.com';

  const signUp = await fetch(`${address}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);

  const signIn = async () => {
    const started = performance.now();
    const res = await fetch(`${address}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = (await res.json()) as { access_token?: string };
    const elapsed = performance.now() - started;
    if (!res.ok || !body.access_token) throw new Error(`sign-in failed: ${res.status}`);
    return elapsed;
  };

  for (let i = 0; i < WARMUP; i += 1) await signIn();
  const samples: number[] = [];
  for (let i = 0; i < SIGNINS; i += 1) samples.push(await signIn());
  const http = summarize(samples);

  // The same hash settings as the server (config defaults), verified directly, without HTTP or a database.
  const stored = await hash(PASSWORD, { memoryCost: config.env.AUTH_ARGON2_MEMORY_KIB, timeCost: 2, parallelism: 1 });
  const bare: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    await verify(stored, PASSWORD);
    bare.push(performance.now() - started);
  }
  const argon = summarize(bare);

  console.log(
    `argon2id: m=${config.env.AUTH_ARGON2_MEMORY_KIB} KiB, t=2, p=1; database: ${app.deps.database.kind}; ${SIGNINS} sequential sign-ins`,
  );
  console.table({
    'POST /auth/v1/token (password)': { median: ms(http.median), p95: ms(http.p95), mean: ms(http.mean) },
    'argon2id verify alone': { median: ms(argon.median), p95: ms(argon.p95), mean: ms(argon.mean) },
  });
  console.log(
    `sign-in median ${ms(http.median)}, p95 ${ms(http.p95)}; hashing is ${((argon.median / http.median) * 100).toFixed(0)}% of the median sign-in`,
  );
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
