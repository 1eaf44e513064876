// Can a stranger tell, by timing POST /auth/v1/token, whether an e-mail has an account? Interleaves, in one run,
// failed sign-ins for an unknown e-mail and for a known e-mail with a wrong password (argon2id at the production
// settings; the unknown path verifies against a dummy hash), and prints the medians, their difference and ratio.
//
//   npx tsx bench/signin-timing.ts            (BENCH_ROUNDS=150 by default)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
const PASSWORD = 'a sleepy dreamer password';

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-bench-timing-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  AUTH_AUTOCONFIRM: 'true',
  RATE_LIMIT_TOKEN: '1000000',
  AUTH_ARGON2_MEMORY_KIB: '',
});
const app = await buildApp(config);
try {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const headers = { apikey: getApiKeys(app.deps.secrets).anonKey, 'content-type': 'application/json' };
  const known = 'known@example.com';
  const signUp = await fetch(`${address}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: known, password: PASSWORD }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${String(signUp.status)}`);

  const attempt = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`${address}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'not the password' }),
    });
    await res.arrayBuffer();
    if (res.status !== 400) throw new Error(`expected 400 invalid_credentials, got ${String(res.status)}`);
    return performance.now() - started;
  };

  for (let i = 0; i < 10; i += 1) {
    await attempt(known);
    await attempt(`warm-${String(i)}@example.com`);
  }
  const unknownSamples: number[] = [];
  const knownSamples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    // Alternate which goes first, so drift in the machine's load falls on both alike.
    if (i % 2 === 0) {
      unknownSamples.push(await attempt(`nobody-${String(i)}@example.com`));
      knownSamples.push(await attempt(known));
    } else {
      knownSamples.push(await attempt(known));
      unknownSamples.push(await attempt(`nobody-${String(i)}@example.com`));
    }
  }
  const [unknownMedian, knownMedian] = [median(unknownSamples), median(knownSamples)];
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; argon2id m=${String(config.env.AUTH_ARGON2_MEMORY_KIB)} KiB; ${String(ROUNDS)} interleaved pairs`,
  );
  console.table({
    'unknown e-mail': { median: `${unknownMedian.toFixed(1)} ms` },
    'known e-mail, wrong password': { median: `${knownMedian.toFixed(1)} ms` },
  });
  console.log(
    `difference known − unknown: ${(knownMedian - unknownMedian).toFixed(1)} ms; ratio ${(knownMedian / unknownMedian).toFixed(3)}`,
  );
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
