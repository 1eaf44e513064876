import type { AuthError, authSettingsSchema } from '@sonhario/contracts/auth';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { OAuth2Server } from 'oauth2-mock-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authFlowStates, authUsers } from '../../db/schema/index.ts';
import { createListeningTestApp, lastEmailTo, type TestApp } from '../../test/harness.ts';
import {
  bodyOf,
  followLink,
  fragmentOf,
  PASSWORD,
  queryOf,
  startAppWithGoogle,
  supabaseFor,
  uniqueEmail,
} from './auth.testing.ts';
import { getApiKeys } from './auth.tokens.ts';

type AuthSettings = z.infer<typeof authSettingsSchema>;

// Sign-in with Google, end to end against a real local OpenID Connect provider standing in for Google.
describe('sign-in with Google (OpenID Connect)', () => {
  let t: TestApp & { url: string };
  let oidc: OAuth2Server;
  let anonKey: string;
  let close: () => Promise<void>;
  // What "Google" says about the person signing in, set per test.
  let nextClaims: Record<string, unknown> = {};
  const site = () => `${t.url}/`;
  const client = (flowType: 'implicit' | 'pkce' = 'implicit') => supabaseFor(t.url, anonKey, { flowType });

  beforeAll(async () => {
    ({ t, oidc, anonKey, close } = await startAppWithGoogle(() => nextClaims));
  });
  afterAll(() => close());
  beforeEach(() => {
    nextClaims = {};
  });

  function googleUser(overrides: Record<string, unknown> = {}) {
    const sub = `google-${Math.random().toString(36).slice(2)}`;
    return {
      sub,
      email: uniqueEmail('g'),
      email_verified: true,
      name: 'Gil Costa',
      given_name: 'Gil',
      family_name: 'Costa',
      ...overrides,
    };
  }

  /** The browser's walk: our /authorize → the provider → our /callback → back to the app. Returns the final URL. */
  async function signInWithGoogle(
    supabase: SupabaseClient,
    options: { redirectTo?: string; dropCookie?: boolean } = {},
  ) {
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: options.redirectTo ?? site() },
    });
    expect(error).toBeNull();
    const toProvider = await followLink(data.url!);
    expect(toProvider.status).toBe(302);
    if (!toProvider.location.startsWith(oidc.issuer.url!)) return toProvider.location;
    const cookie = toProvider.setCookie!.split(';')[0]!;
    const toCallback = await followLink(toProvider.location);
    expect(toCallback.location.startsWith(`${t.url}/auth/v1/callback?`)).toBe(true);
    const back = await followLink(toCallback.location, options.dropCookie ? {} : { headers: { cookie } });
    expect(back.status).toBe(302);
    return back.location;
  }

  it('sends the browser to the provider with PKCE (S256), a nonce and a state bound to a cookie', async () => {
    const { data } = await client().auth.signInWithOAuth({ provider: 'google', options: { redirectTo: site() } });
    const hop = await followLink(data.url!);
    const url = new URL(hop.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('sonhario-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.url}/auth/v1/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(hop.setCookie).toContain(`sb-oauth-state=${url.searchParams.get('state')}`);
    expect(hop.setCookie).toContain('HttpOnly');
    expect(hop.setCookie).toContain('SameSite=Lax');
  });

  it('signs up a new user, confirmed, with names from Google, and lands on redirect_to with a session', async () => {
    const google = googleUser();
    nextClaims = google;
    const landed = await signInWithGoogle(client());
    expect(landed.startsWith(`${site()}#access_token=`)).toBe(true);
    const fragment = fragmentOf(landed);
    expect(fragment.get('token_type')).toBe('bearer');
    const supabase = client();
    const { data, error } = await supabase.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: google.email,
      app_metadata: { provider: 'google', providers: ['google'] },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({
      first_name: 'Gil',
      last_name: 'Costa',
      full_name: 'Gil Costa',
      email_verified: true,
    });
    expect(data.user?.identities).toEqual([expect.objectContaining({ provider: 'google', id: google.sub })]);
  });

  it('signs a returning Google user into the same account', async () => {
    const google = googleUser();
    nextClaims = google;
    const first = fragmentOf(await signInWithGoogle(client()));
    nextClaims = { ...google, name: 'Gil C.' };
    const second = fragmentOf(await signInWithGoogle(client()));
    const a = await client().auth.getUser(first.get('access_token')!);
    const b = await client().auth.getUser(second.get('access_token')!);
    expect(b.data.user?.id).toBe(a.data.user?.id);
    expect(b.data.user?.identities).toHaveLength(1);
    expect(b.data.user?.identities?.[0]?.identity_data?.name).toBe('Gil C.');
  });

  it('links Google to an existing confirmed e-mail account when Google has verified the address', async () => {
    const email = uniqueEmail('link');
    const signUp = await client().auth.signUp({ email, password: PASSWORD });
    await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!);
    nextClaims = googleUser({ email });
    const fragment = fragmentOf(await signInWithGoogle(client()));
    const { data } = await client().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.id).toBe(signUp.data.user?.id);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email', 'google']);
    // The password still works: the account was confirmed, so it was really the owner's.
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('does not link when Google has not verified the address: back with provider_email_needs_verification', async () => {
    const email = uniqueEmail('unverified');
    const signUp = await client().auth.signUp({ email, password: PASSWORD });
    await followLink((await lastEmailTo(t.dataDir, email))!.links[0]!);
    nextClaims = googleUser({ email, email_verified: false });
    const landed = await signInWithGoogle(client());
    const fragment = fragmentOf(landed);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('provider_email_needs_verification');
    expect(fragment.has('access_token')).toBe(false);
    const { data } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(data.user?.id).toBe(signUp.data.user?.id);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
  });

  it('linking to a never-confirmed account confirms it and drops the password someone else may have set', async () => {
    const email = uniqueEmail('squat');
    const squatter = await client().auth.signUp({ email, password: 'squatter password' });
    nextClaims = googleUser({ email });
    const fragment = fragmentOf(await signInWithGoogle(client()));
    const { data } = await client().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.id).toBe(squatter.data.user?.id);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await client().auth.signInWithPassword({ email, password: 'squatter password' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('with a PKCE client: lands with ?code= and exchangeCodeForSession signs in', async () => {
    nextClaims = googleUser();
    const supabase = client('pkce');
    const landed = await signInWithGoogle(supabase);
    expect(new URL(landed).hash).toBe('');
    const code = queryOf(landed).get('code')!;
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(nextClaims.email);
  });

  it('brings a provider error back to redirect_to as #error=…', async () => {
    oidc.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user denied access');
    });
    const landed = await signInWithGoogle(client(), { redirectTo: `${t.url}/login` });
    expect(landed.startsWith(`${t.url}/login#`)).toBe(true);
    const fragment = fragmentOf(landed);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('bad_oauth_callback');
    expect(fragment.get('error_description')).toBe('The user denied access');
  });

  it('brings a failed code exchange back as a server_error', async () => {
    nextClaims = googleUser();
    oidc.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'code expired' };
    });
    const fragment = fragmentOf(await signInWithGoogle(client()));
    expect(fragment.get('error')).toBe('server_error');
    expect(fragment.get('error_description')).toContain('code expired');
  });

  it('refuses an id_token for another audience', async () => {
    nextClaims = { ...googleUser(), aud: 'someone-else' };
    const fragment = fragmentOf(await signInWithGoogle(client()));
    expect(fragment.get('error_code')).toBe('bad_oauth_callback');
    expect(fragment.get('error_description')).toContain('Invalid id_token');
  });

  it('refuses a callback without the state cookie of the browser that started the sign-in', async () => {
    const google = googleUser();
    nextClaims = google;
    const landed = await signInWithGoogle(client(), { dropCookie: true });
    expect(landed.startsWith(site())).toBe(true);
    expect(fragmentOf(landed).get('error_code')).toBe('bad_oauth_state');
    expect(await t.database.db.select().from(authUsers).where(eq(authUsers.email, google.email))).toEqual([]);
  });

  it('refuses a state that is unknown or already used', async () => {
    for (const state of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const hop = await followLink(`${t.url}/auth/v1/callback?code=x&state=${state}`, {
        headers: { cookie: `sb-oauth-state=${state}` },
      });
      expect(fragmentOf(hop.location).get('error_code')).toBe('bad_oauth_state');
    }
    expect(await t.database.db.select().from(authFlowStates).where(eq(authFlowStates.providerType, 'nothing'))).toEqual(
      [],
    );
  });

  it('answers an unknown provider with an error redirect', async () => {
    const hop = await followLink(
      `${t.url}/auth/v1/authorize?provider=myspace&redirect_to=${encodeURIComponent(site())}`,
    );
    expect(fragmentOf(hop.location).get('error_code')).toBe('validation_failed');
    expect(fragmentOf(hop.location).get('error_description')).toBe(
      'Unsupported provider: Provider myspace could not be found',
    );
  });

  it('says in /settings that Google is enabled', async () => {
    const res = await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: anonKey } });
    expect((await bodyOf<AuthSettings>(res)).external.google).toBe(true);
  });
});

