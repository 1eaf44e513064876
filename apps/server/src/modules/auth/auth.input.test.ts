import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getApiKeys, signHs256 } from './auth.tokens.ts';

// Hostile and broken input, sent with inject: every answer is a 4xx in the contract's {code, message} shape with
// the X-Supabase-Api-Version header, never a 500.
describe('auth input handling', () => {
  let t: TestApp;
  let anonKey: string;
  let serviceKey: string;
  let accessToken: string;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { apikey: anonKey, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_AUTOCONFIRM: 'true',
      SITE_URL: 'http://127.0.0.1:4000',
      RATE_LIMIT_TOKEN: '1000',
      ADDITIONAL_REDIRECT_URLS: 'https://app.sonhos.example',
    });
    ({ anonKey, serviceRoleKey: serviceKey } = getApiKeys(t.app.deps.secrets));
    const res = await post('/auth/v1/signup', { email: 'input@example.com', password: 'input password' });
    accessToken = res.json().access_token;
  });
  afterAll(() => t.close());

  function expectContractError(
    res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    status: number,
    code: string,
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    return body;
  }

  describe('bodies', () => {
    it('answers malformed JSON with 400 bad_json', async () => {
      expectContractError(await post('/auth/v1/token?grant_type=password', '{"email":'), 400, 'bad_json');
      expectContractError(await post('/auth/v1/signup', '[1,2'), 400, 'bad_json');
    });

    it('refuses a __proto__ key instead of merging it', async () => {
      const res = await post(
        '/auth/v1/signup',
        '{"email":"p@example.com","password":"secret123","__proto__":{"admin":true}}',
      );
      expect(res.statusCode).toBe(400);
    });

    it.each([
      ['/auth/v1/signup', { email: 42, password: 'secret123' }, 'email must be a string'],
      ['/auth/v1/signup', { email: 'a@example.com', password: ['x'] }, 'password must be a string'],
      [
        '/auth/v1/signup',
        { email: 'a@example.com', password: 'secret123', data: 'not an object' },
        'data must be an object',
      ],
      ['/auth/v1/signup', { email: 'a@example.com', password: 'secret123', data: { first_name: 7 } }, 'first_name'],
      ['/auth/v1/token?grant_type=refresh_token', { refresh_token: 12 }, 'refresh_token must be a string'],
      ['/auth/v1/recover', { email: null }, 'email must be a string'],
      ['/auth/v1/verify', { type: 'signup', token: { $ne: '' } }, 'token must be a string'],
    ])('answers a wrong type on %s with 400 validation_failed', async (url, body, message) => {
      const res = await post(url, body);
      expect(expectContractError(res, 400, 'validation_failed').message).toContain(message);
    });

    it.each([
      [
        '/auth/v1/signup',
        { email: `${'a'.repeat(250)}@example.com`, password: 'secret123' },
        'An email address is too long',
      ],
      [
        '/auth/v1/signup',
        { email: 'a@example.com', password: 'p'.repeat(73) },
        'Password cannot be longer than 72 characters',
      ],
      [
        '/auth/v1/signup',
        { email: 'a@example.com', password: 'secret123', data: { first_name: 'n'.repeat(101) } },
        'first_name is too long',
      ],
      [
        '/auth/v1/signup',
        { email: 'a@example.com', password: 'secret123', data: { bio: 'b'.repeat(9000) } },
        'data is too large',
      ],
      ['/auth/v1/token?grant_type=refresh_token', { refresh_token: 'r'.repeat(300) }, 'refresh_token is too long'],
    ])('answers an overlong value on %s with 400 validation_failed', async (url, body, message) => {
      expect(expectContractError(await post(url, body), 400, 'validation_failed').message).toContain(message);
    });

    it('answers a body over 64 KiB with 413', async () => {
      const res = await post('/auth/v1/signup', {
        email: 'a@example.com',
        password: 'secret123',
        data: { x: 'y'.repeat(70_000) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('payload_too_large');
    });

    it.each([
      ['/auth/v1/signup', {}, 'An email address is required'],
      ['/auth/v1/signup', { email: 'a@example.com' }, 'Signup requires a valid password'],
      ['/auth/v1/token?grant_type=password', {}, 'missing email or phone'],
      ['/auth/v1/token?grant_type=refresh_token', {}, 'refresh_token required'],
      [
        '/auth/v1/token?grant_type=pkce',
        { auth_code: 'x' },
        'invalid request: both auth code and code verifier should be non-empty',
      ],
      ['/auth/v1/recover', {}, 'An email address is required'],
      [
        '/auth/v1/resend',
        { email: 'a@example.com' },
        'Missing one of these types: signup, email_change, sms, phone_change',
      ],
      ['/auth/v1/verify', { type: 'signup' }, 'Verify requires a token or a token hash'],
      ['/auth/v1/verify', { type: 'telepathy', token_hash: 'x' }, 'Unsupported verification type'],
    ])('answers missing fields on %s with 400 validation_failed', async (url, body, message) => {
      expect(expectContractError(await post(url, body), 400, 'validation_failed').message).toBe(message);
    });

    it('answers a sign-in without a password like a wrong one', async () => {
      expectContractError(
        await post('/auth/v1/token?grant_type=password', { email: 'input@example.com' }),
        400,
        'invalid_credentials',
      );
    });

    it.each(['client_credentials', 'authorization_code', '', 'PASSWORD'])(
      'answers the grant type "%s" with 400 validation_failed',
      async (grant) => {
        const res = await post(`/auth/v1/token?grant_type=${grant}`, {});
        expect(expectContractError(res, 400, 'validation_failed').message).toBe('unsupported_grant_type');
      },
    );

    it('refuses malformed PKCE parameters', async () => {
      const short = await post('/auth/v1/signup', {
        email: 'pk@example.com',
        password: 'secret123',
        code_challenge: 'short',
        code_challenge_method: 's256',
      });
      expect(expectContractError(short, 400, 'validation_failed').message).toBe(
        'code challenge has to be between 43 and 128 characters',
      );
      const method = await post('/auth/v1/recover', {
        email: 'pk@example.com',
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'md5',
      });
      expect(expectContractError(method, 400, 'validation_failed').message).toContain('not supported');
    });

    it('refuses phone sign-ups, which this server does not offer', async () => {
      expectContractError(
        await post('/auth/v1/signup', { phone: '+5511999999999', password: 'secret123' }),
        400,
        'phone_provider_disabled',
      );
    });
  });

  describe('API keys', () => {
    it('requires an apikey on every call except browser navigations: 401 no_api_key', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/auth/v1/settings' });
      expect(expectContractError(res, 401, 'no_api_key').message).toBe('No API key found in request');
      const signup = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        payload: { email: 'x@example.com', password: 'secret123' },
      });
      expectContractError(signup, 401, 'no_api_key');
    });

    it('refuses a key that is not this instance’s: 401 invalid_api_key', async () => {
      const foreign = signHs256(
        { iss: 'supabase', role: 'anon', iat: 1735689600, exp: 2051222400 },
        'another secret that is long enough!!',
      );
      const res = await t.app.inject({ method: 'GET', url: '/auth/v1/settings', headers: { apikey: foreign } });
      expectContractError(res, 401, 'invalid_api_key');
    });

    it('derives stable keys from the secret: anon and service_role JWTs with fixed claims', () => {
      expect(getApiKeys(t.app.deps.secrets)).toEqual(getApiKeys({ jwtSecret: t.app.deps.secrets.jwtSecret }));
      const [, payload] = anonKey.split('.');
      expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toEqual({
        iss: 'supabase',
        role: 'anon',
        iat: 1735689600,
        exp: 2051222400,
      });
      expect(JSON.parse(Buffer.from(serviceKey.split('.')[1]!, 'base64url').toString()).role).toBe('service_role');
      expect(getApiKeys({ jwtSecret: 'x'.repeat(40) }).anonKey).not.toBe(anonKey);
    });

    it('does not ask browser navigations for a key', async () => {
      const verify = await t.app.inject({ method: 'GET', url: '/auth/v1/verify?token=nope&type=signup' });
      expect(verify.statusCode).toBe(303);
      const authorize = await t.app.inject({ method: 'GET', url: '/auth/v1/authorize?provider=google' });
      expect(authorize.statusCode).toBe(302);
      const callback = await t.app.inject({ method: 'GET', url: '/auth/v1/callback?state=x&code=y' });
      expect(callback.statusCode).toBe(302);
    });
  });

  describe('bearer tokens', () => {
    const getUser = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/auth/v1/user',
        headers: { apikey: anonKey, ...(authorization ? { authorization } : {}) },
      });
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

    it('accepts the real access token', async () => {
      expect((await getUser(`Bearer ${accessToken}`)).statusCode).toBe(200);
    });

    it('answers no bearer token with 401 no_authorization', async () => {
      const body = expectContractError(await getUser(), 401, 'no_authorization');
      expect(body.message).toBe('This endpoint requires a valid Bearer token');
      expectContractError(await getUser('Basic abc'), 401, 'no_authorization');
    });

    it.each([
      ['garbage', 'not.a.jwt'],
      ['a token signed with another secret', 'other'],
      ['an expired token', 'expired'],
      ['an unsigned token (alg none)', 'none'],
      ['a tampered payload', 'tampered'],
      ['the anon key (no user)', 'anon'],
    ])('answers %s with 403 bad_jwt', async (_label, kind) => {
      const claims = claimsOf(accessToken);
      const now = Math.floor(Date.now() / 1000);
      let token = kind;
      if (kind === 'other') token = signHs256(claims, 'a completely different secret of 40 chars');
      if (kind === 'expired')
        token = signHs256({ ...claims, iat: now - 7200, exp: now - 3600 }, t.app.deps.secrets.jwtSecret);
      if (kind === 'none')
        token = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${accessToken.split('.')[1]}.`;
      if (kind === 'tampered') {
        const [h, , s] = accessToken.split('.');
        token = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url')}.${s}`;
      }
      if (kind === 'anon') token = anonKey;
      const body = expectContractError(await getUser(`Bearer ${token}`), 403, 'bad_jwt');
      expect(body.message).toMatch(/^invalid JWT: /);
      if (kind === 'expired') expect(body.message).toContain('token is expired');
    });

    it('answers a valid token for a session that does not exist with 403 session_not_found', async () => {
      const forged = await new SignJWT({ ...claimsOf(accessToken), session_id: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(t.app.deps.secrets.jwtSecret));
      expectContractError(await getUser(`Bearer ${forged}`), 403, 'session_not_found');
    });
  });

  describe('headers and routing', () => {
    it('sets X-Supabase-Api-Version and no-store on successful answers too', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/auth/v1/settings', headers: { apikey: anonKey } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers an unknown auth route with 404 in the contract shape', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/auth/v1/factors', headers: { apikey: anonKey } });
      expectContractError(res, 404, 'not_found');
    });

    it('accepts the empty JSON body supabase-js sends on sign-out', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json;charset=UTF-8',
        },
      });
      expect(res.statusCode).toBe(204);
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string, url = '/auth/v1/token?grant_type=password') =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
        },
      });

    it.each(['http://127.0.0.1:4000', 'http://localhost:5173', 'https://app.sonhos.example'])(
      'admits %s with the headers supabase-js sends',
      async (origin) => {
        const res = await preflight(origin);
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
        for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version'])
          expect(allowed).toContain(header);
      },
    );

    it('exposes X-Supabase-Api-Version to the browser', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/auth/v1/settings',
        headers: { apikey: anonKey, origin: 'http://localhost:5173' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('x-supabase-api-version');
    });

    it('admits the app API too', async () => {
      const res = await preflight('http://localhost:5173', '/api/v1/me');
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    });

    it('does not admit other origins', async () => {
      const res = await preflight('https://evil.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({
        method: 'GET',
        url: '/auth/v1/settings',
        headers: { apikey: anonKey, origin: 'https://evil.example' },
      });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('CORS on a production site', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ SITE_URL: 'https://sonhos.example' });
  });
  afterAll(async () => {
    await production.close();
  });

  it.each(['http://localhost:4444', 'http://127.0.0.1:5173'])(
    'does not admit the loopback origin %s',
    async (origin) => {
      const res = await production.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/me',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    },
  );
});
