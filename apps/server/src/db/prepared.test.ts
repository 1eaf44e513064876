import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import type { Database, DbOrTx } from './client.ts';
import { preparedRead } from './prepared.ts';

const notes = pgTable('prepared_read_notes', { id: integer('id').primaryKey(), label: text('label').notNull() });

async function createNotes(database: Database, rows: { id: number; label: string }[]) {
  await database.db.execute(sql`create table prepared_read_notes (id integer primary key, label text not null)`);
  await database.db.insert(notes).values(rows);
}

describe('preparedRead', () => {
  let database: Database;
  let builds: DbOrTx[];
  let findNote: (db: DbOrTx, placeholders: { id: number }) => Promise<{ label: string }[]>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createNotes(database, [
      { id: 1, label: 'voar' },
      { id: 2, label: 'cair' },
    ]);
    builds = [];
    findNote = preparedRead('prepared_read_test_find_note', (db) => {
      builds.push(db);
      return db
        .select({ label: notes.label })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')));
    });
  });
  afterAll(() => database.close());

  it("answers each call with that call's values, from one query built once for the database", async () => {
    expect(await findNote(database.db, { id: 1 })).toEqual([{ label: 'voar' }]);
    expect(await findNote(database.db, { id: 2 })).toEqual([{ label: 'cair' }]);
    expect(await findNote(database.db, { id: 3 })).toEqual([]);
    const answers = await Promise.all([1, 2, 1, 2].map((id) => findNote(database.db, { id })));
    expect(answers.map(([row]) => row?.label)).toEqual(['voar', 'cair', 'voar', 'cair']);
    expect(builds.filter((db) => db === database.db)).toHaveLength(1);
  });

  it("reads inside a transaction through it: the transaction's own rows, and none of them once rolled back", async () => {
    const rollback = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, label: 'nadar' });
        expect(await findNote(tx, { id: 3 })).toEqual([{ label: 'nadar' }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await findNote(database.db, { id: 3 })).toEqual([]);
  });

  it('builds its own query for another database, which reads its own rows', async () => {
    const other = await createTestDatabase();
    try {
      await createNotes(other, [{ id: 1, label: 'correr' }]);
      expect(await findNote(other.db, { id: 1 })).toEqual([{ label: 'correr' }]);
      expect(await findNote(database.db, { id: 1 })).toEqual([{ label: 'voar' }]);
      expect(builds.filter((db) => db === other.db)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
