// Similar dreams at 10,000 dreams (issue 16, docs/decisions/028): one user's journal of BENCH_DREAMS realistic dreams
// (bench/support/dream-text.ts) loaded through POST /me/import as bench/aggregates.ts does, on Oracle, against the
// built server on the embedded database. GET /dreams/:id/similar over BENCH_TARGETS dreams of the journal (spread
// over its pages), interleaved with the authenticated floor GET /me: the ratio of their req/s (median of the
// rounds) and, one request at a time, the median and p95 latency of each.
//
//   npm run build -w @sonhario/server && npx tsx bench/similar.ts
//   (BENCH_DREAMS=10000, BENCH_TARGETS=50, BENCH_DURATION=3 s per run, BENCH_ROUNDS=3, BENCH_SEQUENTIAL=200)
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator } from './support/dream-text.ts';
import { importGeneratedDreams, signUp } from './support/dreams.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';
import { median } from './support/stats.ts';

const DREAMS = Number(process.env.BENCH_DREAMS ?? 10_000);
const TARGETS = Number(process.env.BENCH_TARGETS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({ ...seedingEnv(jwtSecret), AI_PROVIDER: 'builtin' });
const api = `${product.url}/api/v1`;
const load1 = loadAverage;
const commit = currentCommit();

async function seedJournal() {
  const user = await signUp(product.url, anonKey, 'similar');
  const auth = { authorization: `Bearer ${user.token}` };
  await importGeneratedDreams(api, user.token, createDreamGenerator(20261124), DREAMS);
  const plan = await fetch(`${api}/admin/users/${user.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan: ${plan.status}`);
  // Targets spread over the journal: every (DREAMS / TARGETS)th dream of its pages.
  const ids: string[] = [];
  let cursor: string | null = null;
  const step = Math.max(1, Math.floor(DREAMS / TARGETS));
  let seen = 0;
  do {
    const page = await fetch(`${api}/dreams?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
    const body = (await page.json()) as { items: { id: string }[]; nextCursor: string | null };
    for (const item of body.items) if (seen++ % step === 0) ids.push(item.id);
    cursor = body.nextCursor;
  } while (cursor && ids.length < TARGETS);
  return { ...user, ids };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;

try {
  console.log(`commit ${commit}; load average at start ${load1()}`);
  const started = performance.now();
  const user = await seedJournal();
  console.log(`seeded ${DREAMS} dreams in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load1()}`);
  const headers = { authorization: `Bearer ${user.token}` };

  // What the answers hold, for the record.
  let items = 0;
  let words = 0;
  for (const id of user.ids) {
    const body = (await (await fetch(`${api}/dreams/${id}/similar`, { headers })).json()) as {
      items: { sharedWords: string[] }[];
    };
    items += body.items.length;
    words += body.items.reduce((sum, item) => sum + item.sharedWords.length, 0);
  }
  console.log(
    `${user.ids.length} targets: ${(items / user.ids.length).toFixed(1)} similar dreams each, ${(words / Math.max(1, items)).toFixed(1)} shared words per similar dream`,
  );

  let next = 0;
  const similarRequests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/dreams/${user.ids[next++ % user.ids.length]!}/similar`,
        headers,
      }),
    },
  ];
  await load('warmup', `${api}/me`, { duration: 1, headers });
  await load('warmup', `${api}/dreams`, { duration: 1, requests: similarRequests });
  const meRounds: LoadResult[] = [];
  const similarRounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    meRounds.push(await load('GET /me', `${api}/me`, { duration: DURATION, headers }));
    similarRounds.push(
      await load(`GET /dreams/:id/similar (${DREAMS})`, `${api}/dreams`, {
        duration: DURATION,
        requests: similarRequests,
      }),
    );
  }
  const byRate = (results: LoadResult[]) =>
    [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)]!;
  const me = byRate(meRounds);
  const similar = byRate(similarRounds);
  printTable([me, similar]);

  // One request at a time: the latency a dream page waits for.
  const timings = { me: [] as number[], similar: [] as number[] };
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    let at = performance.now();
    await (await fetch(`${api}/me`, { headers })).arrayBuffer();
    timings.me.push(performance.now() - at);
    at = performance.now();
    const res = await fetch(`${api}/dreams/${user.ids[i % user.ids.length]!}/similar`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`similar: ${res.status}`);
    timings.similar.push(performance.now() - at);
  }
  // After a write (a dream's mood changed): the first answer counts the rarity sample afresh.
  const cold: number[] = [];
  for (let i = 0; i < Math.min(SEQUENTIAL, 50); i += 1) {
    const edit = await fetch(`${api}/dreams/${user.ids[(i + 1) % user.ids.length]!}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mood: (i % 5) + 1 }),
    });
    if (!edit.ok) throw new Error(`edit: ${edit.status}`);
    const at = performance.now();
    const res = await fetch(`${api}/dreams/${user.ids[i % user.ids.length]!}/similar`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`similar: ${res.status}`);
    cold.push(performance.now() - at);
  }
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`right after a journal write (${cold.length}): similar median ${ms(median(cold))}, p95 ${ms(p95(cold))}`);
  console.log(
    `GET /dreams/:id/similar at ${DREAMS} dreams: ${(me.requestsPerSecond / similar.requestsPerSecond).toFixed(2)}× the cost of GET /me ` +
      `(req/s ${similar.requestsPerSecond.toFixed(0)} vs ${me.requestsPerSecond.toFixed(0)}, ${ROUNDS} rounds of ${DURATION} s, median)`,
  );
  console.log(
    `one at a time (${SEQUENTIAL}): similar median ${ms(median(timings.similar))}, p95 ${ms(p95(timings.similar))}; ` +
      `/me median ${ms(median(timings.me))}, p95 ${ms(p95(timings.me))}; load average at end ${load1()}`,
  );
  for (const r of [me, similar]) {
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
} finally {
  await product.stop();
}