describe('sign-in with Google when it is not configured', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  it('sends the browser back with error=invalid_request&error_code=provider_disabled', async () => {
    const supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${t.url}/login` },
    });
    const hop = await followLink(data.url!);
    expect(hop.status).toBe(302);
    expect(hop.location.startsWith(`${t.url}/login#`)).toBe(true);
    const fragment = fragmentOf(hop.location);
    expect(fragment.get('error')).toBe('invalid_request');
    expect(fragment.get('error_code')).toBe('provider_disabled');
    expect(fragment.get('error_description')).toBe('Unsupported provider: provider is not enabled');
  });

  it('answers 400 provider_disabled when the client asks for the URL instead of a redirect', async () => {
    const res = await fetch(`${t.url}/auth/v1/authorize?provider=google&skip_http_redirect=true`);
    expect(res.status).toBe(400);
    expect(await bodyOf<AuthError>(res)).toEqual({
      code: 'provider_disabled',
      message: 'Unsupported provider: provider is not enabled',
    });
  });

  it('says in /settings that Google is off', async () => {
    const res = await fetch(`${t.url}/auth/v1/settings`, {
      headers: { apikey: getApiKeys(t.app.deps.secrets).anonKey },
    });
    expect((await bodyOf<AuthSettings>(res)).external.google).toBe(false);
  });
});
