import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import * as schema from './schema/index.ts';
import { EMBEDDED_DATABASE, openEmbeddedPostgres, type EmbeddedLog } from './embedded-postgres.ts';
import { copyAllRows } from './table-copy.ts';

type Schema = typeof schema;
/**
 * What a raw `execute` answers with whichever driver is underneath: PGlite's `Results` and pg's `QueryResult` both
 * carry the rows as `rows`. Drizzle's base kind types it `unknown`, which made every raw query cast its result.
 */
interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: Row[];
}
/** The one database type the code sees, whichever driver is underneath. */
export type Db = PgDatabase<RowsQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

/** Whether a handle is an open transaction (context.ts's withTransaction joins it rather than opening another). */
export function isTransaction(db: DbOrTx): db is Tx {
  return db instanceof PgTransaction;
}

/** A unique-constraint violation (SQLSTATE 23505), whichever driver raised it and however deep Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  migrate(): Promise<void>;
  /**
   * Refreshes the planner's statistics. PostgreSQL's autovacuum does this by itself; PGlite has no autovacuum, and
   * without statistics its planner picked nested loops over whole indexes (bench/analyses.ts), so the server runs
   * it at start and hourly there.
   */
  analyze?: () => Promise<void>;
  /** A connection of its own (PostgreSQL only): backups and restores hold a transaction on it. */
  connect?: () => Promise<pg.PoolClient>;
  /** The connection pool's counts (PostgreSQL only), for GET /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** True when this process started the embedded PostgreSQL (and stops it on close). */
  ownsServer?: boolean;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  log?: EmbeddedLog;
  /** Who opens the embedded cluster: the server (the default) or `npm run admin` (see openEmbeddedPostgres). */
  role?: 'server' | 'tool';
}

// The same folder works from src/db/ (tests, tsx) and from dist/ (the bundle copies it there).
export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

const silentLog: EmbeddedLog = { info: () => undefined, warn: () => undefined };

function postgresDatabase(pool: pg.Pool, kind: 'postgres' | 'embedded', close: () => Promise<void>): Database {
  // An idle connection that the server drops (restart, shutdown, network) is replaced by the pool on next use; its
  // error must not go unheard, or Node would end the process for it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind,
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
    },
    connect: () => pool.connect(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close,
  };
}

export async function createDatabase(config: DatabaseConfig, options: CreateDatabaseOptions = {}): Promise<Database> {
  const database = await openDatabase(config, options);
  const log = options.log ?? silentLog;
  return { ...database, migrate: () => migrateWithReport(database.db, () => database.migrate(), log) };
}

/** How many migrations the database has recorded (drizzle's own table); 0 before the first. */
async function countAppliedMigrations(db: Db): Promise<number> {
  // Asked first, so a new database does not log an ERROR for a query on a missing table.
  const { rows: found } = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!found[0]?.present) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
}

/** Brings the database to the current schema and says in one line what that took (the start-up's log). */
async function migrateWithReport(db: Db, migrate: () => Promise<void>, log: EmbeddedLog): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const latest = journal.entries.at(-1)?.tag ?? 'none';
  const started = Date.now();
  const before = await countAppliedMigrations(db);
  await migrate();
  const applied = Math.max(0, journal.entries.length - before);
  const took = `${String(Date.now() - started)} ms`;
  log.info(
    applied === 0
      ? `database schema is current (${latest}); no migration to apply (${took})`
      : `migrations applied: ${String(applied)} of ${String(journal.entries.length)}, schema now at ${latest} (${took})`,
  );
}

async function openDatabase(config: DatabaseConfig, options: CreateDatabaseOptions): Promise<Database> {
  if (config.kind === 'postgres') {
    const where = new URL(config.url);
    options.log?.info(`database: PostgreSQL at ${where.host}${where.pathname}`);
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    return postgresDatabase(pool, 'postgres', () => pool.end());
  }
  if (config.kind === 'embedded') {
    const log = options.log ?? silentLog;
    const server = await openEmbeddedPostgres(config.dataDir, { log, role: options.role ?? 'server' });
    try {
      if (existsSync(path.join(config.dataDir, LEGACY_PGLITE_DIR, 'PG_VERSION'))) {
        if (!server.isOwner) throw new Error('the server is moving the old PGlite database; try again when it is up');
        await moveLegacyPglite(config.dataDir, server.connection, log);
      }
    } catch (error) {
      await server.stop();
      throw error;
    }
    const pool = new pg.Pool({ ...server.connection, max: 10 });
    const database = postgresDatabase(pool, 'embedded', async () => {
      await pool.end();
      await server.stop();
    });
    database.ownsServer = server.isOwner;
    return database;
  }
  if (!config.dataDir.startsWith('memory://')) {
    await mkdir(path.dirname(config.dataDir), { recursive: true, mode: 0o700 });
  }
  return pgliteDatabase(await PGlite.create(config.dataDir));
}

/** An open PGlite as the app's database: an old install's, read while it is moved (the tests write one to check that move). */
function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await client.exec('ANALYZE');
    },
    analyze: async () => {
      await client.exec('ANALYZE');
    },
    close: () => client.close(),
  };
}

/** Where releases before the embedded PostgreSQL kept their PGlite database. */
export const LEGACY_PGLITE_DIR = 'pgdata';

/**
 * Moves an install made by a release that ran on PGlite (DATA_DIR/pgdata) into the embedded PostgreSQL: brings the old
 * database to the current schema, copies every row into a fresh application database in one transaction, checks the
 * counts, then renames the old folder to `pgdata.moved-to-postgres` (kept, 0700, for the operator to delete). Until that
 * rename, a crash at any point leaves the old folder as it was and the next start copies again from scratch.
 */
async function moveLegacyPglite(
  dataDir: string,
  connection: pg.ClientConfig & { database: string },
  log: EmbeddedLog,
): Promise<void> {
  const legacyDir = path.join(dataDir, LEGACY_PGLITE_DIR);
  const started = Date.now();
  log.info(`moving the PGlite database in ${legacyDir} to the embedded PostgreSQL`);
  const admin = new pg.Client({ ...connection, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${EMBEDDED_DATABASE} with (force)`);
    await admin.query(`create database ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  const legacy = await PGlite.create(legacyDir);
  const target = new pg.Client(connection);
  await target.connect();
  try {
    await migratePglite(drizzlePglite({ client: legacy, schema }), { migrationsFolder });
    await migratePg(drizzlePg({ client: target, schema }), { migrationsFolder });
    await legacy.query('begin isolation level repeatable read read only');
    await target.query('begin');
    const counts = await copyAllRows(legacy, target);
    await target.query('commit');
    await legacy.query('commit');
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    log.info(`moved ${String(total)} rows from PGlite in ${String(Date.now() - started)} ms`);
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw new Error(`moving the PGlite database in ${legacyDir} failed; it is left as it was`, { cause: error });
  } finally {
    await target.end();
    await legacy.close();
  }
  const kept = path.join(dataDir, `${LEGACY_PGLITE_DIR}.moved-to-postgres`);
  await rename(legacyDir, kept);
  await chmod(kept, 0o700);
  log.info(`the old PGlite folder is kept at ${kept}; delete it once you are satisfied`);
}
