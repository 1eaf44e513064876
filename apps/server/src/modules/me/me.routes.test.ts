import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import { PASSWORD, supabaseFor, uniqueEmail } from '../auth/auth.testing.ts';
import { getApiKeys, signHs256 } from '../auth/auth.tokens.ts';

// GET /api/v1/me proves the authenticate plugin end to end: a token from /auth/v1 opens /api/v1, and signing out
// closes it at once.
describe('GET /api/v1/me', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await createListeningTestApp({ AUTH_AUTOCONFIRM: 'true' });
  });
  afterAll(() => t.close());

  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: authorization ? { authorization } : {} });

  async function signedIn(data: Record<string, unknown> = { first_name: 'Nina', last_name: 'Prado' }) {
    const supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
    const email = uniqueEmail();
    const { data: result } = await supabase.auth.signUp({ email, password: PASSWORD, options: { data } });
    return { supabase, email, session: result.session! };
  }

  it('returns the caller with the names from the sign-up form', async () => {
    const { email, session } = await signedIn();
    const res = await me(`Bearer ${session.access_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: session.user.id, email, firstName: 'Nina', lastName: 'Prado' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('returns null names when the user gave none', async () => {
    const { session } = await signedIn({});
    expect((await me(`Bearer ${session.access_token}`)).json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('answers 401 no_authorization without a bearer token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });

  it('answers 403 bad_jwt for a forged or expired token, and for the anon key', async () => {
    const { session } = await signedIn();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      signHs256(claims, 'not the server secret, but long enough'),
      signHs256({ ...claims, iat: now - 7200, exp: now - 1 }, t.app.deps.secrets.jwtSecret),
      getApiKeys(t.app.deps.secrets).anonKey,
    ]) {
      const res = await me(`Bearer ${token}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('bad_jwt');
    }
  });

  it('answers 403 session_not_found once the user has signed out, though the token has not expired', async () => {
    const { supabase, session } = await signedIn();
    expect((await me(`Bearer ${session.access_token}`)).statusCode).toBe(200);
    await supabase.auth.signOut();
    const res = await me(`Bearer ${session.access_token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('session_not_found');
  });

  it('refuses a well-signed token naming a session of another user', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const claimsA = JSON.parse(Buffer.from(a.session.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const claimsB = JSON.parse(Buffer.from(b.session.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const mixed = signHs256({ ...claimsA, session_id: claimsB.session_id }, t.app.deps.secrets.jwtSecret);
    expect((await me(`Bearer ${mixed}`)).json().code).toBe('session_not_found');
    const unknown = signHs256({ ...claimsA, session_id: randomUUID() }, t.app.deps.secrets.jwtSecret);
    expect((await me(`Bearer ${unknown}`)).json().code).toBe('session_not_found');
  });

  it('is described in the OpenAPI document, with bearer security', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json();
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(doc.paths).some((p: string) => p.startsWith('/auth/v1'))).toBe(false);
  });
});
