// The pages that must stay fast as a journal grows (issue 11): the dashboard overview, search (a common word, two
// words, a rare word), the analyses' stats and list, analysing a dream and recording one. The built server on the
// embedded database (PGlite) with the builtin provider and its reveal off. Two users in the same run: "small" with
// BENCH_SMALL dreams and BENCH_ANALYSES analyses, "large" with BENCH_LARGE dreams, so the growth of each page's cost
// (large / small) and its ratio to the authenticated floor (GET /api/v1/me) come from one process under one load.
// The server's CPU per analysis is read from /proc around the analyse run.
//
//   npm run build -w @sonhario/server && npx tsx bench/aggregates.ts
//   (BENCH_SMALL=1000, BENCH_LARGE=10000, BENCH_ANALYSES=1000, BENCH_DURATION=5 s, BENCH_SEED_CONCURRENCY=8)
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDream, pool, signUp } from './support/dreams.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { startProductServer } from './support/servers.ts';

const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONCURRENCY = Number(process.env.BENCH_SEED_CONCURRENCY ?? 8);
/** A word no generated dream holds: every journal gets RARE_DREAMS dreams with it, spread over the years. */
const RARE_WORD = 'xilofone';
const RARE_DREAMS = 5;
const SEARCHES = { common: 'casa', two: 'mar voando', rare: RARE_WORD } as const;

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  AUTH_AUTOCONFIRM: 'true',
  JWT_SECRET: jwtSecret,
  MASTER_KEY: randomBytes(32).toString('base64'),
  RATE_LIMIT_TOKEN: '1000000',
  RATE_LIMIT_VERIFY: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
  AI_PROVIDER: 'builtin',
  AI_BUILTIN_REVEAL_MS: '0',
});
const api = `${product.url}/api/v1`;

/** Seeding on a busy machine: a connection reset (a kept-alive socket the server had just closed) is tried again. */
async function retried<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
    }
  }
}

async function post(path: string, token: string, body: unknown, extra: Record<string, string> = {}) {
  return retried(() => postOnce(path, token, body, extra));
}

