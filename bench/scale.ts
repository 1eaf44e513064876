// The journal at scale: one user with 1k, 10k and 100k realistic dreams (bench/support/dream-text.ts) plus
// background users, loaded through the real server (POST /api/v1/me/import, the account import), on the embedded
// database or on PostgreSQL. At each size: the data directory and the server's memory after loading, then the
// dashboard, three searches, the analysis stats, a builtin analysis and writing a dream, each as a ratio to the
// authenticated floor (GET /api/v1/me) and to a bare Fastify route measured in the same round (medians of
// interleaved rounds), so the machine's speed and load cancel out. It ends with one summary table.
//
//   npm run bench:scale                                  (builds the server; embedded engine; 1k, 10k, 100k)
//   npm run bench:scale -- --engine=postgres --sizes=1000,10000 [--database-url=postgres://postgres@127.0.0.1:5432/test]
//   BENCH_DURATION=5 s per run, BENCH_ROUNDS=3, BENCH_CONNECTIONS=10, BENCH_BACKGROUND_USERS=10,
//   BENCH_IMPORT_BATCH=2000 dreams per import request, BENCH_IMPORT_CONCURRENCY=2, BENCH_ANALYSES=1000,
//   BENCH_CPU_REQUESTS=200 (analyses per CPU reading; /me gets 10 times as many)
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator, describeLengths, toCreateDreamBody, type GeneratedDream } from './support/dream-text.ts';
import { pool, signUp } from './support/dreams.ts';
import { load, type LoadResult } from './support/load.ts';
import {
  cpuBetween,
  cpuSeconds,
  dirSize,
  loadAverage,
  memoryOf,
  processTree,
  type DirSize,
} from './support/processes.ts';
import { startScaleServer, type Engine, type ScaleServer } from './support/scale-server.ts';
import { seedingEnv, startBareFastify } from './support/servers.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
if (args.engine !== 'embedded' && args.engine !== 'postgres') throw new Error('--engine must be embedded or postgres');
const ENGINE: Engine = args.engine;
const SIZES = args.sizes
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (!SIZES.length || SIZES.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes: e.g. 1000,10000');

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DURATION = env('BENCH_DURATION', 5);
const ROUNDS = env('BENCH_ROUNDS', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const BACKGROUND_USERS = env('BENCH_BACKGROUND_USERS', 10);
const IMPORT_BATCH = env('BENCH_IMPORT_BATCH', 2_000);
const IMPORT_CONCURRENCY = env('BENCH_IMPORT_CONCURRENCY', 2);
const ANALYSES = env('BENCH_ANALYSES', 1_000);
const CPU_REQUESTS = env('BENCH_CPU_REQUESTS', 200);
const SEARCHES = { common: 'casa', twoWords: 'casa noite', rare: 'ornitorrinco' } as const;

// --- formatting -----------------------------------------------------------------------------------------------

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const git = (...command: string[]) => {
  try {
    return execFileSync('git', command, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};

// --- the servers ------------------------------------------------------------------------------------------------

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const startedAt = new Date();
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
console.log(
  `bench:scale — engine ${ENGINE}, sizes ${SIZES.join(', ')}; ${startedAt.toISOString()}, commit ${git('rev-parse', '--short', 'HEAD')}` +
    `${dirty ? ' (with uncommitted changes in the checkout)' : ''}; ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'}), ` +
    `${int(totalmem() / MB)} MB RAM, Node ${process.version}; load average ${await loadAverage()}`,
);
console.log(
  `runs of ${DURATION} s at ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds (medians); ratios are req/s of the endpoint ÷ req/s of the reference in the same round`,
);

const server: ScaleServer = await startScaleServer({
  engine: ENGINE,
  adminUrl: args['database-url'],
  env: {
    ...seedingEnv(jwtSecret),
    AI_PROVIDER: 'builtin',
    AI_BUILTIN_REVEAL_MS: '0',
  },
});
// In a process of its own: in this one it would share the event loop with autocannon and read slower than it is.
const bare = await startBareFastify();
const api = `${server.url}/api/v1`;
console.log(
  ENGINE === 'postgres'
    ? `server pid ${server.pid} on database ${server.databaseName} (${args['database-url'].replace(/\/[^/]*$/, '/…')})`
    : `server pid ${server.pid}, DATA_DIR ${server.dataDir}`,
);

async function request<T>(method: string, path: string, token: string, body?: string): Promise<T> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as T;
}

// --- loading through the import endpoint --------------------------------------------------------------------------

const generator = createDreamGenerator(20261124);

/** A generated dream as an entry of the export file (docs/export-format.md): what POST /me/import reads. */
function toExportDream(dream: GeneratedDream) {
  const { language: _language, ...fields } = dream;
  return {
    ...fields,
    id: generator.uuid(),
    title: dream.title ?? dream.content.slice(0, 60),
    isTitleDerived: dream.title === null,
    updatedAt: dream.recordedAt,
    version: 1,
    deletedAt: null,
    purgeAfter: null,
    analyses: [],
  };
}

/** Imports `count` fresh dreams into the user's journal, in files of IMPORT_BATCH, IMPORT_CONCURRENCY at a time. */
async function importDreams(token: string, template: Record<string, unknown>, count: number, progress?: string) {
  const started = performance.now();
  let imported = 0;
  let skipped = 0;
  let lastPrint = started;
  const batches = Math.ceil(count / IMPORT_BATCH);
  await pool(batches, IMPORT_CONCURRENCY, async (i) => {
    const size = Math.min(IMPORT_BATCH, count - i * IMPORT_BATCH);
    const dreams = Array.from({ length: size }, () => toExportDream(generator.next()));
    const file = { ...template, dreams, totals: { dreams: size, analyses: 0 } };
    const result = await request<{ imported: number; skipped: number }>(
      'POST',
      '/me/import',
      token,
      JSON.stringify(file),
    );
    imported += result.imported;
    skipped += result.skipped;
    if (progress && (performance.now() - lastPrint > 10_000 || imported + skipped === count)) {
      lastPrint = performance.now();
      const rate = imported / ((lastPrint - started) / 1000);
      console.log(
        `  ${progress}: ${int(imported)}/${int(count)} imported (${int(rate)} dreams/s, ${seconds(lastPrint - started)}, load ${await loadAverage()})`,
      );
    }
  });
  return { imported, skipped };
}

/** Prints the first few failures of a run (status and body) instead of only counting them. */
let failuresShown = 0;
function showFailure(status: number, body: string) {
  if (status < 300 || failuresShown >= 5) return;
  failuresShown += 1;
  console.log(`  failed request: ${status} ${body.slice(0, 300)}`);
}

// --- measuring --------------------------------------------------------------------------------------------------

/** The processes whose CPU and memory the server costs: its own tree, plus its backends on an external PostgreSQL. */
async function serverProcesses() {
  return [...(await processTree(server.pid)), ...(await server.databaseBackends())];
}

async function footprint() {
  const tree = await processTree(server.pid);
  const backends = await server.databaseBackends();
  return {
    tree: await memoryOf(tree),
    backends: backends.length ? await memoryOf(backends) : null,
    dataDir: await dirSize(server.dataDir),
    databaseSize: await server.databaseSize(),
  };
}
type Footprint = Awaited<ReturnType<typeof footprint>>;

/** CPU seconds per request of `amount` requests (at CONNECTIONS), for the server process and with its database. */
async function cpuPerRequest(
  url: string,
  amount: number,
  options: { headers?: Record<string, string>; requests?: autocannon.Request[] },
) {
  const beforeServer = await cpuSeconds([server.pid]);
  const before = await cpuSeconds(await serverProcesses());
  const started = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, amount, ...options });
  const elapsed = performance.now() - started;
  const after = await cpuSeconds(await serverProcesses());
  const afterServer = await cpuSeconds([server.pid]);
  const ok = result['2xx'];
  if (result.errors || result.non2xx)
    console.log(`  warning: ${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return {
    serverMs: (cpuBetween(beforeServer, afterServer) * 1000) / ok,
    totalMs: (cpuBetween(before, after) * 1000) / ok,
    requestsPerSecond: ok / (elapsed / 1000),
  };
}
type CpuCost = Awaited<ReturnType<typeof cpuPerRequest>>;

interface Endpoint {
  key: string;
  name: string;
  url: string;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
}

interface Measured {
  endpoint: Endpoint;
  runs: LoadResult[];
  /** Per round: req/s ÷ req/s of /me, and ÷ req/s of the bare route, in that round. */
  toMe: number[];
  toBare: number[];
}

/** ROUNDS rounds over the endpoints (the order rotated each round); each endpoint's ratios to /me and bare per round. */
async function rounds(endpoints: Endpoint[]): Promise<Map<string, Measured>> {
  const measured = new Map<string, Measured>(
    endpoints.map((e) => [e.key, { endpoint: e, runs: [], toMe: [], toBare: [] }]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = [...endpoints.slice(round % endpoints.length), ...endpoints.slice(0, round % endpoints.length)];
    const results = new Map<string, LoadResult>();
    for (const e of order) {
      const result = await load(e.name, e.url, {
        duration: DURATION,
        connections: CONNECTIONS,
        headers: e.headers,
        requests: e.requests,
      });
      if (result.errors || result.non2xx)
        console.log(`  warning: ${e.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      results.set(e.key, result);
    }
    const me = results.get('me')?.requestsPerSecond ?? NaN;
    const hello = results.get('bare')?.requestsPerSecond ?? NaN;
    for (const [key, result] of results) {
      const m = measured.get(key)!;
      m.runs.push(result);
      m.toMe.push(result.requestsPerSecond / me);
      m.toBare.push(result.requestsPerSecond / hello);
    }
  }
  return measured;
}

const summarize = (m: Measured) => ({
  rps: median(m.runs.map((r) => r.requestsPerSecond)),
  p50: median(m.runs.map((r) => r.p50)),
  p975: median(m.runs.map((r) => r.p95)),
  toMe: median(m.toMe),
  toBare: median(m.toBare),
});

interface SizeResult {
  size: number;
  dreams: number;
  allDreams: number;
  analyses: number;
  loadMs: number;
  loadRate: number;
  idle: Footprint;
  reads: Map<string, ReturnType<typeof summarize>>;
  searchHits: Record<keyof typeof SEARCHES, string>;
  cpuMe: CpuCost;
  cpuAnalysis: CpuCost;
  post: { toMe: number; toBare: number; rps: number; written: number; peak: DirSize; after: Footprint };
  loadBefore: string;
  loadAfter: string;
}

// --- the run ------------------------------------------------------------------------------------------------------

const results: SizeResult[] = [];
/** The footprint before any user: the per-1,000-dreams figures are net of it. */
let empty: Footprint | null = null;
const runStarted = performance.now();
try {
  const lengthSample = createDreamGenerator(7);
  const sample = Array.from({ length: 2_000 }, () => lengthSample.next());
  const lengths = describeLengths(sample);
  console.log(
    `dream lengths (2,000 generated): median ${lengths.median}, p90 ${lengths.p90}, p99 ${lengths.p99}, max ${lengths.max} characters; ` +
      `${Math.round((sample.filter((d) => d.language === 'pt-BR').length / sample.length) * 100)}% pt-BR`,
  );

  empty = await footprint();
  console.log(
    `empty (migrated, no user): data dir ${mb(empty.dataDir.total)} (WAL ${mb(empty.dataDir.wal)})` +
      (empty.databaseSize === null ? '' : `, database ${mb(empty.databaseSize)}`) +
      `; server tree PSS ${mb(empty.tree.pss)} (RSS ${mb(empty.tree.rss)})`,
  );
  const consent = { consent_version: CONSENT_VERSION };
  const main = await signUp(server.url, anonKey, 'scale', consent);
  const plan = await fetch(`${api}/admin/users/${main.userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  if (!plan.ok) throw new Error(`set plan failed: ${plan.status} ${await plan.text()}`);
  // The user's own (empty) export is the file the generated dreams are put into.
  const template = await request<Record<string, unknown>>('GET', '/me/export?format=json', main.token);

  const backgroundStarted = performance.now();
  let backgroundDreams = 0;
  await pool(BACKGROUND_USERS, IMPORT_CONCURRENCY, async (i) => {
    const user = await signUp(server.url, anonKey, `background${i}`, consent);
    const own = await request<Record<string, unknown>>('GET', '/me/export?format=json', user.token);
    backgroundDreams += (await importDreams(user.token, own, 200 + ((i * 37) % 201))).imported;
  });
  console.log(
    `${BACKGROUND_USERS} background users with ${int(backgroundDreams)} dreams in ${seconds(performance.now() - backgroundStarted)}`,
  );

  const me: Endpoint = {
    key: 'me',
    name: 'GET /api/v1/me',
    url: `${api}/me`,
    headers: { authorization: `Bearer ${main.token}` },
  };
  const headers = me.headers!;
  const searchUrl = (q: string) => `${api}/dreams?q=${encodeURIComponent(q)}`;
  const readEndpoints: Endpoint[] = [
    me,
    { key: 'overview', name: 'GET /api/v1/me/overview', url: `${api}/me/overview`, headers },
    { key: 'common', name: `GET /api/v1/dreams?q=${SEARCHES.common}`, url: searchUrl(SEARCHES.common), headers },
    { key: 'twoWords', name: `GET /api/v1/dreams?q=${SEARCHES.twoWords}`, url: searchUrl(SEARCHES.twoWords), headers },
    { key: 'rare', name: `GET /api/v1/dreams?q=${SEARCHES.rare}`, url: searchUrl(SEARCHES.rare), headers },
    { key: 'stats', name: 'GET /api/v1/analyses/stats', url: `${api}/analyses/stats`, headers },
    { key: 'health', name: 'GET /api/v1/health (no auth)', url: `${api}/health` },
    { key: 'bare', name: 'GET /hello (bare Fastify)', url: `${bare.url}/hello` },
  ];

  // Writing a dream: bodies from a generator of their own, so the loaded journal stays the same from run to run.
  const writer = createDreamGenerator(99);
  const postBodies = Array.from({ length: 1_000 }, () => JSON.stringify(toCreateDreamBody(writer.next())));
  let nextBody = 0;
  const postEndpoint: Endpoint = {
    key: 'post',
    name: 'POST /api/v1/dreams',
    url: `${api}/dreams`,
    requests: [
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: postBodies[nextBody++ % postBodies.length] }),
        onResponse: (status, body) => {
          if (status === 201) mainDreams += 1;
          else showFailure(status, body);
        },
      },
    ],
  };

  let mainDreams = 0;
  let dreamIds: string[] = [];
  let nextDream = 0;
  const analyseRequests: autocannon.Request[] = [
    {
      method: 'POST',
      body: '{}',
      // Round the dreams, each request with a fresh key (a repeated key would be a cheap replay, not an analysis).
      setupRequest: (req) => ({
        ...req,
        path: `/api/v1/dreams/${dreamIds[nextDream++ % dreamIds.length]}/analyses`,
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      }),
      onResponse: showFailure,
    },
  ];

  for (const size of SIZES) {
    const loadBefore = await loadAverage();
    console.log(`\n=== ${int(size)} dreams (${ENGINE}) — load average ${loadBefore}`);
    const loadStarted = performance.now();
    let loaded = 0;
    while (mainDreams < size) {
      const { imported } = await importDreams(main.token, template, size - mainDreams, `loading to ${int(size)}`);
      if (!imported) throw new Error('the import restored no dream');
      loaded += imported;
      mainDreams += imported;
    }
    const loadMs = performance.now() - loadStarted;
    console.log(`loaded ${int(loaded)} dreams in ${seconds(loadMs)} (${int(loaded / (loadMs / 1000))} dreams/s)`);

    if (!dreamIds.length) {
      // The first 200 dreams' ids (4 pages), then ANALYSES stored analyses over them: stats read them all.
      let cursor: string | null = null;
      do {
        const page: { items: { id: string }[]; nextCursor: string | null } = await request(
          'GET',
          `/dreams?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          main.token,
        );
        dreamIds.push(...page.items.map((d) => d.id));
        cursor = page.nextCursor;
      } while (cursor && dreamIds.length < 200);
      const analysesStarted = performance.now();
      await pool(ANALYSES, 8, async (i) => {
        const res = await fetch(`${api}/dreams/${dreamIds[i % dreamIds.length]}/analyses`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: '{}',
        });
        if (res.status !== 201) throw new Error(`analyse failed: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      });
      console.log(`stored ${int(ANALYSES)} builtin analyses in ${seconds(performance.now() - analysesStarted)}`);
      dreamIds = dreamIds.slice(0, 200);
    }

    // Idle after loading: let the database settle (checkpoints, autovacuum) before reading memory and disk.
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = await footprint();
    const overview = await request<{ dreamCount: number }>('GET', '/me/overview', main.token);
    if (overview.dreamCount !== mainDreams)
      console.log(`  warning: the overview counts ${int(overview.dreamCount)} dreams, ${int(mainDreams)} were stored`);
    const { total: analyses } = await request<{ total: number }>('GET', '/analyses/stats', main.token);
    const dreams = mainDreams;
    const allDreams = mainDreams + backgroundDreams;
    console.log(
      `idle: server tree PSS ${mb(idle.tree.pss)} (RSS ${mb(idle.tree.rss)}, ${idle.tree.processes} processes)` +
        (idle.backends ? `; its PostgreSQL backends PSS ${mb(idle.backends.pss)} (${idle.backends.processes})` : '') +
        `; data dir ${mb(idle.dataDir.total)} (WAL ${mb(idle.dataDir.wal)})` +
        (idle.databaseSize === null ? '' : `; database ${mb(idle.databaseSize)}`) +
        ` for ${int(allDreams)} dreams in all`,
    );

    const searchHits = {} as Record<keyof typeof SEARCHES, string>;
    for (const key of Object.keys(SEARCHES) as (keyof typeof SEARCHES)[]) {
      const page = await request<{ items: unknown[]; nextCursor: string | null }>(
        'GET',
        `/dreams?q=${encodeURIComponent(SEARCHES[key])}`,
        main.token,
      );
      searchHits[key] = `${page.items.length}${page.nextCursor ? '+' : ''}`;
    }

    for (const e of readEndpoints)
      await load('warmup', e.url, { duration: 2, connections: CONNECTIONS, headers: e.headers });
    const reads = await rounds(readEndpoints);
    const summaries = new Map([...reads].map(([key, m]) => [key, summarize(m)]));

    // CPU per request: /me, then builtin analyses (each stores one more analysis).
    await autocannon({ url: `${api}/dreams`, connections: CONNECTIONS, amount: 20, requests: analyseRequests });
    const cpuMe = await cpuPerRequest(me.url, CPU_REQUESTS * 10, { headers });
    const cpuAnalysis = await cpuPerRequest(`${api}/dreams`, CPU_REQUESTS, { requests: analyseRequests });

    // Writing: /me and POST /dreams interleaved, the data directory sampled while dreams are written.
    const beforeWrites = mainDreams;
    let peak: DirSize = { total: 0, wal: 0 };
    const sampler = setInterval(() => {
      void dirSize(server.dataDir).then((s) => {
        peak = { total: Math.max(s.total, peak.total), wal: Math.max(s.wal, peak.wal) };
      });
    }, 1_000);
    const writes = await rounds([me, postEndpoint, readEndpoints.at(-1)!]).finally(() => clearInterval(sampler));
    // Requests still in flight when a run ends are not counted above but may have been written: let them finish,
    // then ask the server.
    await new Promise((r) => setTimeout(r, 3_000));
    const { dreamCount: afterWrites } = await request<{ dreamCount: number }>('GET', '/me/overview', main.token);
    if (Math.abs(afterWrites - mainDreams) > CONNECTIONS * ROUNDS)
      console.log(`  warning: the overview counts ${int(afterWrites)} dreams, about ${int(mainDreams)} were stored`);
    else mainDreams = afterWrites;
    const written = mainDreams - beforeWrites;
    const after = await footprint();
    const post = summarize(writes.get('post')!);

    const result: SizeResult = {
      size,
      dreams,
      allDreams,
      analyses,
      loadMs,
      loadRate: loaded / (loadMs / 1000),
      idle,
      reads: summaries,
      searchHits,
      cpuMe,
      cpuAnalysis,
      post: { toMe: post.toMe, toBare: post.toBare, rps: post.rps, written, peak, after },
      loadBefore,
      loadAfter: await loadAverage(),
    };
    results.push(result);
    printSize(result);
  }
} finally {
  // Also after a failure at a larger size: the sizes measured so far.
  if (results.length) printSummary();
  console.log(`\nwhole run ${seconds(performance.now() - runStarted)}; load average at the end ${await loadAverage()}`);
  await server.stop();
  await bare.stop();
}

// --- printing ---------------------------------------------------------------------------------------------------

function printSize(r: SizeResult) {
  const first = results[0]!;
  console.log(`\n${int(r.dreams)} dreams (${int(r.analyses)} analyses) — medians of ${ROUNDS} rounds`);
  console.table(
    [...r.reads].map(([key, s]) => ({
      endpoint: readEndpointName(key),
      'req/s': Math.round(s.rps),
      'p50 ms': s.p50,
      'p97.5 ms': s.p975,
      '÷ /me': fixed(s.toMe, 3),
      '÷ bare': fixed(s.toBare, 3),
      'cost vs first size': fixed(first.reads.get(key)!.toMe / s.toMe),
    })),
  );
  console.log(
    `search first page hits: "${SEARCHES.common}" ${r.searchHits.common}, "${SEARCHES.twoWords}" ${r.searchHits.twoWords}, "${SEARCHES.rare}" ${r.searchHits.rare}`,
  );
  console.log(
    `POST /api/v1/dreams: ${int(r.post.rps)} req/s, ${fixed(r.post.toMe, 3)} × /me (${int(r.post.written)} dreams written); ` +
      `data dir while writing: peak ${mb(r.post.peak.total)}, WAL peak ${mb(r.post.peak.wal)}; after ${mb(r.post.after.dataDir.total)} (WAL ${mb(r.post.after.dataDir.wal)})`,
  );
  console.log(
    `CPU per request (${CONNECTIONS} connections): /me ${fixed(r.cpuMe.serverMs, 3)} ms server, ${fixed(r.cpuMe.totalMs, 3)} ms with the database; ` +
      `builtin analysis ${fixed(r.cpuAnalysis.serverMs)} ms server, ${fixed(r.cpuAnalysis.totalMs)} ms with the database ` +
      `(${fixed(r.cpuAnalysis.totalMs / r.cpuMe.totalMs, 1)} × /me; ${int(r.cpuAnalysis.requestsPerSecond)} analyses/s)`,
  );
  console.log(`load average ${r.loadBefore} before this size, ${r.loadAfter} after`);
}

function readEndpointName(key: string) {
  const names: Record<string, string> = {
    me: 'GET /me',
    overview: 'GET /me/overview',
    common: `search "${SEARCHES.common}"`,
    twoWords: `search "${SEARCHES.twoWords}"`,
    rare: `search "${SEARCHES.rare}"`,
    stats: 'GET /analyses/stats',
    health: 'GET /health (no auth)',
    bare: 'bare Fastify /hello',
  };
  return names[key] ?? key;
}

/** One markdown table, figures down and sizes across, to paste into bench/README.md. */
function printSummary() {
  const first = results[0]!;
  const read = (r: SizeResult, key: string) => r.reads.get(key)!;
  const perThousand = (bytes: number, emptyBytes: number, r: SizeResult) =>
    mb(((bytes - emptyBytes) / r.allDreams) * 1000);
  const rows: [string, (r: SizeResult) => string][] = [
    ['dreams: main user / all users', (r) => `${int(r.dreams)} / ${int(r.allDreams)}`],
    ['loading (import), time and rate', (r) => `${seconds(r.loadMs)}, ${int(r.loadRate)}/s`],
    ...(ENGINE === 'embedded'
      ? ([
          [
            'data dir per 1k dreams (all users, net of the empty one)',
            (r) => perThousand(r.idle.dataDir.total, empty?.dataDir.total ?? 0, r),
          ],
          [
            '… of which WAL / the rest',
            (r) => `${mb(r.idle.dataDir.wal)} / ${mb(r.idle.dataDir.total - r.idle.dataDir.wal)} in all`,
          ],
          [
            'data dir while writing: peak (WAL peak)',
            (r) => `${mb(r.post.peak.total)} (${mb(r.post.peak.wal)}) for ${int(r.post.written)} more dreams`,
          ],
        ] as [string, (r: SizeResult) => string][])
      : ([
          [
            'database size per 1k dreams (all users, net of the empty one)',
            (r) => perThousand(r.idle.databaseSize ?? 0, empty?.databaseSize ?? 0, r),
          ],
          [
            'database size after writing',
            (r) => `${mb(r.post.after.databaseSize ?? 0)} (+${int(r.post.written)} dreams)`,
          ],
        ] as [string, (r: SizeResult) => string][])),
    [
      'idle memory: PSS of the server tree (RSS)',
      (r) => `${mb(r.idle.tree.pss)} (${mb(r.idle.tree.rss)}), ${r.idle.tree.processes} proc`,
    ],
    ...(ENGINE === 'postgres'
      ? ([
          [
            '… its PostgreSQL backends, PSS',
            (r) => (r.idle.backends ? mb(r.idle.backends.pss) : 'none open when idle'),
          ],
        ] as [string, (r: SizeResult) => string][])
      : []),
    ['GET /me req/s (÷ bare)', (r) => `${int(read(r, 'me').rps)} (${fixed(read(r, 'me').toBare, 3)})`],
    ['GET /health ÷ /me', (r) => fixed(read(r, 'health').toMe)],
    ['bare Fastify ÷ /me', (r) => fixed(read(r, 'bare').toMe)],
    ...(['overview', 'common', 'twoWords', 'rare', 'stats'] as const).map(
      (key): [string, (r: SizeResult) => string] => [
        `${readEndpointName(key)}: ÷ /me, ÷ bare (cost vs ${int(first.dreams)}${key === 'overview' ? ', target ≤ 1.5' : ''})`,
        (r) =>
          `${fixed(read(r, key).toMe, 3)}, ${fixed(read(r, key).toBare, 4)} (${fixed(read(first, key).toMe / read(r, key).toMe)})`,
      ],
    ),
    [
      'search first-page hits (common / two / rare)',
      (r) => `${r.searchHits.common} / ${r.searchHits.twoWords} / ${r.searchHits.rare}`,
    ],
    ['POST /dreams: ÷ /me, ÷ bare', (r) => `${fixed(r.post.toMe, 3)}, ${fixed(r.post.toBare, 4)}`],
    [
      'builtin analysis CPU ms/request: server (with db)',
      (r) => `${fixed(r.cpuAnalysis.serverMs)} (${fixed(r.cpuAnalysis.totalMs)})`,
    ],
    ['… ÷ CPU of a /me request (with db)', (r) => fixed(r.cpuAnalysis.totalMs / r.cpuMe.totalMs, 1)],
    ['analyses stored (stats read them)', (r) => int(r.analyses)],
    ['load average before / after', (r) => `${r.loadBefore} / ${r.loadAfter}`],
  ];
  console.log(
    `\nSummary (${ENGINE}; ratios: req/s ÷ req/s of GET /api/v1/me in the same round; cost = inverse ratio ÷ that at the first size)\n`,
  );
  console.log(`| figure | ${results.map((r) => int(r.size)).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---').join('|')}|`);
  for (const [label, cell] of rows) console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
}
