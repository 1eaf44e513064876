// Several instances (issue 20, docs/decisions/034): two real server processes on one PostgreSQL and one Redis, behind
// a round-robin proxy, as docs/self-hosting.md tells an operator to run them. Needs TEST_DATABASE_URL and REDIS_URL
// (.ci/run sets both); skipped otherwise. The processes run the sources (tsx), so what is tested is this checkout,
// never a stale build.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/client.ts';
import { PURGE_LOCK_KEY, startPurgeSweeper } from './modules/dreams/dreams.plugin.ts';
import { getApiKeys } from './modules/auth/auth.tokens.ts';
import { freePort, LogCapture } from './test/harness.ts';
import pino from 'pino';

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(adminUrl && redisUrl);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'correct horse battery';
const RATE_LIMIT_TOKEN = 6;

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

/** Starts `node --import tsx apps/server/src/main.ts` with `env`; resolves when /api/v1/health answers 200. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { name, url: `http://127.0.0.1:${port}`, process: child, output: [] };
  child.stdout.on('data', (chunk: Buffer) => instance.output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => instance.output.push(chunk.toString('utf8')));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${instance.url}/api/v1/health`)).ok) return instance;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} did not become healthy:\n${instance.output.join('').slice(-4000)}`);
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
  if (!stopped) instance.process.kill('SIGKILL');
}

/**
 * The reverse proxy: each request to the next instance in turn (round robin, no stickiness), with the client address
 * in X-Forwarded-For as nginx and Caddy send it. `hits` records which instance answered each request.
 */
