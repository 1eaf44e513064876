import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { AppInstance } from '../app.types.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, pgliteDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
/** The DATA_DIR of the apps built on a test database (see createTestApp); removed when the database closes. */
const sharedDataDirs = new WeakMap<Database, string>();

export async function createTestDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-test-'));
  const shared: Database = {
    ...database,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  sharedDataDirs.set(shared, dataDir);
  return shared;
}

/**
 * A migrated in-memory PGlite made once per test process and dumped; each test database starts from that dump, about
 * a second and a half cheaper than initdb and the migrations (the server project runs its files in shared processes).
 */
let pgliteTemplate: Promise<Blob> | undefined;

async function openPgliteFromTemplate(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create('memory://');
    await pgliteDatabase(client).migrate();
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return pgliteDatabase(await PGlite.create({ loadDataDir: await pgliteTemplate }));
}

async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPgliteFromTemplate();
  const name = `sonhario_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // pg-pool's end() only starts closing its clients; forcing the drop while they still close would hit them
      // with a FATAL they no longer listen for. Wait (briefly) for their backends to go first.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if ((rows[0] as { n: number }).n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Collects pino's JSON lines so tests can read what was logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text() {
    return this.lines.join('\n');
  }
}

export interface TestApp {
  app: AppInstance;
  config: Config;
  database: Database;
  dataDir: string;
  logs: LogCapture;
  close(): Promise<void>;
}

// argon2id at production cost takes tens of milliseconds per hash; tests lower it through the same setting operators use.
const TEST_ENV = { LOG_LEVEL: 'info', NODE_ENV: 'test', AUTH_ARGON2_MEMORY_KIB: '256' };

export async function createTestApp(
  env: Record<string, string> = {},
  database?: Database,
  options: Pick<BuildAppOptions, 'now' | 'extraApiRoutes'> = {},
): Promise<TestApp> {
  // Apps sharing a test database share its DATA_DIR too (secrets and key store): users of one app have sealed data
  // whose keys a later app must find, or it refuses to start (keys.service's start-up check).
  const db = database ?? (await createTestDatabase());
  const shared = sharedDataDirs.get(db);
  const dataDir = shared ?? (await mkdtemp(path.join(tmpdir(), 'sonhario-test-')));
  const config = loadConfig({ DATA_DIR: dataDir, ...TEST_ENV, ...env });
  const logs = new LogCapture();
  const app = await buildApp(config, { ...options, database: db, logStream: logs });
  return {
    app,
    config,
    database: db,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      if (!database) await db.close();
      if (!shared) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on loopback (released again before returning, so there is a tiny race; fine for tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The app listening on a real loopback port, with SITE_URL set to that address: what a browser, supabase-js and
 * e-mail links need (they carry absolute URLs).
 */
export async function createListeningTestApp(
  env: Record<string, string> = {},
  database?: Database,
  options: { now?: () => Date } = {},
): Promise<TestApp & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ SITE_URL: url, ...env }, database, options);
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, url };
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The e-mails the server wrote to DATA_DIR/outbox/ (no SMTP_URL), oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    files.map(async (file) => ({
      file,
      ...(JSON.parse(await readFile(path.join(dataDir, 'outbox', file), 'utf8')) as Omit<OutboxMessage, 'file'>),
    })),
  );
}

/** The newest outbox e-mail to `to`, if any. */
export async function lastEmailTo(dataDir: string, to: string): Promise<OutboxMessage | undefined> {
  return (await readOutbox(dataDir)).filter((m) => m.to === to).at(-1);
}
