// The pages that must stay fast as a journal grows (issue 11): the dashboard overview, search (a common word, two
// words, a rare word), the analyses' stats and list, analysing a dream and recording one. The built server on the
// embedded database with the builtin provider and its reveal off. Two users in the same run: "small" with
// BENCH_SMALL dreams and BENCH_ANALYSES analyses, "large" with BENCH_LARGE dreams, so the growth of each page's cost
// (large / small) and its ratio to the authenticated floor (GET /api/v1/me) come from one process under one load.
// Journals are loaded through POST /me/import (realistic texts, bench/support/dream-text.ts). bench/scale.ts is the
// full 1k/10k/100k benchmark; this one is the quick before/after of decision 021.
// The server's CPU per analysis is read from /proc around the analyse run.
//
//   npm run build -w @sonhario/server && npx tsx bench/aggregates.ts
//   (BENCH_SMALL=1000, BENCH_LARGE=10000, BENCH_ANALYSES=1000, BENCH_DURATION=3 s per run, BENCH_ROUNDS=3 medians)
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator } from './support/dream-text.ts';
import { importGeneratedDreams, pool, signUp } from './support/dreams.ts';
import { load, printTable, type LoadResult } from './support/load.ts';
import { seedingEnv, startProductServer } from './support/servers.ts';

const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 10_000);
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A word no generated dream holds: every journal gets RARE_DREAMS dreams with it, spread over the years. */
const RARE_WORD = 'xilofone';
const RARE_DREAMS = 5;
const SEARCHES = { common: 'casa', two: 'mar voando', rare: RARE_WORD } as const;

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const product = await startProductServer({
  ...seedingEnv(jwtSecret),
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

/**
 * The CPU time so far of the server and every process under it (the embedded PostgreSQL's postmaster and backends),
 * in ms: user + system, plus what exited children used (cutime, cstime), from /proc; in clock ticks of 10 ms.
 */
function serverCpuMs(): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the command name: ppid is field 2, utime..cstime fields 12–15 (1-based, from the state field).
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // the process ended while reading
    }
  }
  let total = 0;
  for (const [pid, { ticks }] of stats) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.ppid) {
      if (at === product.pid) {
        total += ticks;
        break;
      }
    }
  }
  return total * 10;
}

const generator = createDreamGenerator(20261124);

/** A journal loaded through POST /me/import (realistic texts, bench/support/dream-text.ts), plus the rare dreams. */
async function seedJournal(label: string, dreams: number, consent?: Record<string, unknown>) {
  const user = await signUp(product.url, anonKey, label, consent);
  const ids: string[] = [];
  await importGeneratedDreams(api, user.token, generator, dreams, async (file) => {
    await retried(() => postOnce('/me/import', user.token, file, {}));
  });
  // The import gives dreams new ids: the first pages of the journal name some to analyse.
  let cursor: string | null = null;
  while (ids.length < Math.min(200, dreams)) {
    const page = await fetch(`${api}/dreams?limit=50${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const body = (await page.json()) as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...body.items.map((d) => d.id));
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
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
      `(${Math.round(LARGE / ((seededLarge - seededSmall) / 1000))} dreams/s through the import), ` +
      `${ANALYSES} analyses in ${seconds(seededLarge, performance.now())} s`,
  );

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const url = (path: string) => `${api}${path}`;
  const q = (words: string) => `/dreams?q=${encodeURIComponent(words)}`;
  const get = async (name: string, path: string, token: string) => {
    await load('warmup', url(path), { duration: 1, headers: auth(token) });
    return load(name, url(path), { duration: DURATION, headers: auth(token) });
  };

  /** Small and large journal alternately, ROUNDS times, and /me between them: medians, so a burst of load elsewhere
   *  on the machine does not land on one side only. */
  const median = (results: LoadResult[]): LoadResult =>
    [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
      Math.floor(results.length / 2)
    ] as LoadResult;
  const meRounds: LoadResult[] = [];
  const pair = async (name: string, path: string): Promise<[LoadResult, LoadResult]> => {
    const smalls: LoadResult[] = [];
    const larges: LoadResult[] = [];
    await load('warmup', url(path), { duration: 1, headers: auth(small.token) });
    await load('warmup', url(path), { duration: 1, headers: auth(large.token) });
    for (let round = 0; round < ROUNDS; round += 1) {
      smalls.push(await load(`${name} (${SMALL})`, url(path), { duration: DURATION, headers: auth(small.token) }));
      meRounds.push(await load('GET /me (floor)', url('/me'), { duration: DURATION, headers: auth(small.token) }));
      larges.push(await load(`${name} (${LARGE})`, url(path), { duration: DURATION, headers: auth(large.token) }));
    }
    return [median(smalls), median(larges)];
  };

  await load('warmup', url('/me'), { duration: 1, headers: auth(small.token) });
  const [overviewSmall, overviewLarge] = await pair('GET /me/overview', '/me/overview');
  const searches: [string, LoadResult, LoadResult][] = [];
  for (const [kind, words] of Object.entries(SEARCHES)) {
    searches.push([`search ${kind} "${words}"`, ...(await pair(`GET ${q(words)}`, q(words)))]);
  }
  const me = median(meRounds);
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
