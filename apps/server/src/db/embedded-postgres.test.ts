// The embedded default (decision 020): a PostgreSQL the server starts in DATA_DIR/postgres. These run in the default
// test run only; with TEST_DATABASE_URL set the same suite already ran on the embedded engine before.
import { existsSync, type Stats } from 'node:fs';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dream, ListDreamsResponse } from '@sonhario/contracts/dreams';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, LEGACY_PGLITE_DIR } from './client.ts';
import { EMBEDDED_SETTINGS, readPostmasterPid } from './embedded-postgres.ts';
import { createTestApp } from '../test/harness.ts';
import { PASSWORD } from '../modules/auth/auth.testing.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser } from '../modules/dreams/dreams.testing.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-embedded-'));
  dirs.push(dir);
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server may remove a file (a recycled WAL segment, a stats file) between a listing and the lstat. */
async function lstatIfPresent(file: string): Promise<Stats | null> {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every path under `dir` whose mode lets its group or others in (sockets excluded: PostgreSQL's is 0700 anyway). */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const info = await lstatIfPresent(dir);
  if (!info) return found;
  if ((info.mode & 0o077) !== 0) found.push(`${dir} ${(info.mode & 0o777).toString(8)}`);
  if (!info.isDirectory()) return found;
  for (const name of await readdir(dir)) found.push(...(await openToOthers(path.join(dir, name))));
  return found;
}

async function walSize(clusterDir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(path.join(clusterDir, 'pg_wal'))) {
    const info = await lstatIfPresent(path.join(clusterDir, 'pg_wal', name));
    if (info?.isFile()) total += info.size;
  }
  return total;
}

const MiB = 1024 * 1024;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded PostgreSQL', () => {
  it('keeps DATA_DIR private: the folder 0700, nothing in it open to the group or others', async () => {
    const dataDir = await freshDataDir();
    const database = await createDatabase({ kind: 'embedded', dataDir });
    await database.migrate();
    const t = await createTestApp({ ...JOURNAL_TEST_ENV, DATA_DIR: dataDir }, database);
    try {
      const user = await signUpUser(t);
      await postDream(t, user, { content: 'Sonhei com um farol apagado no meio do mar.' });
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'keystore'))).toBe(true);
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await t.close();
      await database.close();
    }
  });

  it('bounds the WAL under continuous writes (several times max_wal_size written, pg_wal stays small)', async () => {
    const dataDir = await freshDataDir();
    const database = await createDatabase({ kind: 'embedded', dataDir });
    try {
      const maxWal = Number.parseInt(EMBEDDED_SETTINGS.max_wal_size ?? '', 10) * MiB;
      await database.db.execute(sql`create table wal_probe (id int, body text)`);
      // ~40 MiB of rows per statement, each its own transaction: about 5 × max_wal_size of WAL in all.
      for (let round = 0; round < 8; round += 1) {
        await database.db.execute(
          sql`insert into wal_probe select g, repeat(md5(g::text), 20) from generate_series(1, 60000) g`,
        );
      }
      const [row] = await queryRows<{ written: string }>(
        database.db,
        sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as written`,
      );
      expect(Number(row!.written)).toBeGreaterThan(4 * maxWal);
      expect(await walSize(path.join(dataDir, 'postgres'))).toBeLessThanOrEqual(2 * maxWal);
    } finally {
      await database.close();
    }
  });

  it('is stopped by the process that started it; a second opener (npm run admin) shares it and leaves it running', async () => {
    const dataDir = await freshDataDir();
    const server = await createDatabase({ kind: 'embedded', dataDir });
    const clusterDir = path.join(dataDir, 'postgres');
    const postmaster = await readPostmasterPid(clusterDir);
    expect(postmaster).not.toBeNull();
    expect(server.ownsServer).toBe(true);

    const tool = await createDatabase({ kind: 'embedded', dataDir }, { role: 'tool' });
    expect(tool.ownsServer).toBe(false);
    await tool.db.execute(sql`select 1`);
    await tool.close();
    expect(isAlive(postmaster!.pid)).toBe(true);
    await server.db.execute(sql`select 1`);

    await server.close();
    expect(isAlive(postmaster!.pid)).toBe(false);
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  });

  it('moves an install made on PGlite (DATA_DIR/pgdata) into PostgreSQL, every row and every secret intact', async () => {
    const dataDir = await freshDataDir();
    const env = { ...JOURNAL_TEST_ENV, DATA_DIR: dataDir };
    // The layout the previous release wrote: PGlite in DATA_DIR/pgdata, keys in DATA_DIR/keystore.
    const legacy = await createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, LEGACY_PGLITE_DIR) });
    await legacy.migrate();
    const before = await createTestApp(env, legacy);
    const user = await signUpUser(before);
    const written: Dream[] = [];
    for (const content of [
      'Voava sobre Recife à noite.',
      'I was late for an exam in a school with no doors.',
      'Sonhei com a minha avó na cozinha, ela ria.',
    ]) {
      written.push(await postDream(before, user, { content, tags: ['família'], emotions: ['alegria'] }));
    }
    const listBefore = (await api(before, user).get('/dreams?limit=50')).json<ListDreamsResponse>();
    const balanceBefore = (await api(before, user).get('/credits')).json<{ balance: number }>().balance;
    await before.close();
    await legacy.close();

    const moved = await createDatabase({ kind: 'embedded', dataDir });
    await moved.migrate();
    const after = await createTestApp(env, moved);
    try {
      expect(existsSync(path.join(dataDir, LEGACY_PGLITE_DIR))).toBe(false);
      expect(existsSync(path.join(dataDir, `${LEGACY_PGLITE_DIR}.moved-to-postgres`))).toBe(true);
      // The old session still works (its refresh token and the signing secret came along) …
      const listAfter = (await api(after, user).get('/dreams?limit=50')).json<ListDreamsResponse>();
      expect(listAfter).toEqual(listBefore);
      for (const dream of written) {
        const res = await api(after, user).get(`/dreams/${dream.id}`);
        expect(res.json<Dream>().content).toBe(dream.content);
      }
      expect((await api(after, user).get('/credits')).json<{ balance: number }>().balance).toBe(balanceBefore);
      // … and a new sign-in writes audit rows: the sequences moved with the rows.
      const signIn = await after.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: getApiKeys(after.app.deps.secrets).anonKey },
        payload: { email: user.email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      expect(
        (await postDream(after, user, { content: 'Depois da mudança, sonhei com uma casa nova.' })).content,
      ).toContain('casa nova');
    } finally {
      await after.close();
      await moved.close();
    }
  }, 120_000);
});
