import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { CreateDreamInput, Dream } from '@sonhario/contracts/dreams';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { PASSWORD, uniqueEmail } from '../auth/auth.testing.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import type { RequestContext } from '../../context.ts';

/** Test env for journal tests: sign-ups return a session at once. */
export const JOURNAL_TEST_ENV = { AUTH_AUTOCONFIRM: 'true' };

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  headers: { authorization: string };
}

/**
 * Signs a new user up through /auth/v1 (autoconfirm on), as the web app would: a real session and access token.
 * `isConsenting` ticks the sign-up consent box (recorded as consent rows, which AI analysis requires).
 */
export async function signUpUser(t: TestApp, options: { isConsenting?: boolean } = {}): Promise<TestUser> {
  const email = uniqueEmail('dreamer');
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey },
    payload: {
      email,
      password: PASSWORD,
      ...(options.isConsenting ? { data: { consent_version: CONSENT_VERSION } } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ access_token: string; user: { id: string } }>();
  return {
    id: body.user.id,
    email,
    accessToken: body.access_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}

/** The service context of a user, with a chosen clock. */
export function contextFor(t: TestApp, userId: string, now: () => Date = () => new Date()): RequestContext {
  return { db: t.database.db, userId, now, keys: t.app.deps.keys, log: t.app.log };
}

/** A request against the API as a user. */
export function api(t: TestApp, user: TestUser | null) {
  const headers = user ? user.headers : {};
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    post: (url: string, payload?: unknown, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...headers, ...extra },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    patch: (url: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers, payload: payload as object }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers }),
  };
}

/** Creates a dream through the API and returns its JSON. */
export async function postDream(t: TestApp, user: TestUser, dream: CreateDreamInput): Promise<Dream> {
  const res = await api(t, user).post('/dreams', dream);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  // The answer adds what saving earned (modules/rewards); the dream is the rest.
  const { rewards: _rewards, ...created } = res.json<Dream & { rewards: unknown }>();
  return created;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown> = Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}
