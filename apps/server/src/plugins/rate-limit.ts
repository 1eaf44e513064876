import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Fixed-window counters: at most `limit` hits per key in each `windowMs` window. A fixed window can let through up
 * to twice the limit around a window boundary; for abuse limits on sign-in and e-mail that is an acceptable price
 * for one atomic increment per request.
 */
export interface RateLimitStore {
  /** Counts one hit and tells whether it is still within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      resetMs: window.resetAt - now,
    };
  }

  /** Drops finished windows now and then, so one-off client IPs do not accumulate forever. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }
}

// INCR and the expiry in one round trip, atomically, so concurrent instances never leave a key without a TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Shares the counters between server instances (REDIS_URL). */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'sonhario:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetMs: ttl };
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export interface RateLimiter {
  /** Counts a hit on `bucket` for `key` (usually the client IP). */
  hit(bucket: string, key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Decorates `app.rateLimiter`: in memory, or in Redis when REDIS_URL is set so all instances share the counts. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl?: string }) => {
    const store: RateLimitStore = options.redisUrl
      ? new RedisRateLimitStore(options.redisUrl)
      : new MemoryRateLimitStore();
    app.decorate('rateLimiter', {
      async hit(bucket, key, limit, windowMs) {
        try {
          return await store.hit(`${bucket}:${key}`, limit, windowMs);
        } catch (error) {
          // A limiter outage must not lock every user out: fail open, loudly.
          app.log.error({ err: error }, 'rate limiter unavailable; request allowed');
          return { allowed: true, remaining: limit, resetMs: windowMs };
        }
      },
    });
    app.addHook('onClose', () => store.close());
  },
  { name: 'rate-limit' },
);
