// The tests' database engine (docs/decisions/072): the PostgreSQL the product ships. One cluster per test run (the
// embedded PostgreSQL 18, started by vitest's global setup), or the PostgreSQL server of TEST_DATABASE_URL; on it, one
// migrated template database, and each test database a `CREATE DATABASE … TEMPLATE` copy of it (tens of
// milliseconds, where migrating a new database takes seconds).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../db/client.ts';
import { openEmbeddedPostgres } from '../db/embedded-postgres.ts';

/** Where the global setup tells the test processes which cluster and template to copy from. */
const ADMIN_URL_ENV = 'SONHARIO_TEST_ADMIN_URL';
const TEMPLATE_ENV = 'SONHARIO_TEST_TEMPLATE';

/**
 * A throwaway cluster: nothing in it has to survive a crash, so durability is off (no fsync, no full-page writes, no
 * waiting for the WAL), and the test processes' pools need more connections than a journal's server.
 */
const TEST_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '300',
  shared_buffers: '64MB',
  max_wal_size: '256MB',
  checkpoint_timeout: '30min',
  autovacuum: 'off',
};

interface TestCluster {
  /** A connection string to the cluster's `postgres` database, for CREATE and DROP DATABASE. */
  adminUrl: string;
  /** The migrated database every test database copies. */
  template: string;
  stop(): Promise<void>;
}

const silent = { info: () => undefined, warn: () => undefined };

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database swapped for `database` (keeps the host, also a Unix socket's `?host=`). */
function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Starts the cluster (or takes TEST_DATABASE_URL's server) and migrates the template. */
async function startTestCluster(): Promise<TestCluster> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => undefined;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-test-pg-'));
    const server = await openEmbeddedPostgres(dataDir, { log: silent, role: 'server', settings: TEST_SETTINGS });
    const { host, port, user } = server.connection;
    adminUrl = `postgres://${user}@localhost:${String(port)}/postgres?host=${encodeURIComponent(host)}`;
    stopServer = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = `sonhario_template_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${template}`));
  const database = await createDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) });
  try {
    await database.migrate();
  } finally {
    // A template copies only while nobody is connected to it.
    await database.close();
  }
  const owner = adminUrl;
  return {
    adminUrl,
    template,
    stop: async () => {
      await withAdmin(owner, (admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)).catch(
        () => undefined,
      );
      await stopServer();
    },
  };
}

/** The run's cluster in this process, shared by the projects' global setups (each may load this module anew). */
const RUN_CLUSTER = Symbol.for('sonhario.test-cluster');
interface RunCluster {
  cluster: Promise<TestCluster>;
  users: number;
}
const holder = globalThis as { [RUN_CLUSTER]?: RunCluster };

/**
 * For a global setup: starts the run's cluster (or joins the one another project's setup started) and tells the
 * processes the run starts (vitest's workers inherit the environment) where it is. Returns the teardown: the last
 * one out stops the cluster.
 */
export async function acquireTestCluster(): Promise<() => Promise<void>> {
  const run = (holder[RUN_CLUSTER] ??= {
    cluster: startTestCluster().then((cluster) => {
      process.env[ADMIN_URL_ENV] = cluster.adminUrl;
      process.env[TEMPLATE_ENV] = cluster.template;
      return cluster;
    }),
    users: 0,
  });
  run.users += 1;
  await run.cluster;
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    holder[RUN_CLUSTER] = undefined;
    Reflect.deleteProperty(process.env, ADMIN_URL_ENV);
    Reflect.deleteProperty(process.env, TEMPLATE_ENV);
    await (await run.cluster).stop();
  };
}

/**
 * The run's cluster, as the global setup shared it; in a process started without one (a file run by a tool other
 * than vitest's projects), a cluster of its own, stopped when the process has nothing left to do.
 */
async function currentTestCluster(): Promise<Pick<TestCluster, 'adminUrl' | 'template'>> {
  const adminUrl = process.env[ADMIN_URL_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (adminUrl && template) return { adminUrl, template };
  const running = holder[RUN_CLUSTER];
  if (running) return running.cluster;
  const release = await acquireTestCluster();
  process.once('beforeExit', () => void release());
  return currentTestCluster();
}

/**
 * A new database copied from the template (or `empty`: with no table of ours, as a key store's database of its own
 * starts); `drop` removes it (closing whatever still holds it open).
 */
export async function copyTemplate(
  options: { empty?: boolean } = {},
): Promise<{ url: string; adminUrl: string; drop(): Promise<void> }> {
  const { adminUrl, template } = await currentTestCluster();
  const name = `sonhario_test_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(options.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  return {
    url: databaseUrl(adminUrl, name),
    adminUrl,
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
