// Soak: minutes of mixed authenticated traffic against the built server, to see that it stays correct and that its
// memory levels off. Several users on the unlimited plan with seeded journals (bench/support/dream-text.ts, written
// through POST /api/v1/dreams); then 20–50 concurrent workers (a triangle cycle) each doing one user's request after
// another: the journal's first page and cursor pages, searches, the dashboard, writing a dream, opening and editing
// one (PATCH with its version), builtin analyses streamed to the end, and streams cancelled mid-way. Every 30 s one
// line: requests, req/s, errors (network, 5xx, a stream's error event) and 4xx by code, p50/p99 per operation, the
// memory of the server's process tree (node and its embedded PostgreSQL), its sockets and the load average. At the
// end: the windows as a markdown table, each operation's totals, the sockets and memory after the load has stopped,
// and a verdict on memory (slope over the second half, mean of the last third against the middle third).
//
//   npm run bench:soak                                   (builds the server; embedded engine; 600 s)
//   npm run bench:soak -- --duration=60 --assert         (exit 1 on any error or memory still growing)
//   npm run bench:soak -- --engine=postgres [--database-url=postgres://postgres@127.0.0.1:5432/test]
//   SOAK_DURATION=600 s, SOAK_MIN_CONNECTIONS=20, SOAK_MAX_CONNECTIONS=50, SOAK_CYCLE=120 s (20 → 50 → 20),
//   SOAK_INTERVAL=30 s, SOAK_USERS=16, SOAK_SEED_DREAMS=80 per user, SOAK_REVEAL_MS=1500 (AI_BUILTIN_REVEAL_MS),
//   SOAK_DRAIN=95 s (idle after the load: Fastify closes idle keep-alive connections after 72 s, and Node the
//   connections fetch opens after an abort without a request on them after its 60 s headersTimeout, checked every 30 s),
//   SOAK_GROWTH_LIMIT=5 % (--assert: the most the mean of the last third may exceed that of the middle third)
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, readdir, readlink } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { createDreamGenerator, toCreateDreamBody } from './support/dream-text.ts';
import { pool, signUp } from './support/dreams.ts';
import { loadAverage, memoryOf, processTree } from './support/processes.ts';
import { startScaleServer, type Engine } from './support/scale-server.ts';
import { seedingEnv } from './support/servers.ts';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
    duration: { type: 'string', default: String(env('SOAK_DURATION', 600)) },
    'min-connections': { type: 'string', default: String(env('SOAK_MIN_CONNECTIONS', 20)) },
    'max-connections': { type: 'string', default: String(env('SOAK_MAX_CONNECTIONS', 50)) },
    assert: { type: 'boolean', default: false },
  },
});
if (args.engine !== 'embedded' && args.engine !== 'postgres') throw new Error('--engine must be embedded or postgres');
const ENGINE: Engine = args.engine;
const DURATION = Number(args.duration);
const MIN_CONNECTIONS = Number(args['min-connections']);
const MAX_CONNECTIONS = Number(args['max-connections']);
if (!(DURATION > 0) || !(MIN_CONNECTIONS >= 1) || !(MAX_CONNECTIONS >= MIN_CONNECTIONS))
  throw new Error('--duration > 0 and 1 ≤ --min-connections ≤ --max-connections');
const CYCLE = env('SOAK_CYCLE', 120);
const INTERVAL = env('SOAK_INTERVAL', 30);
const USERS = env('SOAK_USERS', 16);
const SEED_DREAMS = env('SOAK_SEED_DREAMS', 80);
const REVEAL_MS = env('SOAK_REVEAL_MS', 1_500);
const DRAIN = env('SOAK_DRAIN', 95);
const GROWTH_LIMIT = env('SOAK_GROWTH_LIMIT', 5);
/** Memory and sockets are read this often; the verdict's slope is fitted to these samples. */
const SAMPLE_MS = 5_000;
/** A request that takes this long counts as a network error (a stream gets the reveal on top). */
const REQUEST_TIMEOUT_MS = 30_000;

