import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { startIdleCollector, type IdleCollector } from './idle-memory.ts';

const heapTotal = () => v8.getHeapStatistics().total_heap_size;
const MiB = 1024 * 1024;

/** Leaves about `mebibytes` of dead objects in the old space (kept alive long enough to be promoted, then dropped). */
function leaveGarbage(mebibytes: number): void {
  let kept: string[][] = [];
  for (let chunk = 0; chunk < mebibytes; chunk += 1) {
    kept.push(Array.from({ length: 8_000 }, (_, i) => `${String(chunk)}:${String(i)}:${'x'.repeat(64)}`));
  }
  kept = [];
  expect(kept).toHaveLength(0);
}

let collector: IdleCollector | undefined;
afterEach(() => collector?.stop());

describe('giving memory back when the server is idle', () => {
  it('collects once the server has been quiet and the heap grew, and the heap shrinks', async () => {
    let clock = 0;
    const collections: [number, number][] = [];
    collector = startIdleCollector({
      idleMs: 5_000,
      minGrowthBytes: 16 * MiB,
      checkEveryMs: 3_600_000,
      now: () => clock,
      onCollect: (before, after) => collections.push([before, after]),
    });
    leaveGarbage(96);
    const grown = heapTotal();
    clock = 5_000;
    expect(await collector.check()).toBe(true);
    expect(collections).toHaveLength(1);
    expect(heapTotal()).toBeLessThan(grown - 32 * MiB);
    // Nothing grew since: the next idle check leaves the heap alone.
    clock = 20_000;
    expect(await collector.check()).toBe(false);
  });

  it('leaves a busy server alone: a request within the idle time defers the collection', async () => {
    let clock = 0;
    collector = startIdleCollector({ idleMs: 5_000, minGrowthBytes: MiB, checkEveryMs: 3_600_000, now: () => clock });
    leaveGarbage(32);
    clock = 4_000;
    collector.markActivity();
    clock = 8_000;
    expect(await collector.check()).toBe(false);
    clock = 9_000;
    expect(await collector.check()).toBe(true);
  });

  it('does not collect for a heap that barely grew', async () => {
    let clock = 0;
    collector = startIdleCollector({
      idleMs: 1,
      minGrowthBytes: 1024 * MiB,
      checkEveryMs: 3_600_000,
      now: () => clock,
    });
    leaveGarbage(8);
    clock = 10;
    expect(await collector.check()).toBe(false);
  });
});
