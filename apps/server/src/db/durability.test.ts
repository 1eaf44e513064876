// kill -9 of the server on the embedded default: every write the server acknowledged is there after a restart.
// The server runs as a real process (node + tsx on src/main.ts) so it can be killed for real: the node process alone
// (its PostgreSQL lives on and the next start takes it over) or its whole process group (PostgreSQL crashes too and
// recovers from its WAL).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dream, ListDreamsResponse } from '@sonhario/contracts/dreams';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { loadSecrets } from '../secrets.ts';
import { freePort } from '../test/harness.ts';
import { readPostmasterPid } from './embedded-postgres.ts';

const serverEntry = path.resolve(import.meta.dirname, '../main.ts');

interface Running {
  child: ChildProcess;
  output: () => string;
}

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function start(dataDir: string, port: number): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    detached: true, // its own process group: the test can kill the server with its PostgreSQL, as a crash would
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_AUTOCONFIRM: 'true',
      AUTH_ARGON2_MEMORY_KIB: '256',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  return { child, output: () => output };
}

async function waitHealthy(url: string, running: Running): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${running.output()}`);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function listAll(url: string, token: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`${url}/api/v1/dreams?limit=50${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as ListDreamsResponse;
    for (const item of page.items) ids.add(item.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('kill -9 on the embedded default', () => {
  it('loses no acknowledged write, killed mid-stream three times; a second server is refused; SIGTERM stops PostgreSQL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-kill-'));
    try {
      const port = await freePort();
      const url = `http://127.0.0.1:${String(port)}`;
      let running = start(dataDir, port);
      await waitHealthy(url, running);

      const { anonKey } = getApiKeys(await loadSecrets(loadConfig({ DATA_DIR: dataDir })));
      const signUp = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `kill-${String(Date.now())}@example.com`, password: 'correct horse battery' }),
      });
      expect(signUp.status).toBe(200);
      const token = ((await signUp.json()) as { access_token: string }).access_token;

      const acknowledged = new Set<string>();
      const statuses: string[] = [];
      let n = 0;
      for (const killGroup of [false, true, false]) {
        let writing = true;
        const writer = async () => {
          while (writing) {
            n += 1;
            try {
              const res = await fetch(`${url}/api/v1/dreams`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ content: `Sonho número ${String(n)}: um corredor sem fim, portas azuis.` }),
              });
              if (res.status === 201) acknowledged.add(((await res.json()) as Dream).id);
              else statuses.push(`${String(res.status)} ${await res.text()}`);
            } catch {
              return; // the server is gone
            }
          }
        };
        const writers = Array.from({ length: 6 }, writer);
        const before = acknowledged.size;
        const deadline = Date.now() + 60_000;
        while (acknowledged.size < before + 30) {
          if (Date.now() > deadline) throw new Error(`writes not acknowledged: ${statuses.slice(-3).join('; ')}`);
          await new Promise((r) => setTimeout(r, 20));
        }
        const postmaster = await readPostmasterPid(path.join(dataDir, 'postgres'));
        const pid = running.child.pid ?? 0;
        process.kill(killGroup ? -pid : pid, 'SIGKILL');
        writing = false;
        await Promise.all(writers);
        await exited(running.child);
        if (!killGroup) expect(postmaster && existsSync(`/proc/${String(postmaster.pid)}`)).toBe(true);

        running = start(dataDir, port);
        await waitHealthy(url, running);
        const stored = await listAll(url, token);
        const lost = [...acknowledged].filter((id) => !stored.has(id));
        expect(lost).toEqual([]);
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(90);

      const second = start(dataDir, await freePort());
      await exited(second.child);
      expect(second.child.exitCode).not.toBe(0);
      expect(second.output()).toContain('DATA_DIR is in use');

      const postmaster = await readPostmasterPid(path.join(dataDir, 'postgres'));
      running.child.kill('SIGTERM');
      await exited(running.child);
      expect(running.child.exitCode).toBe(0);
      expect(existsSync(`/proc/${String(postmaster?.pid)}`)).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
