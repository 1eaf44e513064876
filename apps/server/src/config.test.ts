import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.ts';
import { loadSecrets } from './secrets.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'embedded', dataDir: path.resolve('./data') });
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.env.AUTH_AUTOCONFIRM).toBe(false);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/x' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SITE_URL', 'not a url'],
    ['MASTER_KEY', 'short'],
    ['JWT_SECRET', 'too-short'],
    ['AUTH_AUTOCONFIRM', 'maybe'],
    ['AI_PROVIDER', 'skynet'],
    ['KEYSTORE', 'vault'],
    ['KEYSTORE_DATABASE_URL', 'file:///keys'],
    ['DEFAULT_PLAN', 'platinum'],
  ])('names the bad variable %s=%s', (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).message).toContain(`${name}:`);
  });

  it("keeps users' keys in DATA_DIR/keystore unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: '/srv/sonhos' }).keyStore).toEqual({ kind: 'files', dir: '/srv/sonhos/keystore' });
    expect(loadConfig({ KEYSTORE: 'database' }).keyStore).toEqual({ kind: 'database', url: null });
    const url = 'postgres://u@127.0.0.1:5432/keys';
    expect(loadConfig({ KEYSTORE_DATABASE_URL: url }).keyStore).toEqual({ kind: 'database', url });
    expect(loadConfig({ KEYSTORE: 'database', KEYSTORE_DATABASE_URL: url }).keyStore).toEqual({
      kind: 'database',
      url,
    });
  });

  it.each([
    [{ KEYSTORE: 'files', KEYSTORE_DATABASE_URL: 'postgres://u@h/keys' }, 'only used with KEYSTORE=database'],
    [
      { DATABASE_URL: 'postgres://u@h/x', KEYSTORE_DATABASE_URL: 'postgres://u@h/x' },
      'must name a database other than DATABASE_URL',
    ],
  ])('refuses a key store setting that cannot be meant: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`KEYSTORE_DATABASE_URL: ${message}`);
  });

  it('gives new accounts DEFAULT_PLAN without billing (Oracle when unset, any case), Dreamer with billing', () => {
    expect(loadConfig({}).newAccountPlan).toBe('oracle');
    expect(loadConfig({ DEFAULT_PLAN: '' }).newAccountPlan).toBe('oracle');
    expect(loadConfig({ DEFAULT_PLAN: 'dreamer' }).newAccountPlan).toBe('dreamer');
    expect(loadConfig({ DEFAULT_PLAN: ' Lucid ' }).newAccountPlan).toBe('lucid');
    expect(() => loadConfig({ DEFAULT_PLAN: 'platinum' })).toThrow(
      'DEFAULT_PLAN: must be one of dreamer, lucid, oracle',
    );
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(loadConfig(stripe).newAccountPlan).toBe('dreamer');
    expect(loadConfig({ ...stripe, DEFAULT_PLAN: 'dreamer' }).newAccountPlan).toBe('dreamer');
  });

  it.each(['lucid', 'oracle'])(
    'refuses DEFAULT_PLAN=%s with billing on (silently ignored there, or a paid plan given away)',
    (plan) => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', DEFAULT_PLAN: plan })).toThrow(ConfigError);
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', DEFAULT_PLAN: plan })).toThrow(
        'DEFAULT_PLAN: only applies without billing',
      );
    },
  );

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', SMTP_URL: '' });
    expect(config.database.kind).toBe('embedded');
    expect(config.port).toBe(3000);
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters (a guessable one would expose the metrics)', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).env.METRICS_TOKEN).toBe('a'.repeat(16));
  });

  it('strips a trailing slash from SITE_URL', () => {
    expect(loadConfig({ SITE_URL: 'https://sonhos.example/' }).siteUrl).toBe('https://sonhos.example');
  });
});

describe('loadSecrets', () => {
  it('generates secrets on first start, keeps them with mode 0600, and reuses them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-secrets-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir });
    const first = await loadSecrets(config);
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.masterKey).toHaveLength(32);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const second = await loadSecrets(config);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.masterKey.equals(first.masterKey)).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers secrets from the environment', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-secrets-'));
    dirs.push(dir);
    const masterKey = Buffer.alloc(32, 7).toString('base64');
    const secrets = await loadSecrets(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), MASTER_KEY: masterKey }));
    expect(secrets.jwtSecret).toBe('x'.repeat(40));
    expect(secrets.masterKey.toString('base64')).toBe(masterKey);
  });

  it('generates a VAPID key pair once (also into a secrets file from before reminders), unless the environment sets one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-secrets-'));
    dirs.push(dir);
    const file = path.join(dir, 'secrets.json');
    await writeFile(
      file,
      JSON.stringify({ jwtSecret: 'y'.repeat(40), masterKey: Buffer.alloc(32, 1).toString('base64') }),
      {
        mode: 0o600,
      },
    );
    const first = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.jwtSecret).toBe('y'.repeat(40));
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await loadSecrets(loadConfig({ DATA_DIR: dir }))).vapid).toEqual(first.vapid);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const pair = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect((await loadSecrets(loadConfig({ DATA_DIR: dir, ...pair }))).vapid).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
  });
});

describe('.env.example', () => {
  it('names every variable the server reads, and only those, each with a value the server accepts', async () => {
    const text = await readFile(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const lines = text.split('\n').filter((line) => /^#?[A-Z][A-Z0-9_]*=/.test(line));
    const named = lines.map((line) => line.replace(/^#/, '').split('=')[0]);
    expect(new Set(named)).toEqual(new Set(Object.keys(envSchema.shape)));
    // Every example value loads (the placeholders of secrets and prices aside, which are the operator's own).
    const values = Object.fromEntries(
      lines
        .map((line) => line.replace(/^#/, ''))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const)
        .filter(([, value]) => value !== '' && !value.includes('…')),
    );
    expect(() => loadConfig({ ...values, KEYSTORE_DATABASE_URL: '', DATABASE_URL: '' })).not.toThrow();
  });
});
