// Dream signs and co-occurrence at 10,000 dreams (issue 16, docs/decisions/031): one user's journal of BENCH_DREAMS
// realistic dreams (bench/support/dream-text.ts) loaded through POST /me/import, BENCH_ANALYSES of its newest dreams
// analysed by the builtin analyzer, on Oracle, against the built server on the embedded database. GET
// /patterns/signs interleaved with the authenticated floor GET /me: the ratio of their req/s (median of the rounds)
// in one run, and, one request at a time, the median latency of each.
//
//   npm run build -w @sonhario/server && npx tsx bench/signs.ts
//   (BENCH_DREAMS=10000, BENCH_ANALYSES=1000, BENCH_DURATION=3 s per run, BENCH_ROUNDS=3, BENCH_SEQUENTIAL=50)
import { randomBytes, randomUUID } from 'node:crypto';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator } from './support/dream-text.ts';
import { importGeneratedDreams, pool, signUp, timeFirstReadsAfterAWrite } from './support/dreams.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 50);

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({ ...seedingEnv(jwtSecret), AI_PROVIDER: 'builtin' });
const api = `${product.url}/api/v1`;
const load1 = loadAverage;
const commit = currentCommit();

async function seedJournal() {
  const user = await signUp(product.url, anonKey, 'signs', { consent_version: CONSENT_VERSION });
  const headers = { authorization: `Bearer ${user.token}` };
  await importGeneratedDreams(api, user.token, createDreamGenerator(20261124), DREAMS);
  const plan = await fetch(`${api}/admin/users/${user.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan: ${plan.status}`);
  // The newest dreams (the journal's first pages) are analysed, one analysis each.
  const ids: string[] = [];
  let cursor: string | null = null;
  while (ids.length < ANALYSES) {
    const page = await fetch(`${api}/dreams?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { headers });
    const body = (await page.json()) as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...body.items.map((d) => d.id));
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  await pool(Math.min(ANALYSES, ids.length), 4, async (i) => {
    const res = await fetch(`${api}/dreams/${ids[i]!}/analyses`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: '{}',
    });
    if (res.status !== 201) throw new Error(`analysis: ${res.status} ${await res.text()}`);
  });
  return user;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const byRate = (results: LoadResult[]) =>
  [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;

try {
  console.log(`commit ${commit}; load average at start ${load1()}`);
  const started = performance.now();
  const user = await seedJournal();
  console.log(
    `seeded ${DREAMS} dreams and ${ANALYSES} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load1()}`,
  );
  const headers = { authorization: `Bearer ${user.token}` };
  const signsUrl = `${api}/patterns/signs`;
  const first = await fetch(signsUrl, { headers });
  if (!first.ok) throw new Error(`signs: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as {
    dreamCount: number;
    analysedCount: number;
    signs: { kind: string; count: number; dreams: unknown[] }[];
    cooccurrence: { pairs: unknown[] };
  };
  const kinds = [...new Set(body.signs.map((s) => s.kind))].join(', ');
  console.log(
    `signs: ${body.dreamCount} dreams, ${body.analysedCount} analysed read; ${body.signs.length} signs (${kinds}), ` +
      `${body.signs.reduce((n, s) => n + s.dreams.length, 0)} dreams named; ${body.cooccurrence.pairs.length} pairs`,
  );

  await load('warmup', `${api}/me`, { duration: 1, headers });
  await load('warmup', signsUrl, { duration: 1, headers });
  const meRounds: LoadResult[] = [];
  const signRounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    meRounds.push(await load('GET /me', `${api}/me`, { duration: DURATION, headers }));
    signRounds.push(await load('GET /patterns/signs', signsUrl, { duration: DURATION, headers }));
  }
  const me = byRate(meRounds);
  const signs = byRate(signRounds);
  printTable([me, signs]);

  const timings = { me: [] as number[], signs: [] as number[] };
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    for (const [name, url] of [
      ['me', `${api}/me`],
      ['signs', signsUrl],
    ] as const) {
      const at = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      timings[name].push(performance.now() - at);
    }
  }
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const cold = await timeFirstReadsAfterAWrite(api, headers, signsUrl, Math.min(SEQUENTIAL, 20));
  console.log(`first read after a journal write (${cold.length}): signs median ${ms(median(cold))}`);
  console.log(
    `GET /patterns/signs at ${DREAMS} dreams and ${ANALYSES} analyses: ${(me.requestsPerSecond / signs.requestsPerSecond).toFixed(2)}× the cost of GET /me ` +
      `(req/s ${signs.requestsPerSecond.toFixed(0)} vs ${me.requestsPerSecond.toFixed(0)}); one at a time median ${ms(median(timings.signs))} ` +
      `vs ${ms(median(timings.me))}; ${ROUNDS} rounds of ${DURATION} s; load average at end ${load1()}`,
  );
  for (const r of [me, signs]) {
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
} finally {
  await product.stop();
}
