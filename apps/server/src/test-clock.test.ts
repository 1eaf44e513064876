import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileClock } from './test-clock.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'sonhario-clock-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fileClock (TEST_CLOCK_FILE)', () => {
  it('reads the real time while the file is missing, then the offset it holds, on every call', async () => {
    const file = path.join(dir, 'offset');
    const now = fileClock(file);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
    await writeFile(file, String(3 * 86_400_000));
    expect(now().getTime() - Date.now()).toBeGreaterThan(3 * 86_400_000 - 1000);
    await writeFile(file, '-3600000\n');
    expect(now().getTime() - Date.now()).toBeLessThan(-3_599_000);
    await writeFile(file, 'not a number');
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
