import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimitPlugin, type RateLimitBucket, type RateLimitPluginOptions } from './rate-limit.ts';

const redisUrl = process.env.REDIS_URL;

// Small limits so a test reaches them in a few requests; `auth:verify`'s window is short enough to see it pass.
const BUCKETS: RateLimitPluginOptions['buckets'] = {
  'auth:token': { max: 3, timeWindowMs: 60_000 },
  'auth:authorize': { max: 3, timeWindowMs: 60_000 },
  'auth:verify': { max: 1, timeWindowMs: 100 },
  'auth:email': { max: 1, timeWindowMs: 60_000 },
  'account:delete': { max: 2, timeWindowMs: 60_000 },
  'push:test': { max: 2, timeWindowMs: 60_000 },
  dictation: { max: 2, timeWindowMs: 60_000 },
};

interface LimitedApp {
  app: FastifyInstance;
  logs: string[];
  /** One request to `bucket` from `ip` (the socket address, or X-Forwarded-For when `forwardedFor` is given). */
  hit(
    bucket: RateLimitBucket,
    ip: string,
    forwardedFor?: string,
  ): Promise<{ allowed: boolean; remaining: number; resetMs: number; retryAfter: string | undefined }>;
}

async function limitedApp(
  options: Omit<RateLimitPluginOptions, 'buckets'> & { trustProxy?: boolean } = {},
): Promise<LimitedApp> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const { trustProxy = false, ...pluginOptions } = options;
  const app = Fastify({ trustProxy, logger: { level: 'error', stream } });
  await app.register(rateLimitPlugin, { ...pluginOptions, buckets: BUCKETS });
  app.post<{ Params: { bucket: RateLimitBucket } }>('/hit/:bucket', async (request, reply) => {
    const result = await app.rateLimits.consume(request.params.bucket, request, reply);
    return reply.code(result.allowed ? 200 : 429).send(result);
  });
  await app.ready();
  return {
    app,
    logs,
    async hit(bucket, ip, forwardedFor) {
      const res = await app.inject({
        method: 'POST',
        url: `/hit/${bucket}`,
        remoteAddress: ip,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      const body = res.json<{ allowed: boolean; remaining: number; resetMs: number }>();
      expect(res.statusCode).toBe(body.allowed ? 200 : 429);
      const retryAfter = res.headers['retry-after'];
      return { ...body, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined };
    },
  };
}

/** A client address no other test (nor another run against the same Redis) uses. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

function behavesAsAFixedWindow(options: () => Omit<RateLimitPluginOptions, 'buckets'>) {
  const apps: LimitedApp[] = [];
  const limited = async (extra: { trustProxy?: boolean } = {}) => {
    const a = await limitedApp({ ...options(), ...extra });
    apps.push(a);
    return a;
  };
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.app.close()));
  });

  it('allows up to the limit in a window and refuses the next hit, with Retry-After', async () => {
    const s = await limited();
    const ip = freshIp();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await s.hit('auth:token', ip));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.resetMs).toBeGreaterThan(0);
    expect(results[3]!.resetMs).toBeLessThanOrEqual(60_000);
    expect(results.map((r) => r.retryAfter !== undefined)).toEqual([false, false, false, true]);
    expect(Number(results[3]!.retryAfter)).toBeGreaterThan(0);
    expect(Number(results[3]!.retryAfter)).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has passed', async () => {
    const s = await limited();
    const ip = freshIp();
    expect((await s.hit('auth:verify', ip)).allowed).toBe(true);
    expect((await s.hit('auth:verify', ip)).allowed).toBe(false);
    // The window is 100 ms, timed by the store itself (Redis expires its key on its own clock): poll until a hit is
    // allowed again rather than sleeping a guessed margin. Hits inside the window do not extend it.
    await expect.poll(async () => (await s.hit('auth:verify', ip)).allowed, { interval: 20, timeout: 5000 }).toBe(true);
  });

  it('counts client IPs separately', async () => {
    const s = await limited();
    const [a, b] = [freshIp(), freshIp()];
    expect((await s.hit('auth:email', a)).allowed).toBe(true);
    expect((await s.hit('auth:email', b)).allowed).toBe(true);
    expect((await s.hit('auth:email', a)).allowed).toBe(false);
  });

  it('counts buckets separately', async () => {
    const s = await limited();
    const ip = freshIp();
    expect((await s.hit('auth:email', ip)).allowed).toBe(true);
    expect((await s.hit('auth:email', ip)).allowed).toBe(false);
    expect((await s.hit('account:delete', ip)).allowed).toBe(true);
  });

  it('keys on the forwarded client address only when the proxy is trusted (TRUST_PROXY)', async () => {
    const proxy = freshIp();
    const untrusted = await limited();
    expect((await untrusted.hit('auth:email', proxy, freshIp())).allowed).toBe(true);
    expect((await untrusted.hit('auth:email', proxy, freshIp())).allowed).toBe(false);
    const trusted = await limited({ trustProxy: true });
    const client = freshIp();
    expect((await trusted.hit('auth:email', proxy, client)).allowed).toBe(true);
    expect((await trusted.hit('auth:email', proxy, freshIp())).allowed).toBe(true);
    expect((await trusted.hit('auth:email', proxy, client)).allowed).toBe(false);
  });

  return limited;
}

describe('in-memory rate limits', () => {
  behavesAsAFixedWindow(() => ({}));
});

describe('rate limits with Redis unreachable', () => {
  it('let requests through and log the outage (fail open)', async () => {
    const s = await limitedApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      // Over the bucket's limit of 1, in parallel: each waits for ioredis's retries (a few seconds), then passes.
      const ip = freshIp();
      const results = await Promise.all([s.hit('auth:email', ip), s.hit('auth:email', ip)]);
      expect(results.map((r) => r.allowed)).toEqual([true, true]);
      expect(s.logs.join('')).toContain('rate limiter unavailable; request allowed');
    } finally {
      await s.app.close();
    }
  });
});

// Redis runs on 127.0.0.1:6379 on the development machine and in CI; elsewhere these tests are skipped, visibly.
describe.skipIf(!redisUrl)(
  `Redis rate limits${redisUrl ? '' : ' (skipped: set REDIS_URL=redis://127.0.0.1:6379 to run)'}`,
  () => {
    const redisKeyPrefix = `sonhario:test:rl:${randomBytes(6).toString('hex')}:`;
    const limited = behavesAsAFixedWindow(() => ({ redisUrl: redisUrl!, redisKeyPrefix }));

    it('shares one count between two server instances', async () => {
      const [a, b] = [await limited(), await limited()];
      const ip = freshIp();
      expect((await a.hit('account:delete', ip)).allowed).toBe(true);
      expect((await b.hit('account:delete', ip)).allowed).toBe(true);
      expect((await a.hit('account:delete', ip)).allowed).toBe(false);
      expect((await b.hit('account:delete', ip)).allowed).toBe(false);
    });

    it('keeps each count under <prefix><bucket>:<ip>, expiring with its window', async () => {
      const s = await limited();
      const ip = freshIp();
      await s.hit('auth:token', ip);
      const { Redis } = await import('ioredis');
      const redis = new Redis(redisUrl!);
      try {
        expect(await redis.get(`${redisKeyPrefix}auth:token:${ip}`)).toBe('1');
        const ttl = await redis.pttl(`${redisKeyPrefix}auth:token:${ip}`);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      } finally {
        await redis.quit();
      }
    });
  },
);
