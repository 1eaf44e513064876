// Start-up failures are one sentence and exit code 1 (docs/decisions/033), checked with real ports and processes: a
// port another process holds, closed ports for PostgreSQL and Redis, a real PostgreSQL without the database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { freePort, LogCapture } from '../test/harness.ts';
import { runCli } from '../cli.ts';
import { runServer } from './start.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-start-'));
  dirs.push(dir);
  return dir;
}

/** A port with a listener on it, as another program would hold it. */
async function occupyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { port: address.port, server };
}

/**
 * A Redis stand-in speaking RESP: enough of the protocol for ioredis' connection (the ready check's INFO, CLIENT,
 * SELECT) and the start's PING. It records the commands it was sent.
 */
async function startFakeRedis(password: string): Promise<{ url: string; commands: string[]; close(): Promise<void> }> {
  const commands: string[] = [];
  const server = createServer((socket) => {
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (;;) {
        const parsed = parseCommand(buffered);
        if (!parsed) break;
        buffered = buffered.slice(parsed.length);
        const name = (parsed.args[0] ?? '').toUpperCase();
        commands.push(name);
        if (name === 'PING') socket.write('+PONG\r\n');
        else if (name === 'INFO') {
          const info = '# Server\r\nredis_version:7.2.0\r\nloading:0\r\n';
          socket.write(`$${String(Buffer.byteLength(info))}\r\n${info}\r\n`);
        } else if (name === 'QUIT') socket.end('+OK\r\n');
        else if (name === 'AUTH') {
          socket.write(
            parsed.args.at(-1) === password
              ? '+OK\r\n'
              : '-WRONGPASS invalid username-password pair or user is disabled.\r\n',
          );
        } else if (name === 'CLIENT' || name === 'SELECT') socket.write('+OK\r\n');
        else socket.write(`-ERR unknown command '${name}'\r\n`);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return {
    url: `redis://127.0.0.1:${String(address.port)}`,
    commands,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One RESP array of bulk strings from the start of `text`, or null while it is incomplete. */
function parseCommand(text: string): { args: string[]; length: number } | null {
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header) return null;
  let offset = header[0].length;
  const args: string[] = [];
  for (let i = 0; i < Number(header[1]); i++) {
    const bulk = /^\$(\d+)\r\n/.exec(text.slice(offset));
    if (!bulk) return null;
    const start = offset + bulk[0].length;
    const end = start + Number(bulk[1]);
    if (text.length < end + 2) return null;
    args.push(text.slice(start, end));
    offset = end + 2;
  }
  return { args, length: offset };
}

const BASE_ENV = { HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', AUTH_ARGON2_MEMORY_KIB: '256' };

/** runServer as main runs it, with stderr and pino's log captured. */
async function start(env: Record<string, string>) {
  const stderr: string[] = [];
  const logs = new LogCapture();
  const dataDir = env.DATA_DIR ?? (await tempDir());
  const result = await runServer({ ...BASE_ENV, DATA_DIR: dataDir, ...env }, (line) => stderr.push(line), {
    logStream: logs,
  });
  return { result, stderr, logs, dataDir };
}

describe('start-up failures', () => {
  it('a port in use: one sentence naming PORT, before the database is even created', async () => {
    const { port, server } = await occupyPort();
    try {
      const { result, stderr, dataDir } = await start({ PORT: String(port) });
      expect(result.code).toBe(1);
      expect(stderr).toEqual([
        `Sonhário cannot start: Port ${String(port)} is in use (on 127.0.0.1); set PORT or stop the other process.`,
      ]);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      server.close();
    }
  });

  it('DATABASE_URL on a closed port: names host and port, never the password', async () => {
    const port = await freePort();
    const { result, stderr } = await start({
      PORT: '0',
      DATABASE_URL: `postgres://sonhario:hunter2secret@127.0.0.1:${String(port)}/journal`,
    });
    expect(result.code).toBe(1);
    expect(stderr).toEqual([
      `Sonhário cannot start: Nothing answers at 127.0.0.1:${String(port)}, the PostgreSQL server in DATABASE_URL ` +
        '(connection refused); start PostgreSQL or fix DATABASE_URL.',
    ]);
    expect(stderr.join('')).not.toContain('hunter2secret');
  });

  it('REDIS_URL on a closed port: refuses to start (rate limits would silently stop being shared)', async () => {
    const port = await freePort();
    const { result, stderr } = await start({ PORT: '0', REDIS_URL: `redis://127.0.0.1:${String(port)}` });
    expect(result.code).toBe(1);
    expect(stderr).toEqual([
      `Sonhário cannot start: Redis at 127.0.0.1:${String(port)} (REDIS_URL) cannot be reached ` +
        '(connection refused (ECONNREFUSED)); start Redis or unset REDIS_URL.',
    ]);
  });

  it('AI_PROVIDER=openai without AI_MODEL, and a malformed variable: one sentence naming the variables', async () => {
    const first = await start({ PORT: '0', AI_PROVIDER: 'openai', AI_BASE_URL: 'http://127.0.0.1:1/v1' });
    expect(first.result.code).toBe(1);
    expect(first.stderr).toEqual([
      'Sonhário cannot start: The configuration is invalid: AI_MODEL: required when AI_PROVIDER=openai. ' +
        'Fix these variables (see .env.example).',
    ]);
    const second = await start({ PORT: 'eighty', AI_BASE_URL: 'not a url' });
    expect(second.result.code).toBe(1);
    expect(second.stderr).toHaveLength(1);
    expect(second.stderr[0]).toMatch(
      /^Sonhário cannot start: The configuration is invalid: PORT: .*; AI_BASE_URL: .*\. Fix these variables/,
    );
  });

  it('with LOG_LEVEL=debug the stack follows the sentence', async () => {
    const port = await freePort();
    const { stderr } = await start({ PORT: '0', LOG_LEVEL: 'debug', REDIS_URL: `redis://127.0.0.1:${String(port)}` });
    expect(stderr[0]).toMatch(/^Sonhário cannot start: Redis at /);
    expect(stderr[1]).toContain('    at ');
  });
});

describe('start-up against a real PostgreSQL', () => {
  let cluster: EmbeddedPostgres;
  const urlFor = (database: string) =>
    `postgresql://${cluster.connection.user}@localhost/${database}?host=${encodeURIComponent(cluster.connection.host)}`;

  beforeAll(async () => {
    const silent = { info: () => undefined, warn: () => undefined };
    cluster = await openEmbeddedPostgres(await tempDir(), { log: silent, role: 'server' });
  }, 120_000);
  afterAll(() => cluster.stop());

  it('a database that does not exist: says to create it first, with the command', async () => {
    const { result, stderr } = await start({ PORT: '0', DATABASE_URL: urlFor('no_such_journal') });
    expect(result.code).toBe(1);
    expect(stderr).toEqual([
      `Sonhário cannot start: The database "no_such_journal" does not exist on the PostgreSQL server at ` +
        `${cluster.connection.host} (Unix socket); create it first (createdb -h ${cluster.connection.host} -p 5432 ` +
        'no_such_journal) or fix DATABASE_URL.',
    ]);
  });

  it('logs one line per step; an unreachable AI endpoint warns and the server starts', async () => {
    const aiPort = await freePort();
    const { result, stderr, logs } = await start({
      PORT: '0',
      DATABASE_URL: urlFor(cluster.connection.database),
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${String(aiPort)}/v1`,
      AI_MODEL: 'llama-test',
    });
    expect(stderr).toEqual([]);
    if (result.code !== 0) throw new Error('did not start');
    try {
      const health = await fetch(`${result.url}/api/v1/health`);
      expect(health.status).toBe(200);
      // The reachability probe runs after listening; wait for its line.
      for (let i = 0; i < 100 && !logs.text.includes('cannot be reached'); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const messages = logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      const steps = [
        /^database: PostgreSQL at localhost\/sonhario$/,
        /^migrations applied: \d+ of \d+, schema now at \d{4}_\w+ \(\d+ ms\)$/,
        /^secrets: generated the master key and the token secret in .*secrets\.json; keep a copy/,
        /^key store: users' keys in .*keystore/,
        /^AI provider: openai, model llama-test, at http:\/\/127\.0\.0\.1:\d+\/v1$/,
        /^Sonhário is running at http:\/\/localhost:0 \(listening on http:\/\/127\.0\.0\.1:\d+; database: postgres\)$/,
        /^AI provider openai at http:\/\/127\.0\.0\.1:\d+\/v1 cannot be reached \(connection refused \(ECONNREFUSED\)\): analyses will fail until it answers/,
      ];
      const positions = steps.map((step) => messages.findIndex((m) => step.test(m)));
      expect(
        positions.every((p) => p >= 0),
        messages.join('\n'),
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    } finally {
      await result.app.close();
    }
  });

  it('REDIS_URL: a refused password is one sentence; when reachable it is pinged first, then named in one line', async () => {
    const redis = await startFakeRedis('s3cretpass');
    try {
      const wrong = await start({ PORT: '0', REDIS_URL: redis.url.replace('redis://', 'redis://:wrongpass@') });
      expect(wrong.result.code).toBe(1);
      expect(wrong.stderr).toEqual([
        `Sonhário cannot start: Redis at ${redis.url.slice('redis://'.length)} refused the login (WRONGPASS invalid ` +
          'username-password pair or user is disabled); fix the password in REDIS_URL.',
      ]);
      const withPassword = redis.url.replace('redis://', 'redis://:s3cretpass@');
      const { result, stderr, logs } = await start({
        PORT: '0',
        DATABASE_URL: urlFor(cluster.connection.database),
        REDIS_URL: withPassword,
      });
      if (result.code !== 0) throw new Error(stderr.join('\n'));
      await result.app.close();
      expect(redis.commands).toContain('PING');
      expect(logs.text).toMatch(new RegExp(`Redis: rate limits shared through ${redis.url} \\(ping \\d+ ms\\)`));
      expect(logs.text).not.toContain('s3cretpass');
    } finally {
      await redis.close();
    }
  });

  it('a second start on the same database applies no migration', async () => {
    const first = await start({ PORT: '0', DATABASE_URL: urlFor(cluster.connection.database) });
    if (first.result.code !== 0) throw new Error(first.stderr.join('\n'));
    await first.result.app.close();
    const again = await start({
      PORT: '0',
      DATABASE_URL: urlFor(cluster.connection.database),
      DATA_DIR: first.dataDir,
    });
    if (again.result.code !== 0) throw new Error(again.stderr.join('\n'));
    await again.result.app.close();
    expect(again.logs.text).toMatch(/database schema is current \(\d{4}_\w+\); no migration to apply/);
    expect(again.logs.text).toContain('secrets: read from');
  });
});

describe('a running server and its DATA_DIR', () => {
  it('a second server on the same DATA_DIR refuses in one sentence; the admin CLI writes through the running one', async () => {
    const dataDir = await tempDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../main.ts')], {
      env: {
        ...process.env,
        ...BASE_ENV,
        PORT: String(port),
        SITE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        AUTH_AUTOCONFIRM: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErr = '';
    child.stderr.on('data', (chunk: Buffer) => (childErr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`the server exited: ${childErr}`);
        if (i > 1200) throw new Error('the server did not become healthy in 120 s');
        const healthy = await fetch(`${url}/api/v1/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (healthy) break;
        await new Promise((r) => setTimeout(r, 100));
      }

      const second = await start({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(second.result.code).toBe(1);
      expect(second.stderr).toEqual([
        `Sonhário cannot start: DATA_DIR is in use: process ${String(child.pid)} started its PostgreSQL (another ` +
          'server, or npm run admin). Stop it, or wait for the admin command to finish.',
      ]);

      const out: string[] = [];
      const cliEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
      expect(await runCli(['keys'], (line) => out.push(line), cliEnv)).toBe(0);
      const anonKey = (out[0] ?? '').split(/\s+/).at(-1) ?? '';
      const signUp = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'correct horse battery 9' }),
      });
      const { access_token: token } = (await signUp.json()) as { access_token: string };
      expect(await runCli(['set-plan', 'ana@example.com', 'oracle'], (line) => out.push(line), cliEnv)).toBe(0);
      const profile = await fetch(`${url}/api/v1/me/profile`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await profile.json()) as { plan: string }).plan).toBe('oracle');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});

describe('the real process', () => {
  it('prints the sentence alone on stderr and exits 1 (port in use)', async () => {
    const { port, server } = await occupyPort();
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../main.ts')], {
        env: { ...process.env, ...BASE_ENV, PORT: String(port), DATA_DIR: await tempDir(), DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Sonhário cannot start: Port ${String(port)} is in use (on 127.0.0.1); set PORT or stop the other process.\n`,
      );
      expect(stdout).toBe('');
    } finally {
      server.close();
    }
  }, 60_000);
});
