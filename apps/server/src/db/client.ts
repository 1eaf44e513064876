import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import * as schema from './schema/index.ts';

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
  close(): Promise<void>;
}

// The same folder works from src/db/ (tests, tsx) and from dist/ (the bundle copies it there).
const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }
  if (!config.dataDir.startsWith('memory://')) {
    await mkdir(path.dirname(config.dataDir), { recursive: true, mode: 0o700 });
  }
  const client = await PGlite.create(config.dataDir);
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
