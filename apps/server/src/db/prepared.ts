import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.ts';

/** What a Drizzle query gives once prepared: run it with its placeholders' values. */
interface PreparedQuery<Row> {
  execute(placeholders: Record<string, unknown>): Promise<Row[]>;
}

/** A Drizzle query built with `sql.placeholder(…)` for its values, ready to be prepared. */
interface PreparableQuery<Row> {
  prepare(name: string): PreparedQuery<Row>;
}

/**
 * A read that (almost) every request makes, as a prepared statement (decision 055). Drizzle builds a query's SQL each
 * time it runs: for the session check, the profile or the dashboard's reads, that building cost node more CPU than
 * the rest of their work. A prepared read is built once per database, with `sql.placeholder(…)` for its values, and
 * runs under its name, so PostgreSQL also parses it once per connection instead of on every request.
 *
 * In a transaction the query is built on the transaction, as every other statement there (a prepared query belongs to
 * the database handle it was built on); its name still spares PostgreSQL the parse on that connection.
 *
 * `name` must be unique among the server's prepared reads: PostgreSQL knows a statement by it.
 */
export function preparedRead<Placeholders extends Record<string, unknown>, Row>(
  name: string,
  build: (db: DbOrTx) => PreparableQuery<Row>,
): (db: DbOrTx, placeholders: Placeholders) => Promise<Row[]> {
  const prepared = new WeakMap<Db, PreparedQuery<Row>>();
  return (db, placeholders) => {
    if (db instanceof PgTransaction) return build(db).prepare(name).execute(placeholders);
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query.execute(placeholders);
  };
}
