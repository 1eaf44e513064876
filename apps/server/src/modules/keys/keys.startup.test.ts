// The server refuses to start, in one sentence, when users' keys are missing or DATA_DIR cannot be written.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, StartupError } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { describeStartupFailure } from '../../startup-failure.ts';
import { createTestApp, createTestDatabase } from '../../test/harness.ts';
import { JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-keys-start-'));
  dirs.push(dir);
  return dir;
}

describe('start-up with a missing key store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('refuses to start when no recent user with encrypted dreams has a key; starts with the key store back, or with one key shredded', async () => {
    const original = await tempDir();
    const first = await createTestApp({ ...JOURNAL_TEST_ENV, DATA_DIR: original }, database);
    const user = await signUpUser(first);
    await postDream(first, user, { content: 'Um sonho cifrado com a chave deste DATA_DIR.' });
    const deleted = await signUpUser(first);
    await postDream(first, deleted, { content: 'Um sonho de quem depois apagou a conta.' });
    await first.close();

    // The same database and secrets, but DATA_DIR/keystore was not copied along.
    const moved = await tempDir();
    await cp(path.join(original, 'secrets.json'), path.join(moved, 'secrets.json'));
    const config = loadConfig({ DATA_DIR: moved, LOG_LEVEL: 'silent', ...JOURNAL_TEST_ENV });
    const failure = await buildApp(config, { database }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StartupError);
    expect(describeStartupFailure(failure, config)).toMatch(
      /^Sonhário cannot start: None of the 2 most recent users with encrypted dreams has a key in the key store .*Restore DATA_DIR\/keystore/,
    );

    await cp(path.join(original, 'keystore'), path.join(moved, 'keystore'), { recursive: true });
    const restored = await buildApp(config, { database });
    await restored.close();

    // One key gone among present ones is a restored backup after an account was deleted (its key shredded): it starts.
    await rm(path.join(moved, 'keystore', `${deleted.id}.key`));
    const afterDeletion = await buildApp(config, { database });
    await afterDeletion.close();
  });
});

describe('start-up failures in one sentence', () => {
  it('names the path and the reason for a file-system refusal, and keeps other errors as they are', () => {
    const erofs = Object.assign(new Error("EROFS: read-only file system, chmod '/srv/data/secrets.json'"), {
      code: 'EROFS',
      syscall: 'chmod',
      path: '/srv/data/secrets.json',
    });
    expect(describeStartupFailure(erofs, { dataDir: '/srv/data' })).toBe(
      'Sonhário cannot start: cannot chmod /srv/data/secrets.json: the file system is read-only (EROFS). ' +
        'DATA_DIR (/srv/data) must be a folder the server can write to.',
    );
    expect(describeStartupFailure(new Error('boom'), { dataDir: '/srv/data' })).toBeNull();
  });

  it('prints that sentence, and no stack, when DATA_DIR cannot be created', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../main.ts')], {
      env: { ...process.env, DATA_DIR: path.join(file, 'data'), PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Sonhário cannot start: cannot (open|mkdir) .*not-a-folder.*\(ENOTDIR\)\. DATA_DIR/);
    expect(output).not.toContain('    at ');
  }, 60_000);
});
