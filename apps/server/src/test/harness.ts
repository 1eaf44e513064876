import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { AppInstance } from '../app.types.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { copyTemplate } from './test-cluster.ts';

/** The DATA_DIR of the apps built on a test database (see createTestApp); removed when the database closes. */
const sharedDataDirs = new WeakMap<Database, string>();

/**
 * A fresh, migrated database for one test file: a copy of the run's template database on the run's PostgreSQL (the
 * embedded one, or TEST_DATABASE_URL's server; test/test-cluster.ts), dropped again by `close`.
 */
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

/** A database with none of the product's tables (not migrated), dropped again by `close`. */
export function createEmptyTestDatabase(): Promise<Database> {
  return openTestDatabase({ empty: true });
}

async function openTestDatabase(options: { empty?: boolean } = {}): Promise<Database> {
  const copy = await copyTemplate(options);
  const database = await createDatabase({ kind: 'postgres', url: copy.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      // pg-pool's end() only starts closing its clients; forcing the drop while they still close would hit them
      // with a FATAL they no longer listen for. Wait (briefly) for their backends to go first.
      const name = new URL(copy.url).pathname.slice(1);
      const watcher = new pg.Client({ connectionString: copy.adminUrl });
      await watcher.connect();
      try {
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await watcher.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if ((rows[0] as { n: number }).n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await watcher.end();
      }
      await copy.drop();
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
// New accounts start on Dreamer, as with billing on: tests of the plans give a plan by set-plan or Stripe, and those of
// DEFAULT_PLAN itself (decision 077) set it.
const TEST_ENV = { LOG_LEVEL: 'info', NODE_ENV: 'test', AUTH_ARGON2_MEMORY_KIB: '256', DEFAULT_PLAN: 'dreamer' };

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
