import type { AuthError } from '@sonhario/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import { bodyOf, followLink, fragmentOf, PASSWORD, supabaseFor, uniqueEmail } from './auth.testing.ts';
import { getApiKeys } from './auth.tokens.ts';

// Per-IP limits, lowered through the same environment variables an operator would use.
describe('auth rate limits', () => {
  let t: TestApp & { url: string };
  let anonKey: string;
  beforeAll(async () => {
    t = await createListeningTestApp({ RATE_LIMIT_TOKEN: '3', RATE_LIMIT_VERIFY: '2', RATE_LIMIT_EMAIL_SENT: '2' });
    anonKey = getApiKeys(t.app.deps.secrets).anonKey;
  });
  afterAll(() => t.close());

  it('answers the token endpoint over its limit with 429 over_request_rate_limit and Retry-After', async () => {
    const supabase = supabaseFor(t.url, anonKey);
    for (let i = 0; i < 3; i += 1) {
      const { error } = await supabase.auth.signInWithPassword({ email: 'nobody@example.com', password: PASSWORD });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await supabase.auth.signInWithPassword({ email: 'nobody@example.com', password: PASSWORD });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'x' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    // Starting a Google sign-in has a budget of its own: the exhausted sign-in budget does not refuse it.
    const hop = await followLink(`${t.url}/auth/v1/authorize?provider=google`);
    expect(fragmentOf(hop.location).get('error_code')).not.toBe('over_request_rate_limit');
  });

  it('gives /authorize a budget of its own; over it the browser is sent back with the error', async () => {
    const fresh = await createListeningTestApp({ RATE_LIMIT_TOKEN: '3' });
    try {
      for (let i = 0; i < 3; i += 1) {
        const hop = await followLink(`${fresh.url}/auth/v1/authorize?provider=google`);
        expect(fragmentOf(hop.location).get('error_code')).not.toBe('over_request_rate_limit');
      }
      const over = await followLink(`${fresh.url}/auth/v1/authorize?provider=google`);
      expect(fragmentOf(over.location).get('error_code')).toBe('over_request_rate_limit');
      // … and the password sign-in budget is untouched by those.
      const supabase = supabaseFor(fresh.url, getApiKeys(fresh.app.deps.secrets).anonKey);
      const { error } = await supabase.auth.signInWithPassword({ email: 'nobody@example.com', password: PASSWORD });
      expect(error?.code).toBe('invalid_credentials');
    } finally {
      await fresh.close();
    }
  });

  it('limits e-mail sending per IP with 429 over_email_send_rate_limit', async () => {
    const supabase = supabaseFor(t.url, anonKey);
    expect((await supabase.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    expect((await supabase.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    const { error } = await supabase.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
  });

  it('limits link verification; a browser over the limit lands back on the site with the error', async () => {
    for (let i = 0; i < 2; i += 1) {
      const hop = await followLink(`${t.url}/auth/v1/verify?token=guess-${i}&type=signup`);
      expect(fragmentOf(hop.location).get('error_code')).toBe('otp_expired');
    }
    const hop = await followLink(`${t.url}/auth/v1/verify?token=guess-3&type=signup`);
    expect(hop.status).toBe(303);
    expect(fragmentOf(hop.location).get('error_code')).toBe('over_request_rate_limit');
    const post = await fetch(`${t.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'signup', token_hash: 'guess' }),
    });
    expect(post.status).toBe(429);
    expect((await bodyOf<AuthError>(post)).code).toBe('over_request_rate_limit');
  });
});

// Two server instances on one database and one Redis: the limit is for both together.
describe.skipIf(!process.env.REDIS_URL)(
  `auth rate limits shared through Redis${process.env.REDIS_URL ? '' : ' (skipped: set REDIS_URL=redis://127.0.0.1:6379 to run)'}`,
  () => {
    let a: TestApp & { url: string };
    let b: TestApp & { url: string };
    beforeAll(async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.REDIS_URL!);
      // Start from a clean count for this client IP (the key the plugin uses).
      await redis.del('sonhario:rl:auth:token:127.0.0.1');
      await redis.quit();
      const env = { REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_TOKEN: '2' };
      a = await createListeningTestApp(env);
      b = await createListeningTestApp(env, a.database);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('counts requests to either instance against the same budget', async () => {
      const hit = (t: TestApp & { url: string }) =>
        supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey).auth.signInWithPassword({
          email: 'x@example.com',
          password: PASSWORD,
        });
      expect((await hit(a)).error?.code).toBe('invalid_credentials');
      expect((await hit(b)).error?.code).toBe('invalid_credentials');
      expect((await hit(a)).error?.code).toBe('over_request_rate_limit');
      expect((await hit(b)).error?.code).toBe('over_request_rate_limit');
    });
  },
);
