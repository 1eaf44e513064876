import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNAL_TEST_ENV, signUpUser } from '../modules/dreams/dreams.testing.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { UNAUTHENTICATED_API_ROUTES } from './authenticate.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

const publicRoutes: readonly string[] = UNAUTHENTICATED_API_ROUTES.public;
const serviceRoleRoutes: readonly string[] = UNAUTHENTICATED_API_ROUTES.serviceRole;

describe('/api/v1 authentication (onRequest hook with an allow-list)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, {
      // A route added to the scope without being listed, as a new module would.
      extraApiRoutes: async (api) => {
        api.post('/unlisted', async (request) => ({ userId: request.auth.userId }));
      },
    });
  });
  afterAll(() => t.close());

  it('answers an anonymous request with a bad body 401, before reading the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dreams', payload: { content: 42 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'no_authorization', message: expect.any(String) });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dreams',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(401);
  });

  it('answers every public route of the allow-list without a token', async () => {
    // What a public route answers an anonymous request with no body: its own answer, never the hook's 401. Stripe's
    // webhook proves itself by its signature instead (none here: refused as unverifiable, not as unauthenticated).
    const expected: Record<string, [number, string | undefined]> = {
      'POST /billing/webhook': [400, 'webhook_signature_invalid'],
    };
    for (const route of publicRoutes) {
      const [method, path] = route.split(' ') as ['GET', string];
      const res = await t.app.inject({ method, url: `/api/v1${path}` });
      const [status, code] = expected[route] ?? [200, undefined];
      expect([route, res.statusCode]).toEqual([route, status]);
      if (code) expect(res.json<{ code: string }>().code).toBe(code);
    }
  });

  it('protects a route added without being listed', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/unlisted', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const user = await signUpUser(t);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/unlisted',
      headers: user.headers,
      payload: {},
    });
    expect(signedIn.json()).toEqual({ userId: user.id });
  });

  it('asks for a token on every documented route but the listed ones; operator routes check their own key', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<OpenApiDocument>();
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        // The registered form of the path (as the allow-list names it) and a callable one.
        route: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1')}`,
        url: path.replace(/\{\w+\}/g, randomUUID()),
      })),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, route, url } of routes) {
      if (publicRoutes.includes(route)) continue;
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      // Operator routes answer their own check's 401 (the service-role key), not the user authentication's.
      expect([route, res.statusCode, res.json<{ code: string }>().code]).toEqual([route, 401, 'no_authorization']);
      if (serviceRoleRoutes.includes(route)) continue;
      const forged = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect([route, forged.statusCode, forged.json<{ code: string }>().code]).toEqual([route, 403, 'bad_jwt']);
    }
  });
});
