// Copies every row of the application's tables between two PostgreSQL databases of the same schema, as JSON text
// (row_to_json on one side, json_populate_recordset on the other: every column type round-trips, bytea included). The
// backup file, its restore, and the move of an old PGlite DATA_DIR to the embedded PostgreSQL all go through here.

/** What PGlite and a node-postgres client have in common. */
export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface TableInfo {
  /** `schema.table`, quoted for SQL. */
  qualified: string;
  /** `schema.table`, as written in backups. */
  name: string;
  /** Columns that take a value on insert (generated columns excluded), quoted for SQL. */
  columns: string[];
}

/** Schemas that are PostgreSQL's or Drizzle's own, never copied. */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'drizzle'];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The application's tables, parents before children (foreign keys), so rows load without disabling checks. */
export async function listTables(db: Queryable): Promise<TableInfo[]> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname <> all($1::text[]) and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast%'
      order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  const { rows: columns } = await db.query<{ schema: string; table: string; column: string }>(
    `select table_schema as schema, table_name as table, column_name as column
       from information_schema.columns
      where table_schema <> all($1::text[]) and is_generated = 'NEVER'
      order by table_schema, table_name, ordinal_position`,
    [SKIPPED_SCHEMAS],
  );
  const { rows: references } = await db.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const infos = new Map<string, TableInfo>();
  for (const { schema, name } of tables) {
    infos.set(`${schema}.${name}`, {
      qualified: `${quote(schema)}.${quote(name)}`,
      name: `${schema}.${name}`,
      columns: [],
    });
  }
  for (const { schema, table, column } of columns) infos.get(`${schema}.${table}`)?.columns.push(quote(column));
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    const info = infos.get(name);
    if (!info || ordered.includes(info) || visiting.has(name)) return;
    visiting.add(name);
    for (const ref of references) if (ref.child === name) visit(ref.parent);
    ordered.push(info);
  };
  for (const name of infos.keys()) visit(name);
  return ordered;
}

/** Every row of `table` as JSON text, in batches, read through a cursor (the caller holds a transaction open). */
export async function* readRows(db: Queryable, table: TableInfo, batchSize = 500): AsyncGenerator<string[]> {
  const cursor = `copy_${table.name.replaceAll(/[^a-z0-9_]/gi, '_')}`;
  await db.query(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as r from ${table.qualified} t`);
  try {
    for (;;) {
      const { rows } = await db.query<{ r: string }>(`fetch ${String(batchSize)} from ${cursor}`);
      if (rows.length === 0) return;
      yield rows.map((row) => row.r);
    }
  } finally {
    await db.query(`close ${cursor}`);
  }
}

/** Inserts rows given as JSON object texts (as `readRows` yields them). */
export async function insertRows(db: Queryable, table: TableInfo, jsonRows: string[]): Promise<void> {
  if (jsonRows.length === 0) return;
  const columns = table.columns.join(', ');
  await db.query(
    `insert into ${table.qualified} (${columns}) overriding system value
     select ${columns} from json_populate_recordset(null::${table.qualified}, $1::json)`,
    [`[${jsonRows.join(',')}]`],
  );
}

export interface SequenceState {
  /** `schema.sequence`. */
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export async function readSequences(db: Queryable): Promise<SequenceState[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences
      where schemaname <> all($1::text[]) order by 1, 2`,
    [SKIPPED_SCHEMAS],
  );
  const states: SequenceState[] = [];
  for (const { schema, name } of rows) {
    const { rows: state } = await db.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${quote(schema)}.${quote(name)}`,
    );
    const [first] = state;
    if (first) states.push({ name: `${schema}.${name}`, lastValue: first.last_value, isCalled: first.is_called });
  }
  return states;
}

export async function writeSequence(db: Queryable, state: SequenceState): Promise<void> {
  const [schema = '', name = ''] = state.name.split('.');
  await db.query('select setval($1::regclass, $2::bigint, $3)', [
    `${quote(schema)}.${quote(name)}`,
    state.lastValue,
    state.isCalled,
  ]);
}

/** Row counts per table, to check a copy. */
export async function countRows(db: Queryable, tables: TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from ${table.qualified}`);
    counts.set(table.name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/**
 * Copies every row of every table of `source` into `target` (both on the same schema version, target empty), with the
 * sequences' positions, and checks the row counts. The caller holds a transaction open on both.
 */
export async function copyAllRows(source: Queryable, target: Queryable): Promise<Map<string, number>> {
  const tables = await listTables(target);
  for (const table of tables) {
    for await (const batch of readRows(source, table)) await insertRows(target, table, batch);
  }
  for (const state of await readSequences(source)) await writeSequence(target, state);
  const [sourceCounts, targetCounts] = [await countRows(source, tables), await countRows(target, tables)];
  for (const [name, n] of sourceCounts) {
    if (targetCounts.get(name) !== n) {
      throw new Error(
        `copy of ${name} incomplete: ${String(n)} rows in the source, ${String(targetCounts.get(name))} copied`,
      );
    }
  }
  return targetCounts;
}
