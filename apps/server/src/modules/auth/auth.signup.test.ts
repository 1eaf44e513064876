import { CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { AuthApiError, AuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, consents } from '../../db/schema/index.ts';
import { createListeningTestApp, lastEmailTo, readOutbox, type TestApp } from '../../test/harness.ts';
import { followLink, fragmentOf, PASSWORD, supabaseFor, uniqueEmail } from './auth.testing.ts';
import { getApiKeys } from './auth.tokens.ts';

// Sign-up with e-mail confirmation on (the default), driven through the real supabase-js client. One app per file.
describe('sign-up with e-mail confirmation', () => {
  let t: TestApp & { url: string };
  let supabase: SupabaseClient;
  const site = () => `${t.url}/`;

  beforeAll(async () => {
    t = await createListeningTestApp({
      RATE_LIMIT_TOKEN: '1000',
      RATE_LIMIT_VERIFY: '1000',
      RATE_LIMIT_EMAIL_SENT: '1000',
    });
    supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
  });
  afterAll(() => t.close());

  async function signUp(
    email: string,
    data: Record<string, unknown> = { first_name: 'Ana', last_name: 'Lima', consent_version: CONSENT_VERSION },
  ) {
    return supabase.auth.signUp({ email, password: PASSWORD, options: { data, emailRedirectTo: site() } });
  }

  it('answers a bare user without a session and e-mails a confirmation link', async () => {
    const email = uniqueEmail();
    const { data, error } = await signUp(email);
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', phone: '' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toEqual({ first_name: 'Ana', last_name: 'Lima' });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const mail = await lastEmailTo(t.dataDir, email);
    expect(mail?.subject).toBe('Confirme seu e-mail');
    expect(mail?.text).toContain('Sonhário');
    expect(mail?.html).toContain('Sonhário');
    expect(mail?.links).toHaveLength(1);
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(site());
    expect(mail?.text).toContain(mail!.links[0]);
  });

  it('records both consents with the consent text and version, and keeps consent_version out of the metadata', async () => {
    const email = uniqueEmail();
    const { data } = await signUp(email);
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, data.user!.id));
    expect(rows.map((r) => r.purpose).sort()).toEqual(['ai_analysis', 'data_processing']);
    for (const row of rows) {
      expect(row).toMatchObject({
        text: CONSENT_TEXT,
        textVersion: CONSENT_VERSION,
        source: 'signup',
        withdrawnAt: null,
      });
    }
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, data.user!.id));
    expect(user?.rawUserMetaData).not.toHaveProperty('consent_version');
  });

  it('records no consent when the sign-up carries no consent_version', async () => {
    const { data } = await signUp(uniqueEmail(), { first_name: 'Bia' });
    const rows = await t.database.db.select().from(consents).where(eq(consents.userId, data.user!.id));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown consent version with 400 validation_failed and creates nothing', async () => {
    const email = uniqueEmail();
    const { data, error } = await signUp(email, { consent_version: '1999-01-01' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(data.user).toBeNull();
    expect(await t.database.db.select().from(authUsers).where(eq(authUsers.email, email))).toEqual([]);
  });

  it('refuses a short password as weak_password with its reasons, and a long one as validation_failed', async () => {
    const short = await supabase.auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
    const long = await supabase.auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
    const exactly72 = await supabase.auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(72) });
    expect(exactly72.error).toBeNull();
  });

  it('does not let an unconfirmed user sign in, then confirms through the e-mailed link', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const early = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = await lastEmailTo(t.dataDir, email);
    const hop = await followLink(mail!.links[0]!);
    expect(hop.status).toBe(303);
    expect(hop.location.startsWith(site())).toBe(true);
    // The contract's order: access_token, expires_at, expires_in, refresh_token, token_type, type.
    expect([...fragmentOf(hop.location).keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    const fragment = fragmentOf(hop.location);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);

    const client = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const signedIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.access_token).toBeTruthy();
  });

  it('treats a used or unknown link as expired: back to the site with otp_expired', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const link = (await lastEmailTo(t.dataDir, email))!.links[0]!;
    expect((await followLink(link)).status).toBe(303);
    const again = await followLink(link);
    expect(again.status).toBe(303);
    expect(new URL(again.location).hash).toBe(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    const forged = new URL(link);
    forged.searchParams.set('token', 'not-a-token');
    expect(new URL((await followLink(forged.href)).location).hash).toContain('error_code=otp_expired');
  });

  it('treats a link older than 24 hours as expired', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await t.database.db.execute(
      sql`update auth.one_time_tokens set expires_at = now() - interval '1 second' where relates_to = ${email}`,
    );
    const hop = await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!);
    expect(fragmentOf(hop.location).get('error_code')).toBe('otp_expired');
  });

  it('answers a repeated sign-up of a confirmed address with a made-up user and sends nothing', async () => {
    const email = uniqueEmail();
    const first = await signUp(email);
    await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!);
    const before = (await readOutbox(t.dataDir)).length;
    const again = await signUp(email);
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(email);
    expect(again.data.user?.id).not.toBe(first.data.user?.id);
    expect(again.data.user?.identities).toEqual([]);
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it('spaces e-mails to one address by 60 s: a repeated sign-up or resend right away gets 429', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const repeated = await signUp(email);
    expect(repeated.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(repeated.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    const resent = await supabase.auth.resend({ type: 'signup', email });
    expect(resent.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('resends after 60 s, and only the newest link works', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const firstLink = (await lastEmailTo(t.dataDir, email))!.links[0]!;
    await t.database.db.execute(
      sql`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = ${email}`,
    );
    const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: site() } });
    expect(error).toBeNull();
    const secondLink = (await lastEmailTo(t.dataDir, email))!.links[0]!;
    expect(secondLink).not.toBe(firstLink);
    expect(fragmentOf((await followLink(firstLink)).location).get('error_code')).toBe('otp_expired');
    expect(fragmentOf((await followLink(secondLink)).location).get('type')).toBe('signup');
  });

  it('answers resend for an unknown or confirmed address with the same empty success', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    expect((await supabase.auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error).toBeNull();
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it('falls back to SITE_URL for a redirect_to outside the allow-list, keeps an allowed one', async () => {
    const evil = uniqueEmail();
    await supabase.auth.signUp({
      email: evil,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const evilLink = new URL((await lastEmailTo(t.dataDir, evil))!.links[0]!);
    expect(evilLink.searchParams.get('redirect_to')).toBe(site());
    // Tampering with the link itself does not help either: GET /verify checks again.
    evilLink.searchParams.set('redirect_to', 'https://evil.example/steal');
    const hop = await followLink(evilLink.href);
    expect(hop.location.startsWith(site())).toBe(true);
    expect(fragmentOf(hop.location).get('access_token')).toBeTruthy();

    const good = uniqueEmail();
    await supabase.auth.signUp({
      email: good,
      password: PASSWORD,
      options: { emailRedirectTo: `${t.url}/app?welcome=1` },
    });
    const goodLink = (await lastEmailTo(t.dataDir, good))!.links[0]!;
    const landed = await followLink(goodLink);
    expect(landed.location.startsWith(`${t.url}/app?welcome=1#access_token=`)).toBe(true);
  });

  it('with a PKCE client: the link carries a pkce_ token, lands with ?code= and exchangeCodeForSession signs in', async () => {
    const pkceClient = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey, { flowType: 'pkce' });
    const email = uniqueEmail('pkce');
    const { data: signedUp, error } = await pkceClient.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: site() },
    });
    expect(error).toBeNull();
    expect(signedUp.session).toBeNull();
    const link = new URL((await lastEmailTo(t.dataDir, email))!.links[0]!);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const hop = await followLink(link.href);
    expect(hop.status).toBe(303);
    const landed = new URL(hop.location);
    expect(`${landed.origin}${landed.pathname}`).toBe(site());
    expect(landed.hash).toBe('');
    const code = landed.searchParams.get('code')!;
    const { data, error: exchangeError } = await pkceClient.auth.exchangeCodeForSession(code);
    expect(exchangeError).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
    // Another client (no code verifier) cannot use a stolen code.
    const thief = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey, { flowType: 'pkce' });
    expect((await thief.auth.exchangeCodeForSession(code)).error).toBeTruthy();
  });

  it('sends a PKCE link error back in the query too, where a PKCE client looks', async () => {
    const pkceClient = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey, { flowType: 'pkce' });
    const email = uniqueEmail('pkce');
    await pkceClient.auth.signUp({ email, password: PASSWORD });
    const link = (await lastEmailTo(t.dataDir, email))!.links[0]!;
    await followLink(link);
    const again = await followLink(link);
    expect(new URL(again.location).searchParams.get('error_code')).toBe('otp_expired');
    expect(fragmentOf(again.location).get('error_code')).toBe('otp_expired');
  });

  it('refuses a sign-up without e-mail or password with validation_failed', async () => {
    const noEmail = await supabase.auth.signUp({ email: '', password: PASSWORD });
    expect(noEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'An email address is required',
    });
    const badEmail = await supabase.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(badEmail.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const noPassword = await supabase.auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('sign-up with AUTH_AUTOCONFIRM=true', () => {
  let t: TestApp & { url: string };
  let supabase: SupabaseClient;
  beforeAll(async () => {
    t = await createListeningTestApp({ AUTH_AUTOCONFIRM: 'true' });
    supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
  });
  afterAll(() => t.close());

  it('signs the new user in at once and sends no e-mail', async () => {
    const email = uniqueEmail();
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Caio' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.expires_in).toBeGreaterThan(0);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(await readOutbox(t.dataDir)).toEqual([]);
  });

  it('answers an address already registered with 422 user_already_exists', async () => {
    const email = uniqueEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const again = await supabase.auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('reports mailer_autoconfirm in /settings', async () => {
    const res = await fetch(`${t.url}/auth/v1/settings`, {
      headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey },
    });
    expect(await res.json()).toMatchObject({
      mailer_autoconfirm: true,
      disable_signup: false,
      external: { email: true, google: false },
    });
  });
});
