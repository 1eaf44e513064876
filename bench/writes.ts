// Writing dreams: POST /api/v1/dreams as a ratio to authenticated GET /api/v1/me in the same run, on the built server
// (embedded database by default, BENCH_DATABASE_URL for a PostgreSQL server). Three shapes of load:
//   - one user, one connection (a person saving: the latency of one save),
//   - one user, 10 connections (what bench:scale measures: all writes queue on that user's aggregates row),
//   - 10 users, 10 connections (writes from many people at once: the server's write throughput).
// Interleaved rounds; the medians are printed with the load average, and each shape's ratio against its line
// (decision 050: the write ratios issue 11 keeps, as regression lines).
//
//   npm run bench:writes            (BENCH_DURATION=5 s, BENCH_ROUNDS=3)
//   npm run bench:writes -- --assert    exit 1 when a ratio is under its line
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { signUp } from './support/dreams.ts';
import { createDreamGenerator, toCreateDreamBody } from './support/dream-text.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { seedingEnv, startBareFastify, startProductServer } from './support/servers.ts';
import { median } from './support/stats.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const USERS = 10;
/** Decision 050: `POST /dreams` ÷ `GET /me` in the same run, per shape. */
const LINES: Record<string, number> = { oneUserTenConnections: 0.08, tenUsers: 0.11 };
const { values: args } = parseArgs({ options: { assert: { type: 'boolean', default: false } } });

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey } = getApiKeys({ jwtSecret });
const databaseUrl = process.env.BENCH_DATABASE_URL;
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const bare = await startBareFastify();

try {
  const users = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(product.url, anonKey, `writer${i}`)));
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const writer = createDreamGenerator(7);
  const bodies = Array.from({ length: 500 }, () => JSON.stringify(toCreateDreamBody(writer.next())));
  let next = 0;
  let failures = 0;
  const post = (tokens: string[]): autocannon.Request[] => [
    {
      method: 'POST',
      setupRequest: (req) => {
        const i = next++;
        return {
          ...req,
          headers: { ...auth(tokens[i % tokens.length]!), 'content-type': 'application/json' },
          body: bodies[i % bodies.length],
        };
      },
      onResponse: (status) => {
        if (status !== 201) failures += 1;
      },
    },
  ];
  const run = async (url: string, connections: number, requests?: autocannon.Request[], headers?: object) => {
    const result = await autocannon({ url, duration: DURATION, connections, requests, headers: headers as never });
    return { rps: result.requests.average, p50: (result.latency as unknown as Record<string, number>).p50 ?? 0 };
  };
  const main = users[0]!.token;
  const shapes = {
    me: () => run(`${product.url}/api/v1/me`, 10, undefined, auth(main)),
    bare: () => run(`${bare.url}/hello`, 10),
    oneUserOneConnection: () => run(`${product.url}/api/v1/dreams`, 1, post([main])),
    oneUserTenConnections: () => run(`${product.url}/api/v1/dreams`, 10, post([main])),
    tenUsers: () => run(`${product.url}/api/v1/dreams`, 10, post(users.map((u) => u.token))),
  };
  // Warm-up: JIT, the pool's connections, every user's keys.
  await shapes.me();
  await run(`${product.url}/api/v1/dreams`, 10, post(users.map((u) => u.token)));
  const samples: Record<string, { rps: number[]; p50: number[] }> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, shape] of Object.entries(shapes)) {
      const { rps, p50 } = await shape();
      (samples[name] ??= { rps: [], p50: [] }).rps.push(rps);
      samples[name].p50.push(p50);
    }
    console.log(`round ${round} done, load ${loadAverage()}`);
  }
  const me = median(samples.me!.rps);
  console.table(
    Object.entries(samples).map(([shape, s]) => ({
      shape,
      'req/s': Math.round(median(s.rps)),
      '÷ /me': (median(s.rps) / me).toFixed(3),
      'p50 (ms)': median(s.p50),
    })),
  );
  console.log(`non-201 answers to POST /dreams: ${failures}`);
  let isUnderALine = failures > 0;
  for (const [shape, line] of Object.entries(LINES)) {
    const ratio = median(samples[shape]!.rps) / me;
    isUnderALine ||= ratio < line;
    console.log(
      `${shape}: ${ratio.toFixed(3)} × /me, line ≥ ${line} (decision 050): ${ratio < line ? 'UNDER' : 'held'}`,
    );
  }
  if (args.assert && isUnderALine) process.exitCode = 1;
  console.log(`commit ${currentCommit()}, ${new Date().toISOString().slice(0, 16)} UTC; load average ${loadAverage()}`);
} finally {
  await product.stop();
  await bare.stop();
}
