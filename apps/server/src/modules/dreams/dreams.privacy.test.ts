import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@sonhario/contracts/dreams';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { foldText } from './dreams.search.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from './dreams.testing.ts';

// Privacy by construction: what the database (or a dump of it) and the logs hold about a dream.
describe('dreams at rest', () => {
  const jwtSecret = randomBytes(48).toString('base64url');
  const masterKey = randomBytes(32).toString('base64');
  let t: TestApp;
  let user: TestUser;
  let dream: Dream;

  // Words that occur nowhere else in the database.
  const secret = {
    title: 'Quindim Xilofônico',
    content: 'Eu tocava um xilofone gigante feito de paralelepípedos enquanto a girafa Bartolomeu cantava',
    notes: 'Bartolomeu tinha olhos de esmeralda',
    tags: ['Zeppelin Azulado', 'ornitorrinco'],
  };
  const secretWords = [
    'quindim',
    'xilofonico',
    'xilofone',
    'paralelepipedos',
    'paralelepiped',
    'girafa',
    'bartolomeu',
    'esmeralda',
    'zeppelin',
    'azulado',
    'ornitorrinco',
  ];

  beforeAll(async () => {
    t = await createTestApp({ ...JOURNAL_TEST_ENV, JWT_SECRET: jwtSecret, MASTER_KEY: masterKey });
    user = await signUpUser(t);
    dream = await postDream(t, user, { ...secret, emotions: ['surpresa'] });
    await api(t, user).patch(`/dreams/${dream.id}`, { notes: `${secret.notes} e asas` });
    await api(t, user).get(`/dreams/${dream.id}`);
    await api(t, user).get('/dreams');
    await api(t, user).get('/tags');
    await api(t, user).get('/me/overview');
  });
  afterAll(() => t.close());

  /** Every row of every table, as text, the way a dump would show it (bytea as hex, arrays as literals). */
  async function dumpDatabase(): Promise<string> {
    const tables = await queryRows<{ table_schema: string; table_name: string }>(
      t.database.db,
      sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'auth') and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['dreams', 'user_tags', 'user_keys', 'profiles']),
    );
    const parts: string[] = [];
    for (const { table_schema: schema, table_name: table } of tables) {
      const rows = await queryRows<{ row: string }>(
        t.database.db,
        sql.raw(`select row_to_json(r)::text as row from "${schema}"."${table}" r`),
      );
      parts.push(...rows.map((r) => r.row));
    }
    return parts.join('\n');
  }

  it('holds no word of the dream anywhere in the database, in any form', async () => {
    const dump = await dumpDatabase();
    expect(dump).toContain(dream.id);
    // bytea shows as hex in a dump ("\\x5175…"): decode it, so text stored as plain bytes would show.
    const decoded = dump.replace(/\\\\x([0-9a-f]+)/g, (_, hex: string) => Buffer.from(hex, 'hex').toString('utf8'));
    expect(decoded).not.toBe(dump);
    for (const word of secretWords) {
      expect(foldText(dump)).not.toContain(word);
      expect(foldText(decoded)).not.toContain(word);
    }
  });

  it('stores title, content, notes, tags and summary as ciphertext, and search terms as numbers', async () => {
    const [row] = await queryRows<{ title: string; content: string; tags: string; tokens: string }>(
      t.database.db,
      sql`select encode(title_enc, 'escape') as title, encode(content_enc, 'escape') as content, tag_tokens::text as tags, search_tokens::text as tokens from dreams where id = ${dream.id}`,
    );
    expect(row!.title).not.toContain('Quindim');
    expect(row!.content).not.toContain('xilofone');
    expect(row!.tags).toMatch(/^\{-?\d+,-?\d+\}$/);
    expect(row!.tokens).toMatch(/^\{-?\d+(,-?\d+)+\}$/);
  });

  it('gives the same words different search tokens for different users', async () => {
    const other = await signUpUser(t);
    const twin = await postDream(t, other, { ...secret });
    const tokensOf = async (id: string) =>
      (
        await queryRows<{ t: string }>(t.database.db, sql`select search_tokens::text as t from dreams where id = ${id}`)
      )[0]!.t
        .slice(1, -1)
        .split(',');
    const mine = new Set(await tokensOf(dream.id));
    const theirs = await tokensOf(twin.id);
    expect(theirs.length).toBeGreaterThan(10);
    expect(theirs.filter((token) => mine.has(token))).toEqual([]);
  });

  it('never writes dream text to the logs', () => {
    const logs = t.logs.text.toLowerCase();
    expect(t.logs.lines.length).toBeGreaterThan(5);
    for (const word of secretWords) expect(foldText(logs)).not.toContain(word);
  });

  it('cannot open a blob moved to another dream: 500 without internals, and nothing leaks', async () => {
    const victim = await postDream(t, user, { content: 'Um sonho comum de terça-feira' });
    await t.database.db.execute(
      sql`update dreams set content_enc = (select content_enc from dreams where id = ${dream.id}) where id = ${victim.id}`,
    );
    const res = await api(t, user).get(`/dreams/${victim.id}`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal server error' });
    expect(foldText(res.body)).not.toContain('xilofone');
    expect(foldText(t.logs.text)).not.toContain('xilofone');
    await t.database.db.execute(sql`delete from dreams where id = ${victim.id}`);
  });

  it('cannot read the journal with another master key (same database, same tokens)', async () => {
    const stranger = await createTestApp(
      { ...JOURNAL_TEST_ENV, JWT_SECRET: jwtSecret, MASTER_KEY: randomBytes(32).toString('base64') },
      t.database,
    );
    try {
      for (const url of [`/dreams/${dream.id}`, '/dreams', '/tags']) {
        const res = await api(stranger, user).get(url);
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal server error' });
        expect(foldText(res.body)).not.toContain('xilofone');
      }
      // The rightful server still reads it.
      expect((await api(t, user).get(`/dreams/${dream.id}`)).json().content).toBe(secret.content);
    } finally {
      await stranger.close();
    }
  });
});