/** Share of operations (%). An edit opens the dream first (GET /dreams/:id), as the web app does. */
const MIX = { list: 25, search: 20, overview: 10, create: 10, edit: 15, analyse: 13, abort: 7 } as const;
/** A word in about half of the dreams, an English one, two words, a phrase of the edits, one dream in 400. */
const SEARCHES = ['casa', 'mar', 'house', 'casa noite', 'minha mãe', 'voando', 'ornitorrinco', 'platypus'];
const KINDS = ['list', 'page', 'search', 'overview', 'create', 'open', 'edit', 'analyse', 'abort'] as const;
type Kind = (typeof KINDS)[number];
/** Whole streams: their latency is the reveal, so they stay out of the plain requests' percentiles. */
const STREAMS: readonly Kind[] = ['analyse', 'abort'];

// --- formatting -------------------------------------------------------------------------------------------------

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const percent = (part: number, whole: number) => `${whole ? ((part / whole) * 100).toFixed(3) : '0.000'} %`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomOf = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const git = (...command: string[]) => {
  try {
    return execFileSync('git', command, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
/** Least-squares slope of y over x, and its standard error (how far the garbage collector's saw teeth blur it). */
function slope(points: { x: number; y: number }[]) {
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  const value = sxx ? points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / sxx : 0;
  const residuals = points.reduce((sum, p) => sum + (p.y - my - value * (p.x - mx)) ** 2, 0);
  return { value, error: points.length > 2 && sxx ? Math.sqrt(residuals / (points.length - 2) / sxx) : NaN };
}
const signed = (n: number, digits = 1) => `${n >= 0 ? '+' : ''}${fixed(n, digits)}`;

// --- what is counted ------------------------------------------------------------------------------------------

class Tally {
  latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  /** Answers by status code, per operation. */
  statuses = new Map<Kind, Map<number, number>>(KINDS.map((kind) => [kind, new Map()]));
  /** Failures without an HTTP status: network errors and timeouts, and a stream's error events, by name or code. */
  failures = new Map<string, number>();
  requests = 0;
  connections: number[] = [];

  answer(kind: Kind, ms: number, status: number) {
    this.requests += 1;
    this.latencies.get(kind)!.push(ms);
    const statuses = this.statuses.get(kind)!;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  fail(kind: Kind, what: string, ms?: number) {
    if (ms === undefined) this.requests += 1;
    else this.answer(kind, ms, 200);
    const key = `${kind}: ${what}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }
  count(predicate: (status: number) => boolean, kinds: readonly Kind[] = KINDS) {
    let total = 0;
    for (const kind of kinds) for (const [status, n] of this.statuses.get(kind)!) if (predicate(status)) total += n;
    return total;
  }
  get errors() {
    return this.count((s) => s >= 500) + [...this.failures.values()].reduce((a, b) => a + b, 0);
  }
  /** "409×3, 404×1": the 4xx answers by code. */
  clientErrors() {
    const codes = new Map<number, number>();
    for (const statuses of this.statuses.values())
      for (const [status, n] of statuses)
        if (status >= 400 && status < 500) codes.set(status, (codes.get(status) ?? 0) + n);
    return [...codes].map(([status, n]) => `${status}×${n}`).join(', ') || 'none';
  }
  plainLatencies() {
    return KINDS.filter((kind) => !STREAMS.includes(kind)).flatMap((kind) => this.latencies.get(kind)!);
  }
}

let window = new Tally();
const total = new Tally();
const record = {
  answer(kind: Kind, ms: number, status: number) {
    window.answer(kind, ms, status);
    total.answer(kind, ms, status);
  },
  fail(kind: Kind, what: string, ms?: number) {
    window.fail(kind, what, ms);
    total.fail(kind, what, ms);
  },
};

/** The first few failed answers, with their bodies, so a 500 comes with its cause. */
let failuresShown = 0;
function showFailure(kind: Kind, what: string) {
  if (failuresShown >= 8) return;
  failuresShown += 1;
  console.log(`  failed ${kind}: ${what.slice(0, 400)}`);
}

// --- the server and its users ----------------------------------------------------------------------------------

const jwtSecret = randomBytes(48).toString('base64url');
const { anonKey, serviceRoleKey } = getApiKeys({ jwtSecret });
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
console.log(
  `bench:soak — engine ${ENGINE}, ${DURATION} s at ${MIN_CONNECTIONS}–${MAX_CONNECTIONS} connections (cycle ${CYCLE} s); ` +
    `${new Date().toISOString()}, commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes in the checkout)' : ''}; ` +
    `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'}), ${int(totalmem() / MB)} MB RAM, Node ${process.version}; ` +
    `load average ${await loadAverage()}`,
);
console.log(
  `mix: ${Object.entries(MIX)
    .map(([op, share]) => `${op} ${share} %`)
    .join(', ')}; ${USERS} users × ${SEED_DREAMS} seeded dreams; builtin analyses revealed over ${REVEAL_MS} ms`,
);

const server = await startScaleServer({
  engine: ENGINE,
  adminUrl: args['database-url'],
  env: {
    ...seedingEnv(jwtSecret),
    // The tokens must outlive the run.
    AUTH_JWT_EXPIRY: String(Math.min(7 * 24 * 3600, Math.max(3600, DURATION + DRAIN + 1800))),
    AI_PROVIDER: 'builtin',
    AI_BUILTIN_REVEAL_MS: String(REVEAL_MS),
  },
});
const api = `${server.url}/api/v1`;
const port = Number(new URL(server.url).port);
console.log(
  ENGINE === 'postgres'
    ? `server pid ${server.pid} on database ${server.databaseName}`
    : `server pid ${server.pid}, DATA_DIR ${server.dataDir}`,
);

interface User {
  token: string;
  dreamIds: string[];
}

const generator = createDreamGenerator(20261125);
const jsonHeaders = (user: User) => ({ authorization: `Bearer ${user.token}`, 'content-type': 'application/json' });

/** One request, timed and counted under `kind`; the parsed body of a 2xx answer, or null. */
async function call<T>(kind: Kind, user: User, method: string, path: string, body?: unknown): Promise<T | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${api}${path}`, {
      method,
      headers:
        body === undefined
          ? { authorization: `Bearer ${user.token}` }
          : { ...jsonHeaders(user), ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    record.answer(kind, performance.now() - started, res.status);
    if (res.status >= 500) showFailure(kind, `${method} ${path}: ${res.status} ${text}`);
    return res.ok ? (JSON.parse(text) as T) : null;
  } catch (error) {
    const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.name) : '?';
    record.fail(kind, `network error (${name})`);
    showFailure(kind, `${method} ${path}: ${String(error)}`);
    return null;
  }
}

/**
 * A builtin analysis streamed as the web app asks for it (Accept: text/event-stream). `abort`: the client goes away
 * 0.1–1 s after the start event, mid-reveal; its latency is the time to that event.
 */
async function analyse(user: User, kind: 'analyse' | 'abort') {
  const dreamId = randomOf(user.dreamIds);
  const controller = new AbortController();
  let isCancelled = false;
  const timer = setTimeout(() => controller.abort(new Error('timeout')), REQUEST_TIMEOUT_MS + REVEAL_MS);
  const started = performance.now();
  try {
    const res = await fetch(`${api}/dreams/${dreamId}/analyses`, {
      method: 'POST',
      headers: { ...jsonHeaders(user), accept: 'text/event-stream', 'idempotency-key': randomUUID() },
      body: '{}',
      signal: controller.signal,
    });
    if (res.status !== 200) {
      const text = await res.text();
      record.answer(kind, performance.now() - started, res.status);
      if (res.status >= 500) showFailure(kind, `${res.status} ${text}`);
      return;
    }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (kind === 'abort' && text.includes('event: start')) {
        record.answer(kind, performance.now() - started, 200);
        await sleep(100 + Math.random() * 900);
        isCancelled = true;
        controller.abort();
        return;
      }
    }
    const ms = performance.now() - started;
    const error = /event: error\ndata: (.*)/.exec(text);
    if (/event: done/.test(text)) record.answer(kind, ms, 200);
    else {
      const code = error ? ((JSON.parse(error[1]!) as { code?: string }).code ?? '?') : 'no done event';
      record.fail(kind, `stream ended with ${code}`, ms);
      showFailure(kind, `stream: ${text.slice(-300)}`);
    }
  } catch (error) {
    if (isCancelled) return;
    const name = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.name) : '?';
    record.fail(kind, `network error (${name})`);
    showFailure(kind, `stream: ${String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

interface Page {
  items: { id: string }[];
  nextCursor: string | null;
}

/** One operation of one user, drawn from MIX. */
async function operate(user: User) {
  let draw = Math.random() * 100;
  const op = (Object.keys(MIX) as (keyof typeof MIX)[]).find((key) => (draw -= MIX[key]) < 0) ?? 'list';
  switch (op) {
    case 'list': {
      // The first page; half the time the reader scrolls on for one to three more pages.
      let page = await call<Page>('list', user, 'GET', '/dreams?limit=20');
      for (let more = Math.random() < 0.5 ? 1 + Math.floor(Math.random() * 3) : 0; more > 0 && page?.nextCursor; more--)
        page = await call<Page>('page', user, 'GET', `/dreams?limit=20&cursor=${encodeURIComponent(page.nextCursor)}`);
      return;
    }
    case 'search':
      await call('search', user, 'GET', `/dreams?q=${encodeURIComponent(randomOf(SEARCHES))}`);
      return;
    case 'overview':
      await call('overview', user, 'GET', '/me/overview');
      return;
    case 'create': {
      const dream = await call<{ id: string }>('create', user, 'POST', '/dreams', toCreateDreamBody(generator.next()));
      if (dream) user.dreamIds.push(dream.id);
      return;
    }
    case 'edit': {
      const id = randomOf(user.dreamIds);
      const dream = await call<{ version: number }>('open', user, 'GET', `/dreams/${id}`);
      if (!dream) return;
      // Half rewrite the report, half change how the night felt; another worker on the same dream makes a 409.
      const fresh = generator.next();
      const patch =
        Math.random() < 0.5
          ? { content: fresh.content, version: dream.version }
          : { mood: fresh.mood, emotions: fresh.emotions, tags: fresh.tags, version: dream.version };
      await call('edit', user, 'PATCH', `/dreams/${id}`, patch);
      return;
    }
    case 'analyse':
    case 'abort':
      await analyse(user, op);
      return;
  }
}

// --- the server's footprint -------------------------------------------------------------------------------------

/** Socket descriptors of the server's node process (HTTP connections, database connections, listeners). */
async function socketsOf(pid: number) {
  let count = 0;
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')).startsWith('socket:')) count += 1;
  }
  return count;
}

/** TCP connections on the server's port, server side, by state (ESTABLISHED, CLOSE_WAIT…): /proc/net/tcp{,6}. */
async function httpConnections() {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  let established = 0;
  let other = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (!local?.endsWith(`:${portHex}`) || state === '0A') continue;
      if (state === '01') established += 1;
      else other += 1;
    }
  }
  return { established, other };
}

interface Sample {
  /** Seconds since the load started. */
  t: number;
  nodeRss: number;
  treeRss: number;
  treePss: number;
  processes: number;
  sockets: number;
  http: { established: number; other: number };
}

function isServerAlive() {
  try {
    process.kill(server.pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function sample(t: number): Promise<Sample> {
  const pids = [...(await processTree(server.pid)), ...(await server.databaseBackends())];
  const tree = await memoryOf(pids);
  const node = await memoryOf([server.pid]);
  return {
    t,
    nodeRss: node.rss,
    treeRss: tree.rss,
    treePss: tree.pss,
    processes: tree.processes,
    sockets: await socketsOf(server.pid),
    http: await httpConnections(),
  };
}
const describeSample = (s: Sample) =>
  `node RSS ${mb(s.nodeRss)}, tree RSS ${mb(s.treeRss)} PSS ${mb(s.treePss)} (${s.processes} proc); ` +
  `HTTP conns ${s.http.established}${s.http.other ? ` (+${s.http.other} closing)` : ''}, node sockets ${s.sockets}`;

// --- the run ----------------------------------------------------------------------------------------------------

interface WindowRow {
  t: number;
  connections: string;
  requests: number;
  rps: number;
  errors: number;
  clientErrors: string;
  p50: number;
  p99: number;
  streamP99: number;
  sample: Sample;
  /** The node process's RSS, lowest and highest of the window's samples (the garbage collector's saw teeth). */
  nodeRssRange: [number, number];
  load: string;
}

const rows: WindowRow[] = [];
const samples: Sample[] = [];
let exitCode = 0;
try {
  // --- seeding through the API ----------------------------------------------------------------------------------
  const seedStarted = performance.now();
  const users: User[] = [];
  await pool(USERS, 4, async (i) => {
    const { token, userId } = await signUp(server.url, anonKey, `soak${i}`, { consent_version: CONSENT_VERSION });
    const plan = await fetch(`${api}/admin/users/${userId}/plan`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'oracle' }),
    });
    if (!plan.ok) throw new Error(`set plan failed: ${plan.status} ${await plan.text()}`);
    users.push({ token, dreamIds: [] });
  });
  await pool(USERS * SEED_DREAMS, 8, async (i) => {
    const user = users[i % USERS]!;
    const res = await fetch(`${api}/dreams`, {
      method: 'POST',
      headers: jsonHeaders(user),
      body: JSON.stringify(toCreateDreamBody(generator.next())),
    });
    if (res.status !== 201) throw new Error(`seeding: POST /dreams ${res.status} ${await res.text()}`);
    user.dreamIds.push(((await res.json()) as { id: string }).id);
  });
  const seeded = await sample(0);
  console.log(
    `seeded ${USERS} users and ${int(USERS * SEED_DREAMS)} dreams in ${fixed((performance.now() - seedStarted) / 1000)} s; ` +
      `${describeSample(seeded)}; load average ${await loadAverage()}`,
  );

  // --- the load -------------------------------------------------------------------------------------------------
  const loadBefore = await loadAverage();
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  /** Workers allowed to run now: MIN at the start of each cycle, MAX half-way through. */
  const target = () => {
    const phase = (elapsed() % CYCLE) / CYCLE;
    return Math.round(
      MIN_CONNECTIONS + (MAX_CONNECTIONS - MIN_CONNECTIONS) * (phase < 0.5 ? phase * 2 : 2 - phase * 2),
    );
  };
  let isStopping = false;
  let active = 0;
  const workers = Array.from({ length: MAX_CONNECTIONS }, async (_, i) => {
    while (!isStopping) {
      if (i >= target()) {
        await sleep(100);
        continue;
      }
      active += 1;
      await operate(randomOf(users)).finally(() => (active -= 1));
    }
  });
  const connectionSampler = setInterval(() => window.connections.push(active), 1_000);
  let sampling = Promise.resolve();
  const memorySampler = setInterval(() => {
    const t = elapsed();
    sampling = sampling.then(async () => void samples.push(await sample(t)));
  }, SAMPLE_MS);

  const closeWindow = async (t: number, seconds: number) => {
    const w = window;
    window = new Tally();
    const last = await sample(t);
    const plain = w.plainLatencies();
    const inWindow = [...samples.filter((s) => s.t > t - seconds && s.t <= t), last].map((s) => s.nodeRss);
    const row: WindowRow = {
      t,
      connections: w.connections.length ? `${Math.min(...w.connections)}–${Math.max(...w.connections)}` : '–',
      requests: w.requests,
      rps: w.requests / seconds,
      errors: w.errors,
      clientErrors: w.clientErrors(),
      p50: percentile(plain, 50),
      p99: percentile(plain, 99),
      streamP99: percentile(w.latencies.get('analyse')!, 99),
      sample: last,
      nodeRssRange: [Math.min(...inWindow), Math.max(...inWindow)],
      load: await loadAverage(),
    };
    rows.push(row);
    console.log(
      `[${String(Math.round(t)).padStart(4)} s] conns ${row.connections} | ${int(row.requests)} req, ${fixed(row.rps)} req/s | ` +
        `errors ${row.errors} (${percent(row.errors, row.requests)}) | 4xx ${row.clientErrors} | ` +
        `p50 ${fixed(row.p50, 0)} ms, p99 ${fixed(row.p99, 0)} ms (streams apart) | ${describeSample(last)} | load ${row.load}`,
    );
    console.log(
      `         ${KINDS.filter((kind) => w.latencies.get(kind)!.length)
        .map((kind) => {
          const l = w.latencies.get(kind)!;
          return `${kind} ${fixed(percentile(l, 50), 0)}/${fixed(percentile(l, 99), 0)} ms (${int(l.length)})`;
        })
        .join(' · ')}`,
    );
    for (const [what, n] of w.failures) console.log(`         ${what}: ${n}`);
  };

  /** Sleeps until `seconds` into the load; false as soon as the server's process is gone. */
  const runUntil = async (seconds: number) => {
    while (elapsed() < seconds) {
      if (!isServerAlive()) return false;
      await sleep(Math.min(1_000, (seconds - elapsed()) * 1000));
    }
    return isServerAlive();
  };
  let windowEnd = 0;
  try {
    while (windowEnd < DURATION) {
      const next = Math.min(DURATION, windowEnd + INTERVAL);
      const isAlive = await runUntil(next);
      const t = isAlive ? next : elapsed();
      await closeWindow(t, t - windowEnd);
      windowEnd = t;
      if (!isAlive) throw new Error(`the server (pid ${server.pid}) exited ${fixed(t)} s into the load`);
    }
  } finally {
    isStopping = true;
    clearInterval(memorySampler);
    clearInterval(connectionSampler);
  }
  await sampling;
  // The last requests and streams finish; they count in the totals, not in a window.
  await Promise.all(workers);
  const loadAfter = await loadAverage();

  // --- after the load -------------------------------------------------------------------------------------------
  await sleep(5_000);
  const afterFive = await sample(elapsed());
  console.log(`\n5 s after the load: ${describeSample(afterFive)}`);
  let drained = afterFive;
  if (DRAIN > 5) {
    await sleep((DRAIN - 5) * 1000);
    drained = await sample(elapsed());
    console.log(`${DRAIN} s after the load: ${describeSample(drained)}`);
  }

  // --- summary --------------------------------------------------------------------------------------------------
  const seconds = rows.at(-1)!.t;
  const totalRps = total.requests / DURATION;
  console.log(
    `\nSummary: ${int(total.requests)} requests in ${seconds} s (${fixed(totalRps)} req/s); errors ${total.errors} ` +
      `(${percent(total.errors, total.requests)}: network ${[...total.failures].filter(([k]) => k.includes('network')).reduce((a, [, n]) => a + n, 0)}, ` +
      `5xx ${total.count((s) => s >= 500)}, stream error events ${[...total.failures].filter(([k]) => k.includes('stream')).reduce((a, [, n]) => a + n, 0)}); ` +
      `4xx ${total.clientErrors()}; load average ${loadBefore} before, ${loadAfter} after\n`,
  );
  console.log(
    '| t | conns | req/s | errors | 4xx | p50 / p99 ms (plain) | analyse p99 ms | node RSS (window low–high) | tree RSS | tree PSS | HTTP conns | load (1 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${Math.round(r.t)} s | ${r.connections} | ${fixed(r.rps)} | ${r.errors} | ${r.clientErrors} | ${fixed(r.p50, 0)} / ${fixed(r.p99, 0)} | ` +
        `${fixed(r.streamP99, 0)} | ${mb(r.sample.nodeRss)} (${fixed(r.nodeRssRange[0] / MB, 0)}–${fixed(r.nodeRssRange[1] / MB, 0)}) | ${mb(r.sample.treeRss)} | ${mb(r.sample.treePss)} | ${r.sample.http.established} | ${r.load.split(' ')[0]} |`,
    );
  console.log('\n| operation | requests | share | p50 ms | p99 ms | max ms | 4xx | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const kind of KINDS) {
    const l = total.latencies.get(kind)!;
    const errors =
      total.count((s) => s >= 500, [kind]) +
      [...total.failures].filter(([k]) => k.startsWith(`${kind}:`)).reduce((a, [, n]) => a + n, 0);
    console.log(
      `| ${kind} | ${int(l.length)} | ${percent(l.length, total.requests).replace(/\.\d+ %/, ' %')} | ${fixed(percentile(l, 50), 0)} | ` +
        `${fixed(percentile(l, 99), 0)} | ${fixed(l.length ? l.reduce((a, b) => Math.max(a, b), 0) : NaN, 0)} | ${total.count((s) => s >= 400 && s < 500, [kind])} | ${errors} |`,
    );
  }
  for (const [what, n] of total.failures) console.log(`  ${what}: ${n}`);

  // --- the verdict on memory ------------------------------------------------------------------------------------
  const run = samples.filter((s) => s.t <= DURATION);
  const measures = [
    ['node RSS', (s: Sample) => s.nodeRss],
    ['tree RSS', (s: Sample) => s.treeRss],
    ['tree PSS', (s: Sample) => s.treePss],
  ] as const;
  const third = (i: number) => run.filter((s) => s.t > (DURATION * i) / 3 && s.t <= (DURATION * (i + 1)) / 3);
  const secondHalf = run.filter((s) => s.t > DURATION / 2);
  const verdicts = measures.map(([name, of]) => {
    const trend = slope(secondHalf.map((s) => ({ x: s.t / 60, y: of(s) / MB })));
    const [middle, last] = [third(1).map(of), third(2).map(of)];
    return {
      name,
      trend,
      middle: { mean: mean(middle), low: Math.min(...middle) },
      last: { mean: mean(last), low: Math.min(...last) },
      growth: ((mean(last) - mean(middle)) / mean(middle)) * 100,
      first: of(run[0] ?? seeded),
      end: of(run.at(-1) ?? seeded),
    };
  });
  console.log('');
  for (const v of verdicts)
    console.log(
      `${v.name}: ${mb(v.first)} at ${SAMPLE_MS / 1000} s → ${mb(v.end)} at the end; middle third mean ${mb(v.middle.mean)} ` +
        `(low ${mb(v.middle.low)}), last third mean ${mb(v.last.mean)} (low ${mb(v.last.low)}): ${signed(v.growth)} %; ` +
        `slope over the second half ${signed(v.trend.value, 2)} ± ${fixed(v.trend.error, 2)} MB/min`,
    );
  // The tree's RSS counts PostgreSQL's shared buffers once per process that has touched them, so it climbs while
  // backends come and go; the node process's RSS and the tree's PSS are what a leak would move. Means over thirds
  // rather than the slope: the slope over 5 minutes of 5-s samples moves by several MB/min with where the garbage
  // collector happens to be at the end (the ± above), so a 10-minute run can only show growth of a few MB/min.
  const growing = verdicts.filter((v) => v.name !== 'tree RSS' && !(v.growth <= GROWTH_LIMIT));
  const isLevelled = growing.length === 0 && secondHalf.length >= 3;
  console.log(
    isLevelled
      ? `verdict: memory levelled off (the last third's mean within ${GROWTH_LIMIT} % of the middle third's for node RSS and tree PSS)`
      : secondHalf.length < 3
        ? 'verdict: too short a run to tell whether memory levels off'
        : `verdict: memory still growing: ${growing.map((v) => `${v.name} ${signed(v.growth)} %`).join(', ')} from the middle third to the last (limit ${GROWTH_LIMIT} %)`,
  );
  console.log(
    `sockets: ${drained.http.established + drained.http.other} HTTP connections open ${DRAIN} s after the load ` +
      `(${afterFive.http.established + afterFive.http.other} after 5 s), node sockets ${afterFive.sockets} → ${drained.sockets}`,
  );
  if (args.assert && (total.errors > 0 || !isLevelled)) {
    console.log(`--assert: failed (${total.errors} errors${isLevelled ? '' : ', memory not levelled off'})`);
    exitCode = 1;
  }
} finally {
  await server.stop();
}
process.exitCode = exitCode;
