// The 'Padrões' charts at 10,000 dreams (issue 16, docs/decisions/029): one user's journal of BENCH_DREAMS realistic
// dreams (bench/support/dream-text.ts, nights spread over years) loaded through POST /me/import as bench/scale.ts
// does, on Oracle, against the built server on the embedded database. GET /patterns/charts for each period,
// interleaved with the authenticated floor GET /me: the ratio of their req/s (median of the rounds) in one run,
// and, one request at a time, the median latency of each.
//
//   npm run build -w @sonhario/server && npx tsx bench/patterns.ts
//   (BENCH_DREAMS=10000, BENCH_DURATION=3 s per run, BENCH_ROUNDS=3, BENCH_SEQUENTIAL=50, BENCH_DATABASE_URL)
import { randomBytes } from 'node:crypto';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator } from './support/dream-text.ts';
import { importGeneratedDreams, signUp, timeFirstReadsAfterAWrite } from './support/dreams.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';
import { median } from './support/stats.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 50);
const PERIODS = ['30d', '3m', '12m', 'all'] as const;

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
// BENCH_DATABASE_URL: run on that PostgreSQL database (an empty one) instead of the embedded default.
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
  AI_PROVIDER: 'builtin',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const api = `${product.url}/api/v1`;
const load1 = loadAverage;
const commit = currentCommit();

async function seedJournal() {
  const user = await signUp(product.url, anonKey, 'patterns');
  await importGeneratedDreams(api, user.token, createDreamGenerator(20261124), DREAMS);
  const plan = await fetch(`${api}/admin/users/${user.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan: ${plan.status}`);
  return user;
}

const byRate = (results: LoadResult[]) =>
  [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;

try {
  console.log(`commit ${commit}; load average at start ${load1()}`);
  const started = performance.now();
  const user = await seedJournal();
  console.log(`seeded ${DREAMS} dreams in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load1()}`);
  const headers = { authorization: `Bearer ${user.token}` };
  const chartsUrl = (period: string) => `${api}/patterns/charts?period=${period}`;

  for (const period of PERIODS) {
    const res = await fetch(chartsUrl(period), { headers });
    if (!res.ok) throw new Error(`charts ${period}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { charts: { dreamCount: number; buckets: unknown[]; tags: unknown[] } };
    console.log(
      `period ${period}: ${body.charts.dreamCount} dreams in ${body.charts.buckets.length} buckets, ${body.charts.tags.length} tags`,
    );
  }

  await load('warmup', `${api}/me`, { duration: 1, headers });
  await load('warmup', chartsUrl('all'), { duration: 1, headers });
  const meRounds: LoadResult[] = [];
  const chartRounds = new Map<string, LoadResult[]>(PERIODS.map((period) => [period, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    meRounds.push(await load('GET /me', `${api}/me`, { duration: DURATION, headers }));
    for (const period of PERIODS) {
      chartRounds
        .get(period)!
        .push(await load(`GET /patterns/charts?period=${period}`, chartsUrl(period), { duration: DURATION, headers }));
    }
  }
  const me = byRate(meRounds);
  const charts = PERIODS.map((period) => byRate(chartRounds.get(period)!));
  printTable([me, ...charts]);

  // One request at a time: the latency the page waits for.
  const timings = new Map<string, number[]>([['me', []], ...PERIODS.map((p): [string, number[]] => [p, []])]);
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    for (const [name, url] of [['me', `${api}/me`], ...PERIODS.map((p) => [p, chartsUrl(p)])] as const) {
      const at = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      timings.get(name)!.push(performance.now() - at);
    }
  }
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  for (const period of PERIODS) {
    const cold = await timeFirstReadsAfterAWrite(api, headers, chartsUrl(period), Math.min(SEQUENTIAL, 20));
    console.log(`first read after a journal write (${cold.length}): charts ${period} median ${ms(median(cold))}`);
  }
  for (const [i, period] of PERIODS.entries()) {
    const result = charts[i]!;
    console.log(
      `GET /patterns/charts?period=${period} at ${DREAMS} dreams: ${(me.requestsPerSecond / result.requestsPerSecond).toFixed(2)}× the cost of GET /me ` +
        `(req/s ${result.requestsPerSecond.toFixed(0)} vs ${me.requestsPerSecond.toFixed(0)}); one at a time median ${ms(median(timings.get(period)!))}`,
    );
  }
  console.log(
    `GET /me one at a time median ${ms(median(timings.get('me')!))}; ${ROUNDS} rounds of ${DURATION} s; load average at end ${load1()}`,
  );
  for (const r of [me, ...charts]) {
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
} finally {
  await product.stop();
}
