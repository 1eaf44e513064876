import type { BillingStatus } from '@sonhario/contracts/billing';
import type { ChatUsage } from '@sonhario/contracts/chat';
import type { CreditsSummary } from '@sonhario/contracts/credits';
import type { Profile } from '@sonhario/contracts/profile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import {
  followLink,
  fragmentOf,
  PASSWORD,
  startAppWithGoogle,
  supabaseFor,
  uniqueEmail,
} from '../auth/auth.testing.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { billingStatus, startBillingWorld } from '../billing/billing.testing.ts';
import { JOURNAL_TEST_ENV, api, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';

// DEFAULT_PLAN (docs/decisions/077): without billing, the plan an account gets when it is created. The test harness
// pins it to `dreamer`; here it is set (or emptied, which is unset) per server.

async function get<T>(t: TestApp, user: TestUser, url: string): Promise<T> {
  const res = await api(t, user).get(url);
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

/** The plan as each part of the server reads it: the profile, the analyses' quota, the chat's quota, the plan page. */
async function planEverywhere(t: TestApp, user: TestUser) {
  const [profile, credits, chat, billing] = await Promise.all([
    get<Profile>(t, user, '/me/profile'),
    get<CreditsSummary>(t, user, '/credits'),
    get<ChatUsage>(t, user, '/chat/usage'),
    get<BillingStatus>(t, user, '/billing'),
  ]);
  return {
    profile: profile.plan,
    analysesPerMonth: credits.quota.limit,
    chat: chat.mode,
    page: billing.plan,
    newAccountPlan: billing.newAccountPlan,
  };
}

/** The row written at sign-up, read straight from the table before any request of the user could create it. */
async function storedPlan(t: TestApp, userId: string) {
  const rows = await queryRows<{ plan: string }>(
    t.database.db,
    sql`select plan from profiles where user_id = ${userId}`,
  );
  return rows.map((row) => row.plan);
}

describe('a server without billing, DEFAULT_PLAN unset', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    // Empty is unset (as `DEFAULT_PLAN= npm start`): the harness's pinned value is dropped.
    t = await createListeningTestApp({ ...JOURNAL_TEST_ENV, DEFAULT_PLAN: '' });
  });
  afterAll(() => t.close());

  it('gives a new e-mail account Oracle, written with the account, and every limit follows it', async () => {
    const user = await signUpUser(t);
    expect(await storedPlan(t, user.id)).toEqual(['oracle']);
    expect(await planEverywhere(t, user)).toEqual({
      profile: 'oracle',
      analysesPerMonth: null,
      chat: 'unlimited',
      page: 'oracle',
      newAccountPlan: 'oracle',
    });
  });

  it('gives an account the administrator creates (admin API) Oracle too', async () => {
    const keys = getApiKeys(t.app.deps.secrets);
    const email = uniqueEmail('admin-made');
    const { data, error } = await supabaseFor(t.url, keys.serviceRoleKey).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(await storedPlan(t, data.user!.id)).toEqual(['oracle']);
    const session = await supabaseFor(t.url, keys.anonKey).auth.signInWithPassword({ email, password: PASSWORD });
    const token = session.data.session!.access_token;
    const user = { id: data.user!.id, email, accessToken: token, headers: { authorization: `Bearer ${token}` } };
    expect((await planEverywhere(t, user)).analysesPerMonth).toBeNull();
  });
});

describe('a server without billing, DEFAULT_PLAN=Lucid, with Google sign-in', () => {
  let t: TestApp & { url: string };
  let close: () => Promise<void>;
  let issuer: string;
  const claims = {
    sub: `google-${Math.random().toString(36).slice(2)}`,
    email: uniqueEmail('g'),
    email_verified: true,
  };
  beforeAll(async () => {
    const started = await startAppWithGoogle(() => claims, { ...JOURNAL_TEST_ENV, DEFAULT_PLAN: 'Lucid' });
    ({ t, close } = started);
    issuer = started.oidc.issuer.url!;
  });
  afterAll(() => close());

  it('reads the value in any case, and gives Lucid (100 analyses, the chat’s taste) to e-mail and Google accounts', async () => {
    expect(t.config.newAccountPlan).toBe('lucid');
    const byEmail = await signUpUser(t);
    expect(await planEverywhere(t, byEmail)).toEqual({
      profile: 'lucid',
      analysesPerMonth: 100,
      chat: 'taste',
      page: 'lucid',
      newAccountPlan: 'lucid',
    });

    // The browser's walk: our /authorize → the provider → our /callback → back to the app with a session.
    const supabase = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).anonKey);
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${t.url}/` } });
    const toProvider = await followLink(data.url!);
    expect(toProvider.location.startsWith(issuer)).toBe(true);
    const cookie = toProvider.setCookie!.split(';')[0]!;
    const toCallback = await followLink(toProvider.location);
    const back = await followLink(toCallback.location, { headers: { cookie } });
    const token = fragmentOf(back.location).get('access_token')!;
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from auth.users where email = ${claims.email}`,
    );
    expect(await storedPlan(t, row!.id)).toEqual(['lucid']);
    const byGoogle = {
      id: row!.id,
      email: claims.email,
      accessToken: token,
      headers: { authorization: `Bearer ${token}` },
    };
    expect((await planEverywhere(t, byGoogle)).profile).toBe('lucid');
  });
});

describe('accounts created before DEFAULT_PLAN changed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keep their plan; one from before plans were written at sign-up (no profile yet) stays Dreamer', async () => {
    const before = await createTestApp({ ...JOURNAL_TEST_ENV, DEFAULT_PLAN: 'dreamer' }, database);
    const old = await signUpUser(before);
    const older = await signUpUser(before);
    await before.app.close();
    // An account made by a release that created the profile on first access: its row does not exist yet.
    await database.db.execute(sql`delete from profiles where user_id = ${older.id}`);

    const after = await createTestApp({ ...JOURNAL_TEST_ENV, DEFAULT_PLAN: 'oracle' }, database);
    try {
      const fresh = await signUpUser(after);
      expect((await planEverywhere(after, old)).profile).toBe('dreamer');
      expect((await planEverywhere(after, older)).profile).toBe('dreamer');
      expect((await planEverywhere(after, fresh)).profile).toBe('oracle');
      // The operator's command still changes an old account's plan.
      const put = await after.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${old.id}/plan`,
        headers: { authorization: `Bearer ${getApiKeys(after.app.deps.secrets).serviceRoleKey}` },
        payload: { plan: 'oracle' },
      });
      expect(put.statusCode).toBe(200);
      expect((await planEverywhere(after, old)).analysesPerMonth).toBeNull();
    } finally {
      await after.app.close();
    }
  });
});

describe('a server with billing (Stripe configured)', () => {
  it('starts every new account on Dreamer whatever DEFAULT_PLAN would give without billing', async () => {
    // Unset would be Oracle without billing.
    const world = await startBillingWorld({ DEFAULT_PLAN: '' });
    try {
      const user = await signUpUser(world.t);
      expect(await storedPlan(world.t, user.id)).toEqual(['dreamer']);
      expect(await billingStatus(world.t, user)).toMatchObject({
        isEnabled: true,
        plan: 'dreamer',
        newAccountPlan: 'dreamer',
        quota: { limit: 5 },
      });
    } finally {
      await world.close();
    }
  });
});
