import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { loadConfig } from './config.ts';
import { getApiKeys } from './modules/auth/auth.tokens.ts';
import { loadSecrets } from './secrets.ts';

describe('admin CLI', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('prints the anon and service-role keys of the instance in DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-cli-'));
    dirs.push(dir);
    const lines: string[] = [];
    expect(await runCli(['keys'], (l) => lines.push(l), { DATA_DIR: dir })).toBe(0);
    const keys = getApiKeys(await loadSecrets(loadConfig({ DATA_DIR: dir })));
    expect(lines).toEqual([`anon key:         ${keys.anonKey}`, `service-role key: ${keys.serviceRoleKey}`]);
  });

  it('prints usage and fails without a command; --help prints it and succeeds', async () => {
    const lines: string[] = [];
    expect(await runCli([], (l) => lines.push(l), {})).toBe(2);
    expect(lines.join('\n')).toContain('usage: npm run admin');
    expect(await runCli(['--help'], () => undefined, {})).toBe(0);
  });

  it('prints usage and fails on an unknown command', async () => {
    const lines: string[] = [];
    expect(await runCli(['nope'], (l) => lines.push(l), {})).toBe(2);
    expect(lines.join('\n')).toContain('usage: npm run admin');
  });
});
