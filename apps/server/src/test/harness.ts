import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type AppInstance } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await createDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
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

export async function createTestApp(env: Record<string, string> = {}, database?: Database): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env });
  const db = database ?? (await createTestDatabase());
  const logs = new LogCapture();
  const app = await buildApp(config, { database: db, logStream: logs });
  return {
    app,
    config,
    database: db,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      if (!database) await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