async function postOnce(path: string, token: string, body: unknown, extra: Record<string, string>) {
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** The server process's CPU time so far, in ms (user + system, from /proc). */
function serverCpuMs(): number {
  const stat = readFileSync(`/proc/${product.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function seedJournal(label: string, dreams: number, consent?: Record<string, unknown>) {
  const user = await signUp(product.url, anonKey, label, consent);
  const ids: string[] = [];
  await pool(dreams, CONCURRENCY, async () => {
    ids.push((await retried(() => createDream(product.url, user.token))).id);
  });
  for (let i = 0; i < RARE_DREAMS; i += 1) {
    const dreamtOn = new Date(Date.now() - (30 + i * 200) * 86_400_000).toISOString().slice(0, 10);
    await post('/dreams', user.token, { content: `Tocava um ${RARE_WORD} no meio da rua.`, dreamtOn });
  }
  return { ...user, ids };
}

try {
  const started = performance.now();
  const consent = { consent_version: CONSENT_VERSION };
  const small = await seedJournal('small', SMALL, consent);
  const seededSmall = performance.now();
  const large = await seedJournal('large', LARGE);
  const seededLarge = performance.now();
  const plan = await fetch(`${api}/admin/users/${small.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan failed: ${plan.status}`);
  const analysed = small.ids.slice(0, 200);
  await pool(ANALYSES, 4, async (i) => {
    await post(
      `/dreams/${analysed[i % analysed.length]!}/analyses`,
      small.token,
      {},
      { 'idempotency-key': randomUUID() },
    );
  });
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `seeded ${SMALL} dreams in ${seconds(started, seededSmall)} s, ${LARGE} in ${seconds(seededSmall, seededLarge)} s ` +
      `(${Math.round(LARGE / ((seededLarge - seededSmall) / 1000))} creates/s at concurrency ${CONCURRENCY}), ` +
      `${ANALYSES} analyses in ${seconds(seededLarge, performance.now())} s`,
  );

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const url = (path: string) => `${api}${path}`;
  const q = (words: string) => `/dreams?q=${encodeURIComponent(words)}`;
  const get = async (name: string, path: string, token: string) => {
    await load('warmup', url(path), { duration: 1, headers: auth(token) });
    return load(name, url(path), { duration: DURATION, headers: auth(token) });
  };

  const me = await get('GET /me (floor)', '/me', small.token);
  const overviewSmall = await get(`GET /me/overview (${SMALL} dreams)`, '/me/overview', small.token);
  const overviewLarge = await get(`GET /me/overview (${LARGE} dreams)`, '/me/overview', large.token);
  const searches: [string, LoadResult, LoadResult][] = [];
  for (const [kind, words] of Object.entries(SEARCHES)) {
    searches.push([
      `search ${kind} "${words}"`,
      await get(`GET ${q(words)} (${SMALL})`, q(words), small.token),
      await get(`GET ${q(words)} (${LARGE})`, q(words), large.token),
    ]);
  }
  const stats = await get(`GET /analyses/stats (${ANALYSES} analyses)`, '/analyses/stats', small.token);
  const list = await get('GET /analyses (first page)', '/analyses', small.token);

  let next = 0;
  const analyseRequests: autocannon.Request[] = [
    {
      method: 'POST',
      body: '{}',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/dreams/${analysed[next++ % analysed.length]!}/analyses`,
        headers: { ...auth(small.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      }),
    },
  ];
  await load('warmup', url('/dreams'), { duration: 1, requests: analyseRequests });
  const cpuBefore = serverCpuMs();
  const analyse = await load('POST /dreams/:id/analyses (JSON)', url('/dreams'), {
    duration: DURATION,
    requests: analyseRequests,
  });
  const analyseCpu = (serverCpuMs() - cpuBefore) / (analyse.requestsPerSecond * DURATION);

  const createRequests: autocannon.Request[] = [
    {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        path: '/api/v1/dreams',
        headers: { ...auth(large.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          content: `Sonhei com ${randomBytes(4).toString('hex')} e uma casa no mar.`,
          tags: ['casa'],
        }),
      }),
    },
  ];
  const cpuBeforeCreate = serverCpuMs();
  const create = await load(`POST /dreams (${LARGE} dreams)`, url('/dreams'), {
    duration: DURATION,
    requests: createRequests,
  });
  const createCpu = (serverCpuMs() - cpuBeforeCreate) / (create.requestsPerSecond * DURATION);

  printTable([
    me,
    overviewSmall,
    overviewLarge,
    ...searches.flatMap(([, s, l]) => [s, l]),
    stats,
    list,
    analyse,
    create,
  ]);
  const toMe = (r: LoadResult) => (r.requestsPerSecond / me.requestsPerSecond).toFixed(3);
  const growth = (s: LoadResult, l: LoadResult) => (s.requestsPerSecond / l.requestsPerSecond).toFixed(2);
  console.log(`ratios to /me (req/s), and cost growth ${LARGE} / ${SMALL} dreams (req/s small / large):`);
  console.log(
    `  overview: ${toMe(overviewSmall)} / ${toMe(overviewLarge)}; growth ${growth(overviewSmall, overviewLarge)}`,
  );
  for (const [name, s, l] of searches) console.log(`  ${name}: ${toMe(s)} / ${toMe(l)}; growth ${growth(s, l)}`);
  console.log(`  analyses stats ${toMe(stats)}; analyses list ${toMe(list)}`);
  console.log(`  analyse ${toMe(analyse)} (server CPU ${analyseCpu.toFixed(1)} ms per request)`);
  console.log(`  create dream ${toMe(create)} (server CPU ${createCpu.toFixed(1)} ms per request)`);
  for (const r of [
    me,
    overviewSmall,
    overviewLarge,
    stats,
    list,
    analyse,
    create,
    ...searches.flatMap((s) => s.slice(1) as LoadResult[]),
  ]) {
    if (r.errors || r.non2xx) console.log(`warning: ${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
} finally {
  await product.stop();
}
