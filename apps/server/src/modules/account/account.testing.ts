import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../dreams/dreams.testing.ts';

/** Test helpers that look at the database the way an operator (or a thief with a dump) would. */

// A type, not an interface: a raw query's row type must be a Record (an interface has no index signature).
type ScannedColumn = {
  table_schema: string;
  table_name: string;
  column_name: string;
  data_type: string;
};

/** Every column of every table in the auth and public schemas that can hold an id or an address as text. */
async function scannableColumns(db: DbOrTx): Promise<ScannedColumn[]> {
  return queryRows<ScannedColumn>(
    db,
    sql`select c.table_schema, c.table_name, c.column_name, c.data_type
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema in ('auth', 'public') and t.table_type = 'BASE TABLE'
           and c.data_type in ('uuid', 'text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
         order by 1, 2, 3`,
  );
}

/** `schema.table.column` → how many rows hold `needle` (case-insensitively) in that column; only non-zero ones. */
export async function findEverywhere(db: DbOrTx, needle: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const c of await scannableColumns(db)) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(`"${c.table_schema}"."${c.table_name}"`)}
           where strpos(lower(${sql.raw(`"${c.column_name}"`)}::text), lower(${needle})) > 0`,
    );
    if (row!.n > 0) found[`${c.table_schema}.${c.table_name}.${c.column_name}`] = row!.n;
  }
  // Whole rows too, whatever their column types.
  for (const table of await baseTables(db)) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(table)} r where strpos(lower(row_to_json(r)::text), lower(${needle})) > 0`,
    );
    if (row!.n > 0) found[`${table} (row)`] = row!.n;
  }
  return found;
}

async function baseTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ t: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as t from information_schema.tables
         where table_schema in ('auth', 'public') and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.t);
}

/** A logical backup: every row of every table, as JSON text (what a pg_dump would let one rebuild). */
export type Backup = Record<string, string[]>;

export async function takeBackup(db: DbOrTx): Promise<Backup> {
  const backup: Backup = {};
  for (const table of await baseTables(db)) {
    backup[table] = (
      await queryRows<{ row: string }>(db, sql`select row_to_json(r)::text as row from ${sql.raw(table)} r`)
    ).map((r) => r.row);
  }
  return backup;
}

/** Loads a backup into a freshly migrated database (foreign keys and triggers off while loading, as pg_restore does). */
export async function restoreBackup(db: DbOrTx, backup: Backup): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [table, rows] of Object.entries(backup)) {
      for (const row of rows) {
        await tx.execute(
          sql`insert into ${sql.raw(table)} select * from json_populate_record(null::${sql.raw(table)}, ${row}::json) on conflict do nothing`,
        );
      }
    }
    // Sequences carry on after the restored rows, as pg_dump's setval lines make them.
    const serials = await queryRows<{ statement: string }>(
      tx,
      sql`select format('select setval(%L, coalesce((select max(%I) from %I.%I), 0) + 1, false)',
                        pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name), column_name, table_schema, table_name) as statement
            from information_schema.columns
           where table_schema in ('auth', 'public') and column_default like 'nextval%'`,
    );
    for (const { statement } of serials) await tx.execute(sql.raw(statement));
  });
}

/** bytea as row_to_json writes it ("\\x…"). */
export const byteaOf = (value: string) => Buffer.from(value.replace(/^\\x/, ''), 'hex');
