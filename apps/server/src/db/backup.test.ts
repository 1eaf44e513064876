// `npm run admin -- backup` while the server runs, and `restore` into a fresh DATA_DIR: the dreams read back. On the
// embedded default in the default run; on the PostgreSQL server of TEST_DATABASE_URL (fresh databases) when set.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dream, ListDreamsResponse } from '@sonhario/contracts/dreams';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';
import { createTestApp } from '../test/harness.ts';
import { PASSWORD } from '../modules/auth/auth.testing.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser } from '../modules/dreams/dreams.testing.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An install: a DATA_DIR, and on PostgreSQL runs a brand-new database of its own. */
async function install(): Promise<{ env: Record<string, string> }> {
  const dataDir = await tempDir('sonhario-backup-');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: { DATA_DIR: dataDir } };
  const name = `sonhario_backup_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } };
}

async function openApp(env: Record<string, string>) {
  const database = await createDatabase(loadConfig(env).database);
  await database.migrate();
  const t = await createTestApp({ ...JOURNAL_TEST_ENV, ...env }, database);
  return {
    t,
    close: async () => {
      await t.close();
      await database.close();
    },
  };
}

describe('npm run admin -- backup / restore', () => {
  it('backs up while the server runs and restores into a fresh DATA_DIR, where the dreams read back', async () => {
    const source = await install();
    const running = await openApp(source.env);
    const user = await signUpUser(running.t);
    const written: Dream[] = [];
    for (const content of [
      'Estava numa feira em Belém e as frutas falavam comigo.',
      'I kept missing the last train; the station clock ran backwards.',
    ]) {
      written.push(await postDream(running.t, user, { content, emotions: ['medo'], tags: ['trem'] }));
    }
    const listBefore = (await api(running.t, user).get('/dreams?limit=50')).json<ListDreamsResponse>();

    const file = path.join(await tempDir('sonhario-backup-file-'), 'sonhario.backup.gz');
    const out: string[] = [];
    expect(await runCli(['backup', file], (line) => out.push(line), source.env)).toBe(0);
    expect(out.join('\n')).toMatch(/backup written to .* rows in \d+ tables/);
    expect(out.join('\n')).toContain('keystore');
    // The server went on working while and after the CLI shared its database.
    await postDream(running.t, user, { content: 'Depois do backup: um sonho que não está nele.' });
    await running.close();

    // The operator's other half of the backup: the key store and the secrets, copied apart.
    const target = await install();
    const sourceDir = source.env.DATA_DIR ?? '';
    const targetDir = target.env.DATA_DIR ?? '';
    await cp(path.join(sourceDir, 'keystore'), path.join(targetDir, 'keystore'), { recursive: true });
    await cp(path.join(sourceDir, 'secrets.json'), path.join(targetDir, 'secrets.json'));

    // A damaged file restores nothing, and says so.
    const bytes = await readFile(file);
    const cut = `${file}.cut`;
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    out.length = 0;
    expect(await runCli(['restore', cut], (line) => out.push(line), target.env)).toBe(1);
    expect(out.join('\n')).toMatch(/damaged|cut short/);
    expect(await runCli(['restore', path.join(targetDir, 'nope.gz')], (line) => out.push(line), target.env)).toBe(1);

    out.length = 0;
    expect(await runCli(['restore', file], (line) => out.push(line), target.env)).toBe(0);
    expect(out.join('\n')).toMatch(/restored \d+ rows/);
    // Restoring twice would mix two journals: refused.
    out.length = 0;
    expect(await runCli(['restore', file], (line) => out.push(line), target.env)).toBe(1);
    expect(out.join('\n')).toContain('already holds accounts');

    const restored = await openApp(target.env);
    try {
      expect((await api(restored.t, user).get('/dreams?limit=50')).json<ListDreamsResponse>()).toEqual(listBefore);
      for (const dream of written) {
        expect((await api(restored.t, user).get(`/dreams/${dream.id}`)).json<Dream>().content).toBe(dream.content);
      }
      const signIn = await restored.t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { apikey: getApiKeys(restored.t.app.deps.secrets).anonKey },
        payload: { email: user.email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
