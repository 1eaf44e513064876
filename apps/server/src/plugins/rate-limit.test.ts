import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit.ts';

const redisUrl = process.env.REDIS_URL;

function behavesAsAFixedWindow(makeStore: () => RateLimitStore) {
  const stores: RateLimitStore[] = [];
  const store = () => {
    const s = makeStore();
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
  const key = () => `test:${randomBytes(6).toString('hex')}`;

  it('allows up to the limit in a window and refuses the next hit', async () => {
    const s = store();
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await s.hit(k, 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.resetMs).toBeGreaterThan(0);
    expect(results[3]!.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window once the old one has passed', async () => {
    const s = store();
    const k = key();
    expect((await s.hit(k, 1, 100)).allowed).toBe(true);
    expect((await s.hit(k, 1, 100)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await s.hit(k, 1, 100)).allowed).toBe(true);
  });

  it('counts keys separately', async () => {
    const s = store();
    const [a, b] = [key(), key()];
    expect((await s.hit(a, 1, 60_000)).allowed).toBe(true);
    expect((await s.hit(b, 1, 60_000)).allowed).toBe(true);
    expect((await s.hit(a, 1, 60_000)).allowed).toBe(false);
  });

  return store;
}

describe('memory rate-limit store', () => {
  behavesAsAFixedWindow(() => new MemoryRateLimitStore());
});

// Redis runs on 127.0.0.1:6379 on the development machine and in CI; elsewhere these tests are skipped, visibly.
describe.skipIf(!redisUrl)(
  `Redis rate-limit store${redisUrl ? '' : ' (skipped: set REDIS_URL=redis://127.0.0.1:6379 to run)'}`,
  () => {
    const store = behavesAsAFixedWindow(() => new RedisRateLimitStore(redisUrl!, 'sonhario:test:rl:'));

    it('shares one count between two server instances', async () => {
      const [a, b] = [store(), store()];
      const k = `shared:${randomBytes(6).toString('hex')}`;
      expect((await a.hit(k, 2, 60_000)).allowed).toBe(true);
      expect((await b.hit(k, 2, 60_000)).allowed).toBe(true);
      expect((await a.hit(k, 2, 60_000)).allowed).toBe(false);
      expect((await b.hit(k, 2, 60_000)).allowed).toBe(false);
    });
  },
);
