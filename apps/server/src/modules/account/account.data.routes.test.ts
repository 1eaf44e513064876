import { sessionsResponseSchema } from '@sonhario/contracts/account';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { exportJson, importBody, refreshSession, signInAgain, signUpNamed } from './account.data.testing.ts';

describe('GET /me/sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  it('lists live sessions, most recently used first, marks the current one and omits ended ones', async () => {
    const laptop = await signUpNamed(t, { firstName: 'Ana', lastName: 'Lima' }, 'Laptop/1.0');
    const phone = await signInAgain(t, laptop.email, 'Phone/2.0');
    const reused = await signInAgain(t, laptop.email, 'Tablet/3.0');
    const signedOut = await signInAgain(t, laptop.email, 'Kiosk/4.0');
    const someoneElse = await signUpUser(t);
    // The phone refreshes last: its use is the newest.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await refreshSession(t, phone.refreshToken, 'Phone/2.1');
    // Ended by the server (refresh-token reuse sets not_after), and signed out (the row is deleted).
    const tabletSession = JSON.parse(Buffer.from(reused.accessToken.split('.')[1]!, 'base64url').toString())
      .session_id as string;
    await t.database.db.execute(
      sql`update auth.sessions set not_after = now() - interval '1 minute' where id = ${tabletSession}`,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/auth/v1/logout?scope=local',
          headers: { ...signedOut.headers, apikey: getApiKeys(t.app.deps.secrets).anonKey },
        })
      ).statusCode,
    ).toBe(204);

    const res = await api(t, laptop).get('/me/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { items } = sessionsResponseSchema.parse(res.json());
    expect(items.map((s) => [s.userAgent, s.isCurrent])).toEqual([
      ['Phone/2.1', false],
      ['Laptop/1.0', true],
    ]);
    expect(Date.parse(items[0]!.lastUsedAt)).toBeGreaterThan(Date.parse(items[0]!.createdAt));
    expect(items[1]!.lastUsedAt).toBe(items[1]!.createdAt);
    expect(res.body).not.toContain(someoneElse.id);
    expect(Object.keys(items[0]!).sort()).toEqual(['createdAt', 'id', 'isCurrent', 'lastUsedAt', 'userAgent']);

    // From the phone, the phone is the current one.
    const fromPhone = (await api(t, { ...phone, accessToken: phone.accessToken }).get('/me/sessions')).json();
    expect(fromPhone.items.map((s: { isCurrent: boolean }) => s.isCurrent)).toEqual([true, false]);
  });
});

describe('privacy access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  it('every personal endpoint needs a valid session', async () => {
    const user = await signUpUser(t);
    const requests = [
      { method: 'GET' as const, url: '/api/v1/me/export' },
      { method: 'GET' as const, url: '/api/v1/me/export?format=html' },
      { method: 'POST' as const, url: '/api/v1/me/import', payload: {} },
      { method: 'GET' as const, url: '/api/v1/me/sessions' },
    ];
    for (const request of requests) {
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, request.url).toBe(401);
      expect(anonymous.json().code).toBe('no_authorization');
      const anonKey = await t.app.inject({
        ...request,
        headers: { authorization: `Bearer ${getApiKeys(t.app.deps.secrets).anonKey}` },
      });
      expect(anonKey.statusCode, request.url).toBe(403);
    }
    // Signed out: the token still verifies, its session does not.
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: { ...user.headers, apikey: getApiKeys(t.app.deps.secrets).anonKey },
    });
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: user.headers });
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().code).toBe('session_not_found');
    }
  });

  it("no request reaches another user's data: each answers only for the caller", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const aliceDream = await postDream(t, alice, { content: 'O sonho secreto da Alice com girafas.' });
    // Query parameters that name someone else are not part of the API and change nothing.
    const res = await api(t, bob).get(`/me/export?userId=${alice.id}&user_id=${alice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(alice.id);
    expect(res.body).not.toContain('girafas');
    expect((await api(t, bob).get(`/me/sessions?userId=${alice.id}`)).body).not.toContain(alice.id);
    // Importing Alice's file into Bob's account copies the words Bob uploaded, under Bob; Alice's journal is untouched.
    const aliceFile = await exportJson(t, alice);
    expect((await importBody(t, bob, aliceFile.text)).json()).toEqual({ imported: 1, skipped: 0 });
    const bobsCopy = (await api(t, bob).get('/dreams')).json().items[0];
    expect(bobsCopy.id).not.toBe(aliceDream.id);
    expect((await api(t, alice).get('/me/overview')).json().dreamCount).toBe(1);
    expect((await api(t, bob).get(`/dreams/${aliceDream.id}`)).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document under the privacy tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/v1/me/export', 'get'],
      ['/api/v1/me/import', 'post'],
      ['/api/v1/me/sessions', 'get'],
    ] as const) {
      expect(doc.paths[path][method].tags, path).toEqual(['privacy']);
      expect(doc.paths[path][method].security, path).toEqual([{ bearerAuth: [] }]);
    }
    expect(doc.paths['/api/v1/privacy-info'].get.tags).toEqual(['privacy']);
    expect(doc.paths['/api/v1/privacy-info'].get.security).toBeUndefined();
    expect(
      doc.paths['/api/v1/me/import'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('dreams');
  });
});
