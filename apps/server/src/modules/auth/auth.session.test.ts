import type { AuthError, AuthSession } from '@sonhario/contracts/auth';
import { AuthApiError, AuthSessionMissingError, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAuditLogEntries,
  authFlowStates,
  authOneTimeTokens,
  authRefreshTokens,
  authSessions,
  authUsers,
} from '../../db/schema/index.ts';
import { deleteExpiredAuthRows } from './auth.repository.ts';
import { createListeningTestApp, lastEmailTo, readOutbox, type TestApp } from '../../test/harness.ts';
import { bodyOf, followLink, fragmentOf, PASSWORD, queryOf, supabaseFor, uniqueEmail } from './auth.testing.ts';
import { getApiKeys } from './auth.tokens.ts';

// Sessions through the real supabase-js client: sign-in, refresh rotation and reuse, sign-out scopes, user updates,
// recovery. Autoconfirm is on so each test can create its own signed-up user in one call.
describe('sessions', () => {
  let t: TestApp & { url: string };
  let anonKey: string;
  const client = (flowType: 'implicit' | 'pkce' = 'implicit') => supabaseFor(t.url, anonKey, { flowType });

  beforeAll(async () => {
    t = await createListeningTestApp({
      AUTH_AUTOCONFIRM: 'true',
      RATE_LIMIT_TOKEN: '1000',
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_EMAIL_SENT: '1000',
    });
    anonKey = getApiKeys(t.app.deps.secrets).anonKey;
  });
  afterAll(() => t.close());

  async function newUser(data: Record<string, unknown> = { first_name: 'Lia', last_name: 'Souza' }) {
    const email = uniqueEmail();
    const { data: signedUp, error } = await client().auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(error).toBeNull();
    return { email, id: signedUp.user!.id };
  }

  async function signIn(email: string, password = PASSWORD): Promise<{ supabase: SupabaseClient; session: Session }> {
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { supabase, session: data.session! };
  }

  /** GET /user with a given access token, straight to the server (no client-side session logic). */
  const userWith = (accessToken: string) => client().auth.getUser(accessToken);

  describe('signing in', () => {
    it('returns a session whose access token carries the contract claims', async () => {
      const { email, id } = await newUser();
      const { session } = await signIn(email);
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({
        iss: `${t.url}/auth/v1`,
        sub: id,
        aud: 'authenticated',
        role: 'authenticated',
        aal: 'aal1',
        email,
        phone: '',
        is_anonymous: false,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { first_name: 'Lia', last_name: 'Souza' },
      });
      expect(claims.exp! - claims.iat!).toBe(3600);
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
      expect(typeof claims.session_id).toBe('string');
      expect(session.user.last_sign_in_at).toBeTruthy();
    });

    it('records the device: user agent, IP and times', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      const [row] = await t.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, decodeJwt(session.access_token).session_id as string));
      expect(row?.ip).toBe('127.0.0.1');
      expect(row?.userAgent).toBeTruthy();
      expect(row?.createdAt).toBeInstanceOf(Date);
      expect(row?.refreshedAt).toBeInstanceOf(Date);
    });

    it('answers a wrong password and an unknown address alike: 400 invalid_credentials', async () => {
      const { email } = await newUser();
      for (const attempt of [
        { email, password: 'wrong password' },
        { email: uniqueEmail('ghost'), password: PASSWORD },
      ]) {
        const { data, error } = await client().auth.signInWithPassword(attempt);
        expect(error).toBeInstanceOf(AuthApiError);
        expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
        expect(data.session).toBeNull();
      }
    });

    it('matches the address case-insensitively', async () => {
      const { email } = await newUser();
      const { error } = await client().auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
      expect(error).toBeNull();
    });

    it('writes sign-up and login to the audit log without secrets', async () => {
      const { email, id } = await newUser();
      await signIn(email);
      const rows = await t.database.db.select().from(authAuditLogEntries).where(eq(authAuditLogEntries.actorId, id));
      expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['user_signedup', 'login']));
      const text = JSON.stringify(rows);
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(email);
    });
  });

  describe('refreshing', () => {
    it('rotates the refresh token on every refresh, and the new access token works', async () => {
      const { email } = await newUser();
      const { supabase, session } = await signIn(email);
      const { data, error } = await supabase.auth.refreshSession();
      expect(error).toBeNull();
      expect(data.session?.refresh_token).toBeTruthy();
      expect(data.session?.refresh_token).not.toBe(session.refresh_token);
      expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
      expect((await userWith(data.session!.access_token)).data.user?.email).toBe(email);
    });

    it('gives a second tab presenting the just-rotated token the same successor', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      const tabA = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      const tabB = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(tabA.error).toBeNull();
      expect(tabB.error).toBeNull();
      expect(tabB.data.session?.refresh_token).toBe(tabA.data.session?.refresh_token);
      // The successor itself still rotates normally.
      const next = await client().auth.refreshSession({ refresh_token: tabA.data.session!.refresh_token });
      expect(next.error).toBeNull();
    });

    it('gives two tabs refreshing at the same moment the same successor', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      // Raw requests: supabase-js would retry a failed one and hide a race.
      const refresh = () =>
        fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: session.refresh_token }),
        });
      const responses = await Promise.all([refresh(), refresh(), refresh(), refresh()]);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const tokens = await Promise.all(responses.map(async (r) => (await bodyOf<AuthSession>(r)).refresh_token));
      expect(new Set(tokens).size).toBe(1);
    });

    it('treats reuse after the 10 s interval as theft: 400 refresh_token_already_used and the whole session ends', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      const rotated = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      await t.database.db.execute(
        sql`update auth.refresh_tokens set revoked_at = now() - interval '11 seconds' where revoked_at is not null and session_id = ${decodeJwt(session.access_token).session_id as string}`,
      );
      const replay = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(replay.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      // The legitimate holder of the family is out too, and its access token stops working at once.
      const holder = await client().auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token });
      expect(holder.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
      const user = await userWith(rotated.data.session!.access_token);
      expect(user.error).toBeInstanceOf(AuthSessionMissingError);
    });

    it('treats reuse of an older ancestor as theft even within the interval', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      const first = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      await client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
      const replay = await client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    });

    it('answers an unknown refresh token with 400 refresh_token_not_found', async () => {
      const { error } = await client().auth.refreshSession({ refresh_token: 'no-such-token' });
      expect(error).toMatchObject({
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      });
    });
  });

  describe('signing out', () => {
    async function threeDevices() {
      const { email } = await newUser();
      return Promise.all([signIn(email), signIn(email), signIn(email)]);
    }
    const isAlive = async (session: Session) => !(await userWith(session.access_token)).error;

    it('scope global (the default) ends every session of the user', async () => {
      const [a, b, c] = await threeDevices();
      expect(await isAlive(b.session)).toBe(true);
      const { error } = await a.supabase.auth.signOut();
      expect(error).toBeNull();
      expect([await isAlive(a.session), await isAlive(b.session), await isAlive(c.session)]).toEqual([
        false,
        false,
        false,
      ]);
      const refresh = await client().auth.refreshSession({ refresh_token: b.session.refresh_token });
      expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    });

    it('scope local ends only the current session', async () => {
      const [a, b, c] = await threeDevices();
      await a.supabase.auth.signOut({ scope: 'local' });
      expect([await isAlive(a.session), await isAlive(b.session), await isAlive(c.session)]).toEqual([
        false,
        true,
        true,
      ]);
    });

    it('scope others ends all but the current session, and the client stays signed in', async () => {
      const [a, b, c] = await threeDevices();
      await a.supabase.auth.signOut({ scope: 'others' });
      expect([await isAlive(a.session), await isAlive(b.session), await isAlive(c.session)]).toEqual([
        true,
        false,
        false,
      ]);
      expect((await a.supabase.auth.getUser()).data.user).not.toBeNull();
    });

    it('answers getUser after sign-out with a missing session, from the client and from the server', async () => {
      const { email } = await newUser();
      const { supabase, session } = await signIn(email);
      await supabase.auth.signOut();
      const local = await supabase.auth.getUser();
      expect(local.error).toBeInstanceOf(AuthSessionMissingError);
      const res = await fetch(`${t.url}/auth/v1/user`, {
        headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}` },
      });
      expect(res.status).toBe(403);
      expect(await bodyOf<AuthError>(res)).toEqual({
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      });
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    });

    it('refuses an unknown scope with 400 validation_failed', async () => {
      const { email } = await newUser();
      const { session } = await signIn(email);
      const res = await fetch(`${t.url}/auth/v1/logout?scope=everyone`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}` },
      });
      expect(res.status).toBe(400);
      expect((await bodyOf<AuthError>(res)).code).toBe('validation_failed');
    });
  });

  describe('updating the user', () => {
    it('merges metadata, removing keys set to null', async () => {
      const { email } = await newUser({ first_name: 'Rui', last_name: 'Dias', theme: 'dark' });
      const { supabase } = await signIn(email);
      const { data, error } = await supabase.auth.updateUser({ data: { first_name: 'Rafael', theme: null } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata).toEqual({ first_name: 'Rafael', last_name: 'Dias' });
      expect((await supabase.auth.getUser()).data.user?.user_metadata).toEqual({
        first_name: 'Rafael',
        last_name: 'Dias',
      });
    });

    it('changes the password: the new one signs in, the old one no longer, other devices are signed out', async () => {
      const { email } = await newUser();
      const { supabase, session } = await signIn(email);
      const other = await signIn(email);
      const { error } = await supabase.auth.updateUser({
        password: 'a brand new password',
        current_password: PASSWORD,
      });
      expect(error).toBeNull();
      expect((await userWith(session.access_token)).error).toBeNull();
      expect((await userWith(other.session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
      expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
        'invalid_credentials',
      );
      expect((await client().auth.signInWithPassword({ email, password: 'a brand new password' })).error).toBeNull();
    });

    it('refuses a weak password, and the same password, with their codes', async () => {
      const { email } = await newUser();
      const { supabase } = await signIn(email);
      expect((await supabase.auth.updateUser({ password: '123', current_password: PASSWORD })).error).toMatchObject({
        status: 422,
        code: 'weak_password',
      });
      expect((await supabase.auth.updateUser({ password: PASSWORD, current_password: PASSWORD })).error).toMatchObject({
        status: 422,
        code: 'same_password',
      });
    });

    it('asks for the current password: 400 current_password_required without it, current_password_invalid when wrong', async () => {
      const { email } = await newUser();
      const { supabase, session } = await signIn(email);
      const other = await signIn(email);
      const missing = await supabase.auth.updateUser({ password: 'a brand new password' });
      expect(missing.error).toMatchObject({
        status: 400,
        code: 'current_password_required',
        message: 'Current password required when setting new password.',
      });
      const wrong = await supabase.auth.updateUser({
        password: 'a brand new password',
        current_password: 'not my password',
      });
      expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
      // Nothing changed: the old password still signs in and no device was signed out.
      expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      expect((await userWith(session.access_token)).error).toBeNull();
      expect((await userWith(other.session.access_token)).error).toBeNull();
      // Metadata and e-mail changes need no password.
      expect((await supabase.auth.updateUser({ data: { first_name: 'Nina' } })).error).toBeNull();
    });

    it('keeps asking after a refresh: a refreshed session is not a recovery session', async () => {
      const { email } = await newUser();
      const { supabase } = await signIn(email);
      expect((await supabase.auth.refreshSession()).error).toBeNull();
      expect((await supabase.auth.updateUser({ password: 'a brand new password' })).error).toMatchObject({
        code: 'current_password_required',
      });
    });

    it('changes the e-mail only after the new address confirms the link', async () => {
      const { email } = await newUser();
      const { supabase } = await signIn(email);
      const newEmail = uniqueEmail('new');
      const { data, error } = await supabase.auth.updateUser(
        { email: newEmail },
        { emailRedirectTo: `${t.url}/app/settings` },
      );
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, new_email: newEmail });
      expect(data.user?.email_change_sent_at).toBeTruthy();
      expect((await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error?.code).toBe(
        'invalid_credentials',
      );

      const mail = await lastEmailTo(t.dataDir, newEmail);
      expect(mail?.subject).toBe('Confirme seu novo e-mail');
      const hop = await followLink(mail!.links[0]!);
      expect(hop.location.startsWith(`${t.url}/app/settings#`)).toBe(true);
      expect(fragmentOf(hop.location).get('type')).toBe('email_change');
      const after = await supabase.auth.getUser();
      expect(after.data.user?.email).toBe(newEmail);
      expect(after.data.user?.new_email).toBeUndefined();
      expect(after.data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);
      expect((await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
    });

    it('refuses an address that belongs to another account with 422 email_exists', async () => {
      const taken = await newUser();
      const { email } = await newUser();
      const { supabase } = await signIn(email);
      expect((await supabase.auth.updateUser({ email: taken.email })).error).toMatchObject({
        status: 422,
        code: 'email_exists',
      });
    });
  });

  describe('recovering a password', () => {
    it('e-mails a recovery link that opens a session, in which the password can be changed', async () => {
      const { email } = await newUser();
      const { error } = await client().auth.resetPasswordForEmail(email, { redirectTo: `${t.url}/reset` });
      expect(error).toBeNull();
      const mail = await lastEmailTo(t.dataDir, email);
      expect(mail?.subject).toBe('Redefinir sua senha');
      const hop = await followLink(mail!.links[0]!);
      expect(hop.location.startsWith(`${t.url}/reset#`)).toBe(true);
      const fragment = fragmentOf(hop.location);
      expect(fragment.get('type')).toBe('recovery');
      expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([
        { method: 'recovery', timestamp: expect.any(Number) },
      ]);

      // A recovery session sets the new password without the forgotten one (the /redefinir-senha page), and signs
      // out the other devices.
      const elsewhere = await signIn(email);
      const supabase = client();
      await supabase.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!,
      });
      expect((await supabase.auth.updateUser({ password: 'recovered password' })).error).toBeNull();
      expect((await userWith(elsewhere.session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
      expect((await client().auth.signInWithPassword({ email, password: 'recovered password' })).error).toBeNull();
      const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email));
      expect(user?.recoverySentAt).toBeInstanceOf(Date);
    });

    it('answers an unknown address with the same success and sends nothing', async () => {
      const before = (await readOutbox(t.dataDir)).length;
      const { data, error } = await client().auth.resetPasswordForEmail(uniqueEmail('nobody'));
      expect(error).toBeNull();
      expect(data).toEqual({});
      expect((await readOutbox(t.dataDir)).length).toBe(before);
    });

    it('verifies a recovery token handed over by the client (verifyOtp with token_hash)', async () => {
      const { email } = await newUser();
      await client().auth.resetPasswordForEmail(email);
      const token = new URL((await lastEmailTo(t.dataDir, email))!.links[0]!).searchParams.get('token')!;
      const supabase = client();
      const { data, error } = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: token });
      expect(error).toBeNull();
      expect(data.session?.user.email).toBe(email);
      const again = await client().auth.verifyOtp({ type: 'recovery', token_hash: token });
      expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    });

    it('with a PKCE client: the link returns ?code= and exchangeCodeForSession opens the recovery session', async () => {
      const { email } = await newUser();
      const supabase = client('pkce');
      await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${t.url}/reset` });
      const link = (await lastEmailTo(t.dataDir, email))!.links[0]!;
      expect(new URL(link).searchParams.get('token')?.startsWith('pkce_')).toBe(true);
      const hop = await followLink(link);
      const code = queryOf(hop.location).get('code');
      expect(hop.location.startsWith(`${t.url}/reset?code=`)).toBe(true);
      expect(new URL(hop.location).hash).toBe('');
      const { data, error } = await supabase.auth.exchangeCodeForSession(code!);
      expect(error).toBeNull();
      expect(data.session?.user.email).toBe(email);
      expect((data as { redirectType?: string | null }).redirectType).toBe('recovery');
      // The recovery session may set the new password without the old one, also after a refresh.
      expect((await supabase.auth.refreshSession()).error).toBeNull();
      expect((await supabase.auth.updateUser({ password: 'recovered with pkce' })).error).toBeNull();
      expect((await client().auth.signInWithPassword({ email, password: 'recovered with pkce' })).error).toBeNull();
      // An auth code is single use.
      const replay = await fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
      });
      expect(replay.status).toBe(404);
      expect((await bodyOf<AuthError>(replay)).code).toBe('flow_state_not_found');
    });
  });

  describe('PKCE code exchange', () => {
    it('refuses a wrong code verifier with 400 bad_code_verifier and an expired code with flow_state_expired', async () => {
      const { email } = await newUser();
      await client('pkce').auth.resetPasswordForEmail(email);
      const code = queryOf((await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!)).location).get('code')!;
      const exchange = (verifier: string) =>
        fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
          method: 'POST',
          headers: { apikey: anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
        });
      const wrong = await exchange('y'.repeat(50));
      expect(wrong.status).toBe(400);
      expect((await bodyOf<AuthError>(wrong)).code).toBe('bad_code_verifier');
      await t.database.db.execute(
        sql`update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code_issued_at is not null`,
      );
      const late = await exchange('y'.repeat(50));
      expect(late.status).toBe(400);
      expect((await bodyOf<AuthError>(late)).code).toBe('flow_state_expired');
    });
  });

  describe('housekeeping', () => {
    it('drops expired link tokens, abandoned flows and long-revoked refresh tokens, and keeps live ones', async () => {
      const { email } = await newUser();
      const { supabase, session } = await signIn(email);
      await supabase.auth.refreshSession();
      await client('pkce').auth.resetPasswordForEmail(email);
      const sessionId = decodeJwt(session.access_token).session_id as string;
      const { db } = t.database;
      await db.execute(
        sql`update auth.refresh_tokens set revoked_at = now() - interval '25 hours' where session_id = ${sessionId} and revoked_at is not null`,
      );
      await db.execute(
        sql`update auth.one_time_tokens set expires_at = now() - interval '1 minute' where relates_to = ${email}`,
      );
      await db.execute(
        sql`update auth.flow_state set created_at = now() - interval '25 hours' where code_challenge is not null`,
      );
      await deleteExpiredAuthRows(db, new Date());
      const tokens = await db.select().from(authRefreshTokens).where(eq(authRefreshTokens.sessionId, sessionId));
      expect(tokens.map((row) => row.revokedAt)).toEqual([null]);
      expect(await db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, email))).toEqual([]);
      expect(
        await db
          .select()
          .from(authFlowStates)
          .where(sql`${authFlowStates.createdAt} < now() - interval '1 day'`),
      ).toEqual([]);
      expect((await supabase.auth.refreshSession()).error).toBeNull();
    });
  });
});
