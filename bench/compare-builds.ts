// Two builds of the server, side by side in one run: a change's before and after, measured under the same load.
// Each build runs in its own process on its own embedded database, with the same users and the same journal (one user
// with a journal, ten writers). Rounds alternate between the builds endpoint by endpoint, so the machine's load falls
// on both alike. Printed per build: req/s of each endpoint and its ratio to that build's GET /me; then after ÷ before.
//
//   npm run build -w @sonhario/server && mkdir -p tmp/builds && cp -r apps/server/dist tmp/builds/before
//   (make the change, build again)
//   npx tsx bench/compare-builds.ts --before tmp/builds/before/main.js      [--after apps/server/dist/main.js]
//
// Knobs: BENCH_DURATION (4 s a measurement), BENCH_ROUNDS (3), BENCH_DREAMS (the journal's size, 30).
// A build's main.js must sit inside this checkout (its npm dependencies resolve from here); tmp/ is not committed.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDream, pool, signUp } from './support/dreams.ts';
import { createDreamGenerator, toCreateDreamBody } from './support/dream-text.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';
import { median } from './support/stats.ts';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'apps/server/dist/main.js' },
  },
});
if (!args.before) throw new Error('--before <main.js of the build to compare with> is required');
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DREAMS = Number(process.env.BENCH_DREAMS ?? 30);
const WRITERS = 10;

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey } = getApiKeys({ jwtSecret });
const writer = createDreamGenerator(11);
const bodies = Array.from({ length: 500 }, () => JSON.stringify(toCreateDreamBody(writer.next())));

async function startBuild(label: string, main: string) {
  const server = await startProductServer(seedingEnv(jwtSecret), path.resolve(main));
  const reader = await signUp(server.url, anonKey, `reader-${label}`);
  await pool(DREAMS, 4, async () => {
    await createDream(server.url, reader.token);
  });
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, (_, i) => signUp(server.url, anonKey, `writer${i}-${label}`)),
  );
  return { label, server, reader, writers };
}

type Build = Awaited<ReturnType<typeof startBuild>>;

const endpoints = {
  'GET /me': (build: Build) => get(build, '/api/v1/me'),
  'GET /me/overview': (build: Build) => get(build, '/api/v1/me/overview'),
  'GET /dreams': (build: Build) => get(build, '/api/v1/dreams'),
  'GET /rewards': (build: Build) => get(build, '/api/v1/rewards'),
  'POST /dreams (10 users)': (build: Build) => post(build),
};

async function get(build: Build, url: string) {
  const result = await autocannon({
    url: build.server.url + url,
    duration: DURATION,
    connections: 10,
    headers: { authorization: `Bearer ${build.reader.token}` },
  });
  if (result.non2xx > 0) throw new Error(`${build.label} ${url}: ${result.non2xx} answers not 2xx`);
  return result.requests.average;
}

async function post(build: Build) {
  let next = 0;
  const result = await autocannon({
    url: `${build.server.url}/api/v1/dreams`,
    duration: DURATION,
    connections: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = next++;
          const token = build.writers[i % WRITERS]!.token;
          return {
            ...req,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: bodies[i % bodies.length],
          };
        },
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`${build.label} POST /dreams: ${result.non2xx} answers not 2xx`);
  return result.requests.average;
}

console.log(`load average at start ${loadAverage()}`);
const builds = [await startBuild('before', args.before), await startBuild('after', args.after)];
try {
  const samples = new Map<string, number[]>();
  const key = (build: Build, endpoint: string) => `${build.label} ${endpoint}`;
  // Warm-up: JIT, the pools' connections, the users' keys.
  for (const build of builds) for (const measure of Object.values(endpoints)) await measure(build);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [endpoint, measure] of Object.entries(endpoints)) {
      // Alternate which build goes first, so neither always follows the other's load.
      const order = round % 2 === 1 ? builds : [...builds].reverse();
      for (const build of order) {
        const list = samples.get(key(build, endpoint)) ?? [];
        list.push(await measure(build));
        samples.set(key(build, endpoint), list);
      }
    }
    console.log(`round ${round} done, load ${loadAverage()}`);
  }
  const rps = (build: Build, endpoint: string) => median(samples.get(key(build, endpoint))!);
  const [before, after] = builds as [Build, Build];
  console.table(
    Object.keys(endpoints).map((endpoint) => ({
      endpoint,
      'before req/s': Math.round(rps(before, endpoint)),
      'before ÷ /me': (rps(before, endpoint) / rps(before, 'GET /me')).toFixed(3),
      'after req/s': Math.round(rps(after, endpoint)),
      'after ÷ /me': (rps(after, endpoint) / rps(after, 'GET /me')).toFixed(3),
      'after ÷ before': (rps(after, endpoint) / rps(before, endpoint)).toFixed(2),
    })),
  );
  console.log(`before ${args.before}, after ${args.after}; commit ${currentCommit()}; load average ${loadAverage()}`);
} finally {
  for (const build of builds) await build.server.stop();
}
