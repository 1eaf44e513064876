// The journal under load: the built server on the embedded database (PGlite), one user with 10,000 dreams and 100
// others with a few each, all seeded through the API. Then authenticated autocannon runs on the first list page and
// on a two-word search, beside a bare Fastify route in the same run, so the ratios are what matters.
//
//   npm run build -w @sonhario/server && npx tsx bench/journal.ts
//   (BENCH_DREAMS=10000, BENCH_OTHER_USERS=100, BENCH_DURATION=8 s, BENCH_SEED_CONCURRENCY=8)
import { randomBytes } from 'node:crypto';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { between, createDream, pool, signUp } from './support/dreams.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startBareFastify, startProductServer } from './support/servers.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONCURRENCY = Number(process.env.BENCH_SEED_CONCURRENCY ?? 8);
const SEARCH = 'mar voando';
const TARGETS = { listP95: 25, searchP95: 50 };

// --- seeding through the API --------------------------------------------------------------------------------

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
});
const bare = await startBareFastify();

try {
  const started = performance.now();
  const { token } = await signUp(product.url, anonKey, 'heavy');
  await pool(DREAMS, CONCURRENCY, async () => {
    await createDream(product.url, token);
  });
  const seededMain = performance.now();
  await pool(OTHER_USERS, CONCURRENCY, async () => {
    const { token: other } = await signUp(product.url, anonKey, 'light');
    for (let i = between(1, 5); i > 0; i -= 1) await createDream(product.url, other);
  });
  const seedSeconds = (performance.now() - started) / 1000;
  console.log(
    `seeded ${DREAMS} dreams for one user in ${((seededMain - started) / 1000).toFixed(1)} s ` +
      `(${Math.round(DREAMS / ((seededMain - started) / 1000))} creates/s at concurrency ${CONCURRENCY}), ` +
      `and ${OTHER_USERS} other users; ${seedSeconds.toFixed(1)} s in all`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const listUrl = `${product.url}/api/v1/dreams`;
  const searchUrl = `${product.url}/api/v1/dreams?q=${encodeURIComponent(SEARCH)}`;
  const first = (await (await fetch(searchUrl, { headers })).json()) as { items: unknown[]; nextCursor: string | null };
  console.log(`search "${SEARCH}": ${first.items.length} on the first page${first.nextCursor ? ', more pages' : ''}`);

  // Warm-up: JIT, PGlite's caches, the key cache.
  await load('warmup', listUrl, { duration: 2, headers });
  await load('warmup', searchUrl, { duration: 2, headers });
  await load('warmup', `${product.url}/api/v1/me`, { duration: 2, headers });
  await load('warmup', `${bare.url}/hello`, { duration: 2 });

  const list = await load('GET /api/v1/dreams (first page, 10k dreams)', listUrl, { duration: DURATION, headers });
  const search = await load(`GET /api/v1/dreams?q=${SEARCH} (10k dreams)`, searchUrl, { duration: DURATION, headers });
  // The floor of any authenticated endpoint: token check, session lookup, one small query.
  const me = await load('GET /api/v1/me (authenticated floor)', `${product.url}/api/v1/me`, {
    duration: DURATION,
    headers,
  });
  const hello = await load('GET /hello (bare Fastify)', `${bare.url}/hello`, { duration: DURATION });
  printTable([list, search, me, hello]);
  const ratio = (r: LoadResult, base: LoadResult) => (r.requestsPerSecond / base.requestsPerSecond).toFixed(3);
  console.log(
    `ratio list / bare = ${ratio(list, hello)}; search / bare = ${ratio(search, hello)}; me / bare = ${ratio(me, hello)}`,
  );
  console.log(`ratio list / me = ${ratio(list, me)}; search / me = ${ratio(search, me)}`);
  const verdict = (name: string, p95: number, target: number) =>
    console.log(`${name}: p97.5 ${p95} ms (target p95 ≤ ${target} ms) ${p95 <= target ? 'OK' : 'MISSED'}`);
  verdict('first page', list.p95, TARGETS.listP95);
  verdict('search', search.p95, TARGETS.searchP95);
  for (const r of [list, search])
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
} finally {
  await product.stop();
  await bare.stop();
}