function startProxy(
  upstreams: () => string[],
  clientIp: string,
): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  let next = 0;
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const targets = upstreams();
    const target = new URL(req.url ?? '/', targets[next++ % targets.length]);
    hits.push(target.origin);
    const upstream = httpRequest(
      target,
      {
        method: req.method,
        headers: { ...req.headers, host: req.headers.host, 'x-forwarded-for': clientIp, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe.skipIf(!enabled)(
  `two server instances on one PostgreSQL and Redis${enabled ? '' : ' (skipped: set TEST_DATABASE_URL and REDIS_URL to run)'}`,
  () => {
    const dbName = `sonhario_multi_${process.pid}_${randomBytes(4).toString('hex')}`;
    const jwtSecret = randomBytes(32).toString('hex');
    const dataDirs: string[] = [];
    let databaseUrl: string;
    let a: Instance | undefined;
    let b: Instance | undefined;
    let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
    // The proxy's client address: one of TEST-NET-2's, new each run, so the shared Redis counters start at zero.
    const clientIp = `198.51.100.${randomInt(1, 255)}`;
    const anonKey = getApiKeys({ jwtSecret }).anonKey;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
      // What docs/self-hosting.md says several instances share: the database (keys in it: KEYSTORE=database), Redis,
      // and the secrets; each has its own DATA_DIR (nothing shared on disk).
      const proxyPort = await freePort();
      const env = async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-multi-'));
        dataDirs.push(dataDir);
        return {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl!,
          KEYSTORE: 'database',
          JWT_SECRET: jwtSecret,
          MASTER_KEY: randomBytes(32).toString('base64'),
          SITE_URL: `http://127.0.0.1:${proxyPort}`,
          TRUST_PROXY: 'true',
          AUTH_AUTOCONFIRM: 'true',
          AUTH_ARGON2_MEMORY_KIB: '256',
          RATE_LIMIT_TOKEN: String(RATE_LIMIT_TOKEN),
          AI_BUILTIN_REVEAL_MS: '0',
        };
      };
      const envA = await env();
      // One MASTER_KEY for both (the second env's own one is replaced): it unwraps every user's key.
      const envB = { ...(await env()), MASTER_KEY: envA.MASTER_KEY };
      // The first start migrates; the second starts on a migrated database, as a rolling start would.
      a = await startInstance('A', envA);
      b = await startInstance('B', envB);
      proxy = await startProxy(() => [a!.url, b!.url], clientIp);
    }, 200_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all([stopInstance(a), stopInstance(b)]);
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }, 30_000);

    // Requests straight to an instance come from another address of the run's own (through the proxy, it replaces
    // this one), so no earlier run's counters in the shared Redis count against them.
    const directIp = `203.0.113.${randomInt(1, 255)}`;
    const json = { 'content-type': 'application/json', apikey: anonKey, 'x-forwarded-for': directIp };
    const signUp = async (base: string) => {
      const email = `multi-${randomBytes(4).toString('hex')}@example.com`;
      const res = await fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: PASSWORD, data: { consent_version: CONSENT_VERSION } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { access_token: string };
      return { email, headers: { authorization: `Bearer ${body.access_token}` } };
    };
    const signIn = (base: string, email: string, password = PASSWORD) =>
      fetch(`${base}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password }),
      });
    const getJson = async <T>(url: string, headers: Record<string, string>) => {
      const res = await fetch(url, { headers });
      expect(res.status, `${url}: ${res.status}`).toBe(200);
      return (await res.json()) as T;
    };

    it('the proxy spreads requests over both instances', async () => {
      const before = proxy!.hits.length;
      for (let i = 0; i < 4; i += 1) expect((await fetch(`${proxy!.url}/api/v1/health`)).status).toBe(200);
      expect(new Set(proxy!.hits.slice(before))).toEqual(new Set([a!.url, b!.url]));
    });

    it('a session made on one instance works on the other (access token, refresh, sign-out)', async () => {
      const { email } = await signUp(a!.url);
      const signedIn = await signIn(a!.url, email);
      expect(signedIn.status).toBe(200);
      const session = (await signedIn.json()) as { access_token: string; refresh_token: string };
      const headers = { authorization: `Bearer ${session.access_token}` };
      expect((await getJson<{ email: string }>(`${b!.url}/auth/v1/user`, { ...headers, apikey: anonKey })).email).toBe(
        email,
      );
      expect((await fetch(`${b!.url}/api/v1/me`, { headers })).status).toBe(200);
      // The refresh token, issued by A, is exchanged on B.
      const refreshed = await fetch(`${b!.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
      expect(
        (await fetch(`${a!.url}/api/v1/me`, { headers: { authorization: `Bearer ${next.access_token}` } })).status,
      ).toBe(200);
      // Signed out on B: A no longer refreshes the session.
      const signedOut = await fetch(`${b!.url}/auth/v1/logout`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${next.access_token}` },
      });
      expect(signedOut.status).toBe(204);
      const afterSignOut = await fetch(`${a!.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ refresh_token: next.refresh_token }),
      });
      expect(afterSignOut.status).toBe(400);
    });

    it('the sign-in rate limit is counted across both instances (Redis)', async () => {
      const { email } = await signUp(proxy!.url);
      const statuses: number[] = [];
      // RATE_LIMIT_TOKEN attempts pass, spread over A and B by the proxy; the next one is refused, whichever
      // instance gets it. Counted per instance, each would have seen only half.
      for (let i = 0; i < RATE_LIMIT_TOKEN + 2; i += 1) {
        statuses.push((await signIn(proxy!.url, email, 'wrong password')).status);
      }
      expect(statuses.slice(0, RATE_LIMIT_TOKEN)).toEqual(Array<number>(RATE_LIMIT_TOKEN).fill(400));
      expect(statuses.slice(RATE_LIMIT_TOKEN)).toEqual([429, 429]);
    });

    it('analysis stats and the overview are never stale on one instance after a write on the other', async () => {
      const user = await signUp(a!.url);
      type Overview = { dreamCount: number; analysisCount: number };
      type Stats = { total: number };
      // Both instances read (and cache) first.
      for (const base of [a!.url, b!.url]) {
        expect((await getJson<Overview>(`${base}/api/v1/me/overview`, user.headers)).dreamCount).toBe(0);
        expect((await getJson<Stats>(`${base}/api/v1/analyses/stats`, user.headers)).total).toBe(0);
      }
      const created = await fetch(`${a!.url}/api/v1/dreams`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Ponte', content: 'Eu atravessava uma ponte de vidro sobre o mar, à noite.' }),
      });
      expect(created.status).toBe(201);
      const dream = (await created.json()) as { id: string };
      expect((await getJson<Overview>(`${b!.url}/api/v1/me/overview`, user.headers)).dreamCount).toBe(1);

      const analysed = await fetch(`${a!.url}/api/v1/dreams/${dream.id}/analyses`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: '{}',
      });
      expect(await analysed.text()).toContain('event: done');
      expect((await getJson<Stats>(`${b!.url}/api/v1/analyses/stats`, user.headers)).total).toBe(1);
      expect((await getJson<Overview>(`${b!.url}/api/v1/me/overview`, user.headers)).analysisCount).toBe(1);

      // Erased on B: A's cached aggregates must not come back.
      expect((await fetch(`${b!.url}/api/v1/analyses`, { method: 'DELETE', headers: user.headers })).status).toBe(200);
      expect((await getJson<Stats>(`${a!.url}/api/v1/analyses/stats`, user.headers)).total).toBe(0);
    });

    it('the deleted-dreams sweeper runs on one instance at a time (PostgreSQL advisory lock)', async () => {
      // Two more "instances" of the sweeper on pools of their own, as in two processes, and a third connection that
      // holds the lock the way a running sweep does.
      const log = pino({ level: 'silent' }, new LogCapture());
      const pools: Database[] = [
        await createDatabase({ kind: 'postgres', url: databaseUrl }),
        await createDatabase({ kind: 'postgres', url: databaseUrl }),
      ];
      const sweepers = pools.map((database) =>
        startPurgeSweeper({ db: database.db, now: () => new Date(), log, intervalMs: 3_600_000 }),
      );
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [PURGE_LOCK_KEY]);
        expect(await Promise.all(sweepers.map((s) => s.sweep()))).toEqual(['skipped', 'skipped']);
        await holder.query('commit');
        expect(await sweepers[0]!.sweep()).toBe('ok');
        // Side by side, never both at once: each batch holds the lock until it commits.
        for (let i = 0; i < 5; i += 1) {
          const outcomes = await Promise.all(sweepers.map((s) => s.sweep()));
          expect(outcomes.filter((o) => o === 'failed')).toEqual([]);
        }
      } finally {
        await holder.end();
        for (const s of sweepers) await s.stop();
        for (const p of pools) await p.close();
      }
    });
  },
);
