// Start-up to healthy (issue 20, docs/decisions/033): the production build on the embedded database, cold (a fresh
// DATA_DIR: initdb, every migration, secrets generated) and warm (the same DATA_DIR again), BENCH_RUNS times each,
// interleaved. Prints each run's steps from the server's own log lines and the medians, with the load average.
//
//   npm run bench:startup            (builds first if needed)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Milliseconds from the spawn to each step's log line (absent steps are null). */
interface Run {
  healthyMs: number;
  firstLineMs: number | null;
  initdbMs: number | null;
  postgresReadyMs: number | null;
  migratedMs: number | null;
  listeningMs: number | null;
}

const STEPS: [keyof Omit<Run, 'healthyMs'>, RegExp][] = [
  ['initdbMs', /^created the embedded PostgreSQL cluster/],
  ['postgresReadyMs', /^embedded PostgreSQL started/],
  ['migratedMs', /^(migrations applied|database schema is current)/],
  ['listeningMs', /^Sonhário is running/],
];

async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}/api/v1/health`;
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const run: Run = {
    healthyMs: 0,
    firstLineMs: null,
    initdbMs: null,
    postgresReadyMs: null,
    migratedMs: null,
    listeningMs: null,
  };
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      let entry: { time?: number; msg?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      const at = (entry.time ?? Date.now()) - spawnedAt;
      run.firstLineMs ??= at;
      for (const [key, pattern] of STEPS) if (pattern.test(entry.msg ?? '')) run[key] ??= at;
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}`);
    if (Date.now() - spawnedAt > 180_000) throw new Error('not healthy after 180 s');
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  run.healthyMs = Date.now() - spawnedAt;
  child.kill('SIGTERM');
  await exited;
  return run;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(2)} s`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function table(title: string, runs: Run[]) {
  console.log(`\n${title}`);
  console.log('| run | node up (first log line) | initdb done | PostgreSQL ready | migrated | listening | healthy |');
  console.log('|---|---|---|---|---|---|---|');
  runs.forEach((r, i) => {
    const cells = [r.firstLineMs, r.initdbMs, r.postgresReadyMs, r.migratedMs, r.listeningMs, r.healthyMs];
    console.log(`| ${String(i + 1)} | ${cells.map(seconds).join(' | ')} |`);
  });
  const medianOf = (key: keyof Run) => {
    const values = runs.map((r) => r[key]).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const keys: (keyof Run)[] = ['firstLineMs', 'initdbMs', 'postgresReadyMs', 'migratedMs', 'listeningMs', 'healthyMs'];
  console.log(`| median | ${keys.map((k) => seconds(medianOf(k))).join(' | ')} |`);
}

console.log(`startup bench: ${String(RUNS)} cold and ${String(RUNS)} warm starts; load average ${load()}`);
const cold: Run[] = [];
const warm: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-bench-start-'));
  try {
    cold.push(await startOnce(dir));
    warm.push(await startOnce(dir));
    console.log(
      `run ${String(i + 1)}: cold ${seconds(cold.at(-1)?.healthyMs ?? null)}, warm ${seconds(warm.at(-1)?.healthyMs ?? null)} (load ${load()})`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
table('Cold start (fresh DATA_DIR): ms from spawn', cold);
table('Warm start (existing DATA_DIR): ms from spawn', warm);
console.log(`\nload average at the end: ${load()}`);
