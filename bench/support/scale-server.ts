// The production build in its own process for the scale bench, on either database engine: the embedded default
// (no DATABASE_URL, a fresh DATA_DIR) or a fresh database on a PostgreSQL server, dropped again on stop. Unlike
// servers.ts it hands out the process id (memory and CPU are read from /proc) and the database's own figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { benchNodeArgs } from './servers.ts';

const root = path.resolve(import.meta.dirname, '../..');

// The server's own PostgreSQL driver (a dependency of apps/server, not of the root), for the few admin queries.
interface PgClient {
  connect(): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}
const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
const { Client } = requireFromServer('pg') as { Client: new (options: { connectionString: string }) => PgClient };

export type Engine = 'embedded' | 'postgres';

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

async function waitFor(url: string, child: ChildProcess) {
  // The embedded engine may first unpack and initialise a database cluster.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

export interface ScaleServer {
  engine: Engine;
  url: string;
  pid: number;
  dataDir: string;
  /** PostgreSQL engine: the database created for this run. */
  databaseName: string | null;
  /** PostgreSQL engine: pids of the server backends serving this database (they do the queries' work). */
  databaseBackends(): Promise<number[]>;
  /** PostgreSQL engine: pg_database_size of this run's database, in bytes. */
  databaseSize(): Promise<number | null>;
  stop(): Promise<void>;
}

export async function startScaleServer(options: {
  engine: Engine;
  /** PostgreSQL engine: a URL of the server to create the run's database on (its path names the admin database). */
  adminUrl: string;
  env: Record<string, string>;
}): Promise<ScaleServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-scale-'));
  let admin: PgClient | null = null;
  let databaseName: string | null = null;
  let databaseUrl = '';
  if (options.engine === 'postgres') {
    databaseName = `bench_scale_${process.pid}`;
    admin = new Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(options.adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...benchNodeArgs(), path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The log (pino JSON on stdout): the first few errors are shown, so a 500 in a run comes with its cause.
  let errorsShown = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (errorsShown >= 5 || !/"level":(50|60)/.test(line)) return;
    errorsShown += 1;
    console.log(`  server error: ${line.slice(0, 1_000)}`);
  });
  const exited = new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  const dropDatabase = async () => {
    if (!admin || !databaseName) return;
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    admin = null;
  };
  try {
    await waitFor(`${url}/api/v1/health`, child);
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    engine: options.engine,
    url,
    pid: child.pid!,
    dataDir,
    databaseName,
    databaseBackends: async () => {
      if (!admin) return [];
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
        [databaseName],
      );
      return rows.map((row) => row.pid);
    },
    databaseSize: async () => {
      if (!admin) return null;
      const { rows } = await admin.query<{ size: string }>('select pg_database_size($1)::text as size', [databaseName]);
      return Number(rows[0]?.size ?? 0);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
