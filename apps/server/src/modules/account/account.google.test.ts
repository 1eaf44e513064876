import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEmailTo, type TestApp } from '../../test/harness.ts';
import { followLink, fragmentOf, startAppWithGoogle, supabaseFor, uniqueEmail } from '../auth/auth.testing.ts';
import { api, postDream, type TestUser } from '../dreams/dreams.testing.ts';
import { findEverywhere } from './account.testing.ts';

// Users without a password (Google sign-in) prove themselves with a fresh sign-in instead: a real local OpenID
// Connect provider stands in for Google.
describe('deleting an account that signs in with Google', () => {
  let t: TestApp & { url: string };
  let anonKey: string;
  let close: () => Promise<void>;
  let nextClaims: Record<string, unknown> = {};

  beforeAll(async () => {
    ({ t, anonKey, close } = await startAppWithGoogle(() => nextClaims));
  });
  afterAll(() => close());

  /** The browser's walk through "Google"; returns the signed-in user. */
  async function signInWithGoogle(email: string, sub: string): Promise<TestUser & { refreshToken: string }> {
    nextClaims = { sub, email, email_verified: true, name: 'Gil Costa', given_name: 'Gil', family_name: 'Costa' };
    const { data } = await supabaseFor(t.url, anonKey).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${t.url}/` },
    });
    const toProvider = await followLink(data.url!);
    const cookie = toProvider.setCookie!.split(';')[0]!;
    const toCallback = await followLink(toProvider.location);
    const back = await followLink(toCallback.location, { headers: { cookie } });
    const fragment = fragmentOf(back.location);
    const accessToken = fragment.get('access_token')!;
    return {
      id: decodeJwt(accessToken).sub!,
      email,
      accessToken,
      refreshToken: fragment.get('refresh_token')!,
      headers: { authorization: `Bearer ${accessToken}` },
    };
  }

  const deleteAccount = (user: TestUser, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/me/delete', headers: user.headers, payload: body });
  const ageSession = (user: TestUser, minutes: number) =>
    t.database.db.execute(
      sql`update auth.sessions set created_at = now() - make_interval(mins => ${minutes}) where id = ${decodeJwt(user.accessToken).session_id as string}`,
    );

  it('refuses with 403 reauthentication_needed when the sign-in is older than 5 minutes, and deletes nothing', async () => {
    const user = await signInWithGoogle(uniqueEmail('g-old'), `google-${Date.now()}-a`);
    const dream = await postDream(t, user, { content: 'Um sonho com pinguins no telhado' });
    await ageSession(user, 6);
    // A refreshed token keeps the session's age: refreshing is not signing in again.
    const refreshed = await supabaseFor(t.url, anonKey).auth.refreshSession({ refresh_token: user.refreshToken });
    expect(refreshed.error).toBeNull();
    const sameSession = { ...user, headers: { authorization: `Bearer ${refreshed.data.session!.access_token}` } };
    for (const caller of [user, sameSession]) {
      const res = await deleteAccount(caller, { confirmation: DELETE_ACCOUNT_CONFIRMATION });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'reauthentication_needed',
        message: 'Por segurança, entre de novo na sua conta e peça a exclusão logo em seguida.',
      });
    }
    // A password (which this account does not have) does not stand in for the fresh sign-in.
    expect(
      (await deleteAccount(user, { password: 'qualquer coisa', confirmation: DELETE_ACCOUNT_CONFIRMATION })).statusCode,
    ).toBe(403);
    expect((await api(t, user).get(`/dreams/${dream.id}`)).statusCode).toBe(200);
  });

  it('deletes right after a fresh sign-in, Google identity included, and the address may come back as a new user', async () => {
    const email = uniqueEmail('g-fresh');
    const sub = `google-${Date.now()}-b`;
    const old = await signInWithGoogle(email, sub);
    await postDream(t, old, { content: 'Voava sobre um campo de girassóis' });
    await ageSession(old, 30);
    expect((await deleteAccount(old, { confirmation: DELETE_ACCOUNT_CONFIRMATION })).statusCode).toBe(403);

    const fresh = await signInWithGoogle(email, sub);
    expect(fresh.id).toBe(old.id);
    const res = await deleteAccount(fresh, { confirmation: DELETE_ACCOUNT_CONFIRMATION });
    expect(res.statusCode).toBe(204);
    expect(await findEverywhere(t.database.db, old.id)).toEqual({});
    expect(await findEverywhere(t.database.db, email)).toEqual({});
    expect(await findEverywhere(t.database.db, sub)).toEqual({});
    for (const user of [old, fresh]) expect((await api(t, user).get('/me')).statusCode).toBe(403);
    expect((await lastEmailTo(t.dataDir, email))?.subject).toBe('Sua conta no Sonhário foi excluída');

    // Signing in with the same Google account again starts from nothing.
    const again = await signInWithGoogle(email, sub);
    expect(again.id).not.toBe(old.id);
    expect((await api(t, again).get('/dreams')).json().items).toEqual([]);
  });

  it('lets a Google user set a first password without a current one', async () => {
    const user = await signInWithGoogle(uniqueEmail('g-pass'), `google-${Date.now()}-c`);
    const supabase = supabaseFor(t.url, anonKey);
    await supabase.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken });
    expect((await supabase.auth.updateUser({ password: 'primeira senha' })).error).toBeNull();
    // From then on the account has a password, and changing it takes the current one.
    expect((await supabase.auth.updateUser({ password: 'segunda senha' })).error).toMatchObject({
      status: 400,
      code: 'current_password_required',
    });
    expect(
      (await supabase.auth.updateUser({ password: 'segunda senha', current_password: 'primeira senha' })).error,
    ).toBeNull();
  });
});
