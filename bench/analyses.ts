// AI analysis under load: the built server on the embedded database (PGlite) with the builtin provider and its
// reveal delay off (AI_BUILTIN_REVEAL_MS=0), so what is measured is the server's own cost. One consenting user on
// the unlimited plan with 200 dreams and 1,000 stored analyses, and a few others, all seeded through the API.
// Then authenticated autocannon runs on analysing a dream (JSON mode), the first page of analyses, the stats (which
// open up to 1,000 sealed analyses) and the credit summary, beside GET /api/v1/health in the same run, so the
// ratios are what matters. The analyse run goes last: every request stores an analysis.
//
//   npm run bench:analyses      (builds the server, then runs this)
//   (BENCH_DREAMS=200, BENCH_ANALYSES=1000, BENCH_OTHER_USERS=5, BENCH_DURATION=10 s, BENCH_SEED_CONCURRENCY=4)
import { randomBytes, randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { between, createDream, pool, signUp } from './support/dreams.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 200);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000);
const OTHER_USERS = Number(process.env.BENCH_OTHER_USERS ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONCURRENCY = Number(process.env.BENCH_SEED_CONCURRENCY ?? 4);

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
  AI_PROVIDER: 'builtin',
  AI_BUILTIN_REVEAL_MS: '0',
});
const api = `${product.url}/api/v1`;

/** POST /dreams/:id/analyses the way the web app does (an empty body, a fresh Idempotency-Key), in JSON mode. */
async function analyse(token: string, dreamId: string) {
  const res = await fetch(`${api}/dreams/${dreamId}/analyses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: '{}',
  });
  if (res.status !== 201) throw new Error(`analyse failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

try {
  // --- seeding through the API ------------------------------------------------------------------------------
  const started = performance.now();
  const consent = { consent_version: CONSENT_VERSION };
  const { token, userId } = await signUp(product.url, anonKey, 'analyst', consent);
  const plan = await fetch(`${api}/admin/users/${userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan failed: ${plan.status} ${await plan.text()}`);

  const dreamIds: string[] = [];
  await pool(DREAMS, CONCURRENCY, async () => {
    dreamIds.push((await createDream(product.url, token)).id);
  });
  const seededDreams = performance.now();
  await pool(ANALYSES, CONCURRENCY, (i) => analyse(token, dreamIds[i % dreamIds.length]!));
  const seededAnalyses = performance.now();
  // A few others on the free plan, so the tables hold more than one user's rows.
  await pool(OTHER_USERS, CONCURRENCY, async () => {
    const other = await signUp(product.url, anonKey, 'other', consent);
    const ids: string[] = [];
    for (let i = between(3, 10); i > 0; i -= 1) ids.push((await createDream(product.url, other.token)).id);
    for (const id of ids.slice(0, between(1, 3))) await analyse(other.token, id);
  });
  const seconds = (from: number, to: number) => (to - from) / 1000;
  console.log(
    `seeded ${DREAMS} dreams in ${seconds(started, seededDreams).toFixed(1)} s and ${ANALYSES} analyses in ` +
      `${seconds(seededDreams, seededAnalyses).toFixed(1)} s (${Math.round(ANALYSES / seconds(seededDreams, seededAnalyses))} analyses/s ` +
      `at concurrency ${CONCURRENCY}), ${OTHER_USERS} other users; ${seconds(started, performance.now()).toFixed(1)} s in all`,
  );

  const headers = { authorization: `Bearer ${token}` };
  const credits = await getJson<{ quota: { plan: string; used: number }; nextCharge: string | null }>(
    '/credits',
    token,
  );
  const before = await getJson<{ total: number; symbols: unknown[] }>('/analyses/stats', token);
  console.log(
    `plan ${credits.quota.plan}, ${credits.quota.used} analyses used this month; stats: ${before.total} analyses, ${before.symbols.length} top symbols`,
  );

  const healthUrl = `${api}/health`;
  const listUrl = `${api}/analyses`;
  const statsUrl = `${api}/analyses/stats`;
  const creditsUrl = `${api}/credits`;
  let next = 0;
  const analyseRequests: autocannon.Request[] = [
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
      // Round the dreams, each request with a fresh key (a retried key would be a cheap replay, not an analysis).
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/dreams/${dreamIds[next++ % dreamIds.length]}/analyses`,
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      }),
    },
  ];

  // Warm-up: JIT, PGlite's caches, the key cache. The analyse warm-up waits until the reads are measured.
  for (const url of [healthUrl, listUrl, statsUrl, creditsUrl, `${api}/me`])
    await load('warmup', url, { duration: 2, headers });

  const health = await load('GET /api/v1/health (floor)', healthUrl, { duration: DURATION });
  const list = await load('GET /api/v1/analyses (first page)', listUrl, { duration: DURATION, headers });
  const stats = await load(`GET /api/v1/analyses/stats (${before.total} analyses)`, statsUrl, {
    duration: DURATION,
    headers,
  });
  const summary = await load('GET /api/v1/credits', creditsUrl, { duration: DURATION, headers });
  // The floor of any authenticated endpoint: token check, session lookup, one small query.
  const me = await load('GET /api/v1/me (authenticated floor)', `${api}/me`, { duration: DURATION, headers });
  await load('warmup', `${api}/dreams`, { duration: 2, requests: analyseRequests });
  const analysed = await load('POST /api/v1/dreams/:id/analyses (JSON)', `${api}/dreams`, {
    duration: DURATION,
    requests: analyseRequests,
  });

  const after = await getJson<{ total: number }>('/analyses/stats', token);
  printTable([analysed, list, stats, summary, me, health]);
  console.log(
    `${after.total - before.total} analyses stored during the analyse warm-up and run (${after.total} in all)`,
  );
  const ratio = (r: LoadResult, base: LoadResult) => (r.requestsPerSecond / base.requestsPerSecond).toFixed(3);
  for (const [name, base] of [
    ['health', health],
    ['me', me],
  ] as const) {
    console.log(
      `req/s ratio to ${name}: analyse ${ratio(analysed, base)}; list ${ratio(list, base)}; stats ${ratio(stats, base)}; credits ${ratio(summary, base)}` +
        (base === health ? `; me ${ratio(me, base)}` : ''),
    );
  }
  for (const r of [analysed, list, stats, summary, me, health]) {
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
} finally {
  await product.stop();
}
