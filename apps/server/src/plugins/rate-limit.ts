import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../config.ts';

/** The budgets, each counted per client IP (`request.ip`, so TRUST_PROXY decides which address that is). */
export type RateLimitBucket =
  'auth:token' | 'auth:authorize' | 'auth:verify' | 'auth:email' | 'account:delete' | 'push:test' | 'dictation';

export interface BucketLimit {
  max: number;
  timeWindowMs: number;
}

/** The limits the auth contract asks for (defaults 30 per 5 min, 30 per 5 min, 30 per hour), from the environment. */
export function rateLimitBuckets(
  env: Pick<Env, 'RATE_LIMIT_TOKEN' | 'RATE_LIMIT_VERIFY' | 'RATE_LIMIT_EMAIL_SENT'>,
): Record<RateLimitBucket, BucketLimit> {
  return {
    'auth:token': { max: env.RATE_LIMIT_TOKEN, timeWindowMs: 5 * 60_000 },
    // Starting a Google sign-in writes a flow state, but guesses no password: the same size, a budget of its own, so
    // a few abandoned Google attempts never lock out a password sign-in (nor the other way round).
    'auth:authorize': { max: env.RATE_LIMIT_TOKEN, timeWindowMs: 5 * 60_000 },
    'auth:verify': { max: env.RATE_LIMIT_VERIFY, timeWindowMs: 5 * 60_000 },
    'auth:email': { max: env.RATE_LIMIT_EMAIL_SENT, timeWindowMs: 3600_000 },
    // Deleting the account checks the password: guesses count like sign-in attempts (a budget of their own).
    'account:delete': { max: env.RATE_LIMIT_TOKEN, timeWindowMs: 5 * 60_000 },
    // 'Testar notificação' reaches outside push services: a few tries, not a flood (docs/decisions/037).
    'push:test': { max: 10, timeWindowMs: 10 * 60_000 },
    // Each recording is a paid or heavy model call: about one a minute sustained, bursts allowed (decision 038).
    dictation: { max: 20, timeWindowMs: 10 * 60_000 },
  };
}

interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

interface RateLimits {
  /**
   * Counts this request against its client's budget in `bucket`. Over the limit it sets `Retry-After` on the reply
   * and answers `allowed: false`; the caller throws its own error (the auth contract has two codes for 429).
   */
  consume(bucket: RateLimitBucket, request: FastifyRequest, reply: FastifyReply): Promise<RateLimitResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export interface RateLimitPluginOptions {
  buckets: Record<RateLimitBucket, BucketLimit>;
  /** Counters in Redis, shared by every instance; in memory (per instance) without it. */
  redisUrl?: string;
  /** Prefix of the Redis keys (`<prefix><bucket>:<ip>`); tests use their own. */
  redisKeyPrefix?: string;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Decorates `app.rateLimits` with @fastify/rate-limit's fixed windows, used as manual checks because some routes count
 * a request only in some cases (an e-mail change, a sign-up that sends mail) and two browser routes answer a limit
 * with a redirect rather than a 429.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitPluginOptions) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
      : undefined;
    if (redis) {
      redis.on('error', (error: unknown) => {
        app.log.error({ err: error }, 'rate-limit Redis connection failed');
      });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => {
          redis.disconnect();
        });
      });
    }
    const prefix = options.redisKeyPrefix ?? 'sonhario:rl:';

    const limiters = new Map<RateLimitBucket, Limiter>();
    for (const [bucket, limit] of Object.entries(options.buckets) as [RateLimitBucket, BucketLimit][]) {
      // One registration per bucket, each in a scope of its own: the library's key prefix then is the bucket
      // (`sonhario:rl:auth:token:<ip>`), where limiters made by createRateLimit(options) share one odd prefix.
      await app.register(async (scope) => {
        await scope.register(fastifyRateLimit, {
          global: false,
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          ...(redis ? { redis, nameSpace: `${prefix}${bucket}:` } : {}),
        });
        limiters.set(bucket, scope.createRateLimit());
      });
    }

    app.decorate('rateLimits', {
      async consume(bucket, request, reply) {
        const limiter = limiters.get(bucket);
        if (!limiter) throw new Error(`no rate-limit bucket ${bucket}`);
        const max = options.buckets[bucket].max;
        let outcome: Awaited<ReturnType<Limiter>>;
        try {
          outcome = await limiter(request);
        } catch (error) {
          // A limiter outage must not lock every user out: fail open, loudly.
          request.log.error({ err: error }, 'rate limiter unavailable; request allowed');
          return { allowed: true, remaining: max, resetMs: options.buckets[bucket].timeWindowMs };
        }
        if (outcome.isAllowed) return { allowed: true, remaining: max, resetMs: 0 };
        const result = { allowed: !outcome.isExceeded, remaining: outcome.remaining, resetMs: outcome.ttl };
        if (!result.allowed) reply.header('retry-after', String(Math.max(1, outcome.ttlInSeconds)));
        return result;
      },
    } satisfies RateLimits);
  },
  { name: 'rate-limit' },
);
