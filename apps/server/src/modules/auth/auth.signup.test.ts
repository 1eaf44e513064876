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

  /** A confirmed account, signed up and confirmed through its link (nothing of it left in the outbox's newest). */
  async function confirmedAccount(email = uniqueEmail()) {
    const { data } = await signUp(email);
    await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!);
    return data.user!;
  }

  /** POST /signup as the client sends it, answered as raw JSON (what anyone probing sees). */
  async function rawSignUp(email: string) {
    const res = await fetch(`${t.url}/auth/v1/signup?redirect_to=${encodeURIComponent(site())}`, {
      method: 'POST',
      headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        data: { first_name: 'Ana', consent_version: CONSENT_VERSION },
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A JSON value with every string, number and boolean replaced by its type: the answer's shape. */
  const shapeOf = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shapeOf)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
        : typeof value;

  /** What may differ between two answers: ids and instants (and the address itself). */
  const withoutIdsAndTimes = (user: Record<string, unknown>): unknown =>
    JSON.parse(
      JSON.stringify(user)
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
        .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<time>')
        .replace(/[\w.-]+@example\.com/g, '<email>'),
    );

  it('answers a sign-up of a new, a confirmed and an unconfirmed address alike: same status, same shape, same values but ids and times', async () => {
    const confirmed = uniqueEmail('confirmed');
    const confirmedUser = await confirmedAccount(confirmed);
    const unconfirmed = uniqueEmail('unconfirmed');
    const unconfirmedUser = (await signUp(unconfirmed)).data.user!;
    await t.database.db.execute(
      sql`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = ${unconfirmed}`,
    );

    const fresh = await rawSignUp(uniqueEmail('fresh'));
    const again = await rawSignUp(confirmed);
    const pending = await rawSignUp(unconfirmed);
    expect([fresh.status, again.status, pending.status]).toEqual([200, 200, 200]);
    expect(fresh.body.identities).toHaveLength(1);
    expect(shapeOf(again.body)).toEqual(shapeOf(fresh.body));
    expect(shapeOf(pending.body)).toEqual(shapeOf(fresh.body));
    expect(withoutIdsAndTimes(again.body)).toEqual(withoutIdsAndTimes(fresh.body));
    expect(withoutIdsAndTimes(pending.body)).toEqual(withoutIdsAndTimes(fresh.body));
    // Nothing of the real accounts: not their ids, not when they were made.
    expect(again.body.email).toBe(confirmed);
    expect([again.body.id, pending.body.id]).not.toContain(confirmedUser.id);
    expect([again.body.id, pending.body.id]).not.toContain(unconfirmedUser.id);
    for (const answer of [again.body, pending.body]) {
      const identity = (answer.identities as { user_id: string; identity_data: { sub: string } }[])[0]!;
      expect(identity.user_id).toBe(answer.id);
      expect(identity.identity_data.sub).toBe(answer.id);
      expect(Date.parse(answer.created_at as string)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('e-mails the owner of a confirmed address that someone tried to sign up with it, with a link to sign in', async () => {
    const email = uniqueEmail();
    const first = await confirmedAccount(email);
    const before = (await readOutbox(t.dataDir)).length;
    const again = await signUp(email);
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(email);
    expect(again.data.user?.id).not.toBe(first.id);

    const sent = (await readOutbox(t.dataDir)).slice(before);
    expect(sent.map((m) => m.to)).toEqual([email]);
    const notice = sent[0]!;
    expect(notice.subject).toBe('Tentativa de cadastro no Sonhário com o seu e-mail');
    expect(notice.text).toContain('Alguém tentou criar uma conta com este e-mail');
    expect(notice.html).toContain('<html lang="pt-BR">');
    // The sign-in page of this site, not the redirect the request named; and no token of any kind.
    expect(notice.links).toEqual([`${t.url}/login`]);
    // The account is untouched: still signs in with its password, still its name.
    const signedIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.data.user?.id).toBe(first.id);
    await supabase.auth.signOut();
  });

  it("writes the notice in the owner's language", async () => {
    const email = uniqueEmail();
    await confirmedAccount(email);
    // The owner chose English in the app's settings.
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const chosen = await fetch(`${t.url}/api/v1/me/profile`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(chosen.status).toBe(200);
    await supabase.auth.signOut();
    await signUp(email);
    const notice = await lastEmailTo(t.dataDir, email);
    expect(notice?.subject).toBe('Someone tried to sign up for Sonhário with your e-mail');
    expect(notice?.text).toContain('Someone tried to create an account with this e-mail');
    expect(notice?.html).toContain('<html lang="en">');
    expect(notice?.html).toContain('If the button does not work');
  });

  it('spaces the notices like any e-mail to one address: a second attempt or a resend within 60 s gets the 429 a new address gets', async () => {
    const known = uniqueEmail('known');
    const owner = await confirmedAccount(known);
    const fresh = uniqueEmail('fresh');
    for (const email of [fresh, known]) {
      const first = await signUp(email);
      expect(first.error).toBeNull();
      const second = await signUp(email);
      expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      const resent = await supabase.auth.resend({ type: 'signup', email });
      expect(resent.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    }
    const notices = async () =>
      (await readOutbox(t.dataDir)).filter((m) => m.to === known && !m.subject.startsWith('Confirme'));
    expect(await notices()).toHaveLength(1);

    await t.database.db.execute(
      sql`update auth.audit_log_entries set created_at = now() - interval '61 seconds' where actor_id = ${owner.id}`,
    );
    expect((await supabase.auth.resend({ type: 'signup', email: known })).error).toBeNull();
    expect((await signUp(known)).error).toBeNull();
    expect(await notices()).toHaveLength(2);
  });

  it('sends one notice for two attempts at the same moment, and answers them as two at once for a new address', async () => {
    const known = uniqueEmail('known');
    await confirmedAccount(known);
    const fresh = uniqueEmail('fresh');
    const statuses = async (email: string) =>
      (await Promise.all([rawSignUp(email), rawSignUp(email)])).map((a) => a.status).sort();
    expect(await statuses(fresh)).toEqual([200, 429]);
    expect(await statuses(known)).toEqual([200, 429]);
    const toKnown = (await readOutbox(t.dataDir)).filter((m) => m.to === known);
    expect(toKnown.filter((m) => m.subject.startsWith('Tentativa'))).toHaveLength(1);
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
