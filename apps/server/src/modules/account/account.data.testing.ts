import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { exportFileSchema, type ExportFile } from '@sonhario/contracts/account';
import type { TestApp } from '../../test/harness.ts';
import { PASSWORD, uniqueEmail } from '../auth/auth.testing.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, type TestUser } from '../dreams/dreams.testing.ts';

const apikey = (t: TestApp) => getApiKeys(t.app.deps.secrets).anonKey;

const asUser = (body: { access_token: string; refresh_token: string; user: { id: string } }, email: string) => ({
  id: body.user.id,
  email,
  accessToken: body.access_token,
  refreshToken: body.refresh_token,
  headers: { authorization: `Bearer ${body.access_token}` },
});

/** Signs up (autoconfirm) with names and the sign-up consent, from a given browser (and IP address). */
export async function signUpNamed(
  t: TestApp,
  names: { firstName: string; lastName: string },
  userAgent = 'Sonhario-Test/1.0',
  ip?: string,
) {
  const email = uniqueEmail('privacy');
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    ...(ip ? { remoteAddress: ip } : {}),
    headers: { apikey: apikey(t), 'user-agent': userAgent },
    payload: {
      email,
      password: PASSWORD,
      data: { consent_version: CONSENT_VERSION, first_name: names.firstName, last_name: names.lastName },
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return asUser(res.json(), email);
}

/** A new session of the user (a password sign-in from another device, and IP address). */
export async function signInAgain(t: TestApp, email: string, userAgent: string, ip?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    ...(ip ? { remoteAddress: ip } : {}),
    headers: { apikey: apikey(t), 'user-agent': userAgent },
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return asUser(res.json(), email);
}

/** Refreshes a session (its last use becomes now). */
export async function refreshSession(t: TestApp, refreshToken: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=refresh_token',
    headers: { apikey: apikey(t), 'user-agent': userAgent },
    payload: { refresh_token: refreshToken },
  });
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.statusCode} ${res.body}`);
}

/** GET /me/export as JSON, checked against the contract. */
export async function exportJson(t: TestApp, user: TestUser): Promise<{ file: ExportFile; text: string }> {
  const res = await api(t, user).get('/me/export?format=json');
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  return { file: exportFileSchema.parse(JSON.parse(res.body)), text: res.body };
}

/** POST /me/import with a raw body. */
export function importBody(t: TestApp, user: TestUser, body: string, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/me/import',
    headers: { ...user.headers, 'content-type': contentType },
    payload: body,
  });
}
