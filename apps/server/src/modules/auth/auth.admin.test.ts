import type { AuthError } from '@sonhario/contracts/auth';
import type { SupabaseClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAuditLogEntries, authUsers } from '../../db/schema/index.ts';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import { bodyOf, PASSWORD, supabaseFor, uniqueEmail } from './auth.testing.ts';
import { getApiKeys, signHs256 } from './auth.tokens.ts';

// supabase.auth.admin.* with the service-role key; the anon key (or a user's token) gets 403.
describe('admin users API', () => {
  let t: TestApp & { url: string };
  let admin: SupabaseClient;
  let anon: SupabaseClient;

  beforeAll(async () => {
    t = await createListeningTestApp({ RATE_LIMIT_TOKEN: '1000' });
    const keys = getApiKeys(t.app.deps.secrets);
    admin = supabaseFor(t.url, keys.serviceRoleKey);
    anon = supabaseFor(t.url, keys.anonKey);
  });
  afterAll(() => t.close());

  it('refuses the anon key with 403 not_admin', async () => {
    const { error } = await anon.auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const create = await anon.auth.admin.createUser({ email: uniqueEmail(), password: PASSWORD });
    expect(create.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('refuses a signed-in user’s own token with 403 not_admin', async () => {
    const email = uniqueEmail();
    await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const { data } = await anon.auth.signInWithPassword({ email, password: PASSWORD });
    const res = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: {
        apikey: getApiKeys(t.app.deps.secrets).anonKey,
        authorization: `Bearer ${data.session!.access_token}`,
      },
    });
    expect(res.status).toBe(403);
    expect((await bodyOf<AuthError>(res)).code).toBe('not_admin');
  });

  it('creates a confirmed user who can sign in, and refuses a duplicate address', async () => {
    const email = uniqueEmail();
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Ada' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { first_name: 'Ada' } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities).toEqual([
      expect.objectContaining({
        provider: 'email',
        identity_data: expect.objectContaining({ email, email_verified: true }),
      }),
    ]);
    expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const unconfirmed = await admin.auth.admin.createUser({ email: uniqueEmail(), password: PASSWORD });
    expect(unconfirmed.data.user?.email_confirmed_at ?? null).toBeNull();
    expect(unconfirmed.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(false);
    const again = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('lists users with pagination headers', async () => {
    for (let i = 0; i < 3; i += 1)
      await admin.auth.admin.createUser({ email: uniqueEmail('list'), password: PASSWORD });
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect((data as unknown as { total: number }).total).toBeGreaterThanOrEqual(3);
    expect((data as unknown as { nextPage: number | null }).nextPage).toBe(2);
    const all = await admin.auth.admin.listUsers();
    expect(all.data.users.length).toBeGreaterThanOrEqual(3);
  });

  it('lists the newest users first, as GoTrue does', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      emails.push(uniqueEmail('order'));
      await admin.auth.admin.createUser({ email: emails.at(-1)!, password: PASSWORD });
    }
    const { data } = await admin.auth.admin.listUsers({ page: 1, perPage: 3 });
    expect(data.users.map((user) => user.email)).toEqual([...emails].reverse());
  });

  it('admits a token with the role supabase_admin, and no other role', async () => {
    const { anonKey } = getApiKeys(t.app.deps.secrets);
    const now = Math.floor(Date.now() / 1000);
    const tokenFor = (role: string) =>
      signHs256({ iss: 'supabase', role, iat: now, exp: now + 600 }, t.app.deps.secrets.jwtSecret);
    const list = (role: string) =>
      fetch(`${t.url}/auth/v1/admin/users`, {
        headers: { apikey: anonKey, authorization: `Bearer ${tokenFor(role)}` },
      });
    expect((await list('supabase_admin')).status).toBe(200);
    for (const role of ['authenticated', 'anon', 'admin']) {
      const res = await list(role);
      expect(res.status).toBe(403);
    }
  });

  it('gets, updates (metadata, password, ban) and deletes a user', async () => {
    const email = uniqueEmail();
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const id = created.data.user!.id;
    expect((await admin.auth.admin.getUserById(id)).data.user?.email).toBe(email);

    const session = await anon.auth.signInWithPassword({ email, password: PASSWORD });
    const updated = await admin.auth.admin.updateUserById(id, {
      user_metadata: { first_name: 'Bea' },
      app_metadata: { plan: 'lucid' },
      password: 'admin set password',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({
      user_metadata: { first_name: 'Bea' },
      app_metadata: { plan: 'lucid', provider: 'email' },
    });
    // A password set by an admin ends the user's sessions.
    expect((await anon.auth.getUser(session.data.session!.access_token)).error).toBeTruthy();
    expect((await anon.auth.signInWithPassword({ email, password: 'admin set password' })).error).toBeNull();

    await admin.auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect((await anon.auth.signInWithPassword({ email, password: 'admin set password' })).error).toMatchObject({
      code: 'user_banned',
    });
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect((await anon.auth.signInWithPassword({ email, password: 'admin set password' })).error).toBeNull();
    const badBan = await admin.auth.admin.updateUserById(id, { ban_duration: 'forever' });
    expect(badBan.error).toMatchObject({ status: 400, code: 'validation_failed' });

    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    expect((await admin.auth.admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await admin.auth.admin.deleteUser(id)).error).toMatchObject({ status: 404 });
    const audit = await t.database.db
      .select()
      .from(authAuditLogEntries)
      .where(eq(authAuditLogEntries.action, 'user_deleted'));
    expect(audit.some((row) => row.payload.user_id === id)).toBe(true);
  });

  it('answers a malformed user id with 400 validation_failed', async () => {
    // supabase-js checks the id itself, so this goes straight to the server.
    const { serviceRoleKey } = getApiKeys(t.app.deps.secrets);
    const res = await fetch(`${t.url}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
    });
    expect(res.status).toBe(400);
    expect((await bodyOf<AuthError>(res)).code).toBe('validation_failed');
  });

  it('signs in a user imported with a bcrypt hash and upgrades the hash to argon2id', async () => {
    const email = uniqueEmail('imported');
    const created = await admin.auth.admin.createUser({ email, email_confirm: true });
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const hash = bcrypt.hashSync(PASSWORD, 4).replace(/^\$2[ab]\$/, prefix);
      await t.database.db
        .update(authUsers)
        .set({ encryptedPassword: hash })
        .where(eq(authUsers.id, created.data.user!.id));
      expect((await anon.auth.signInWithPassword({ email, password: 'wrong one' })).error?.code).toBe(
        'invalid_credentials',
      );
      expect((await anon.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      const [row] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, created.data.user!.id));
      expect(row?.encryptedPassword).toMatch(/^\$argon2id\$/);
    }
  });
});
