import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import type { SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authAuditLogEntries } from '../../db/schema/auth.ts';
import {
  createListeningTestApp,
  createTestApp,
  createTestDatabase,
  lastEmailTo,
  readOutbox,
  type TestApp,
} from '../../test/harness.ts';
import { PASSWORD, supabaseFor, uniqueEmail } from '../auth/auth.testing.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, contextFor, postDream, type TestUser } from '../dreams/dreams.testing.ts';
import { deriveUserKeys, openText, unwrapDataKey } from '../keys/keys.crypto.ts';
import { createFileKeyStore } from '../keys/keys.store.ts';
import { setPlan } from '../profile/profile.service.ts';
import { byteaOf, findEverywhere, restoreBackup, takeBackup, type Backup } from './account.testing.ts';

const JWT_SECRET = randomBytes(48).toString('base64url');
const MASTER_KEY = randomBytes(32).toString('base64');
const STRANGER_PASSWORD = 'a senha da outra pessoa';
const ENV = {
  AUTH_AUTOCONFIRM: 'true',
  RATE_LIMIT_TOKEN: '1000',
  RATE_LIMIT_VERIFY: '1000',
  RATE_LIMIT_EMAIL_SENT: '1000',
  AI_BUILTIN_REVEAL_MS: '0',
  JWT_SECRET,
  MASTER_KEY,
};

interface Member extends TestUser {
  refreshToken: string;
  /** A second signed-in device. */
  other: { accessToken: string; refreshToken: string };
  /** The address of a pending e-mail change. */
  newEmail: string;
  dreams: { id: string; content: string }[];
}

// Deleting an account (POST /api/v1/me/delete), on a server listening on a real port, through supabase-js for auth.
describe('deleting the account', () => {
  let t: TestApp & { url: string };
  let anonKey: string;
  const client = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
    supabaseFor(t.url, anonKey, { flowType });

  beforeAll(async () => {
    t = await createListeningTestApp(ENV);
    anonKey = getApiKeys(t.app.deps.secrets).anonKey;
  });
  afterAll(() => t.close());

  /** A user with something in every table: dreams (one soft-deleted), an analysis, consents, two devices, links in flight. */
  async function newMember(label: string, password = PASSWORD): Promise<Member> {
    const email = uniqueEmail(label);
    const supabase = client();
    const signUp = await supabase.auth.signUp({
      email,
      password,
      options: { data: { first_name: 'Ana', consent_version: CONSENT_VERSION } },
    });
    expect(signUp.error).toBeNull();
    const session = signUp.data.session!;
    const user: TestUser = {
      id: signUp.data.user!.id,
      email,
      accessToken: session.access_token,
      headers: { authorization: `Bearer ${session.access_token}` },
    };
    const contents = [
      `Sonhei com um farol azul (${label})`,
      `Um trem atravessava o deserto (${label})`,
      `Sonho apagado (${label})`,
    ];
    const dreams = [];
    for (const content of contents) {
      const dream = await postDream(t, user, { content, notes: 'notas', tags: ['farol', label] });
      dreams.push({ id: dream.id, content });
    }
    expect((await api(t, user).post(`/dreams/${dreams[0]!.id}/analyses`, {})).statusCode).toBe(201);
    expect((await api(t, user).delete(`/dreams/${dreams[2]!.id}`)).statusCode).toBeLessThan(300);
    expect((await api(t, user).get('/me/profile')).statusCode).toBe(200);
    const help = { subject: `Ajuda (${label})`, message: 'Sobre o farol', dreamId: dreams[0]!.id };
    expect((await api(t, user).post('/support/messages', help)).statusCode).toBe(201);
    // A pinned dream sign (a Lucid feature): the plan as an operator sets it.
    await setPlan(contextFor(t, user.id), 'lucid');
    expect((await api(t, user).post('/patterns/signs/pins', { kind: 'tag', key: 'farol' })).statusCode).toBe(201);
    // A monthly report (an Oracle feature) of the dreams' month.
    await setPlan(contextFor(t, user.id), 'oracle');
    const month = (await api(t, user).get(`/dreams/${dreams[0]!.id}`))
      .json<{ dreamtOn: string }>()
      .dreamtOn.slice(0, 7);
    expect((await api(t, user).post('/reports/monthly', { month })).statusCode).toBe(201);
    const other = (await client().auth.signInWithPassword({ email, password })).data.session!;
    const rotated = (await client().auth.refreshSession({ refresh_token: other.refresh_token })).data.session!;
    const newEmail = uniqueEmail(`${label}-new`);
    expect((await supabase.auth.updateUser({ email: newEmail })).error).toBeNull();
    expect((await client('pkce').auth.resetPasswordForEmail(email)).error).toBeNull();
    return {
      ...user,
      refreshToken: session.refresh_token,
      other: { accessToken: rotated.access_token, refreshToken: rotated.refresh_token },
      newEmail,
      dreams: dreams.slice(0, 2),
    };
  }

  const deleteAccount = (accessToken: string | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/me/delete',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      payload: body as object,
    });
  const confirmWith = (password?: string) => ({
    ...(password === undefined ? {} : { password }),
    confirmation: DELETE_ACCOUNT_CONFIRMATION,
  });

  /** Whether the account still works: its token, its dreams. */
  async function isIntact(member: Member): Promise<boolean> {
    const me = await api(t, member).get('/me');
    const list = await api(t, member).get('/dreams');
    return me.statusCode === 200 && list.statusCode === 200 && list.json<{ items: unknown[] }>().items.length === 2;
  }

  /** Reads a member's dreams out of a backup with the real master key and whatever key store exists now. */
  async function openFromBackup(backup: Backup, userId: string, keyStoreDir: string): Promise<string[]> {
    const rows = backup['public.dreams']!.map(
      (r) => JSON.parse(r) as { id: string; user_id: string; content_enc: string },
    ).filter((r) => r.user_id === userId);
    expect(rows.length).toBeGreaterThan(0);
    const inBackup = backup['public.user_keys']!.map(
      (r) => JSON.parse(r) as { user_id: string; wrapped_key: string },
    ).find((r) => r.user_id === userId);
    const wrapped = inBackup
      ? byteaOf(inBackup.wrapped_key)
      : await (await createFileKeyStore(keyStoreDir)).get(userId);
    if (!wrapped) throw new Error('no key for this user anywhere');
    const keys = deriveUserKeys(unwrapDataKey(Buffer.from(MASTER_KEY, 'base64'), wrapped, userId));
    return rows.map((r) => openText(keys.encryption, byteaOf(r.content_enc), `dream:${r.id}:content|user:${userId}`));
  }

  describe('a completed deletion', () => {
    let victim: Member;
    let bystander: Member;
    let backup: Backup;
    let before: { victim: Record<string, number>; bystander: Record<string, number> };
    let auditBefore: number;
    let answer: Awaited<ReturnType<typeof deleteAccount>>;

    beforeAll(async () => {
      victim = await newMember('vitima');
      bystander = await newMember('vizinha');
      before = {
        victim: await findEverywhere(t.database.db, victim.id),
        bystander: await findEverywhere(t.database.db, bystander.id),
      };
      backup = await takeBackup(t.database.db);
      auditBefore = (
        await t.database.db.select().from(authAuditLogEntries).where(eq(authAuditLogEntries.action, 'account_deleted'))
      ).length;
      answer = await deleteAccount(victim.accessToken, confirmWith(PASSWORD));
    });

    it('answers 204 with no body', () => {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
    });

    it('leaves no row carrying the user id or the e-mail addresses in any table of any schema', async () => {
      // The scan sees the user everywhere before, so finding nothing after means something.
      expect(Object.keys(before.victim)).toEqual(
        expect.arrayContaining([
          'auth.users.id',
          'auth.identities.user_id',
          'auth.identities.identity_data',
          'auth.sessions.user_id',
          'auth.refresh_tokens.user_id',
          'auth.one_time_tokens.user_id',
          'auth.flow_state.user_id',
          'auth.audit_log_entries.actor_id',
          'public.profiles.user_id',
          'public.dreams.user_id',
          'public.user_tags.user_id',
          'public.dream_analyses.user_id',
          'public.analysis_usage.user_id',
          'public.credit_ledger.user_id',
          'public.credit_ledger.idempotency_key',
          'public.consents.user_id',
          'public.support_messages.user_id',
          'public.dream_sign_pins.user_id',
          'public.monthly_reports.user_id',
        ]),
      );
      expect(await findEverywhere(t.database.db, victim.id)).toEqual({});
      expect(await findEverywhere(t.database.db, victim.email)).toEqual({});
      expect(await findEverywhere(t.database.db, victim.newEmail)).toEqual({});
    });

    it("leaves another user's rows exactly as they were", async () => {
      expect(await findEverywhere(t.database.db, bystander.id)).toEqual(before.bystander);
      expect(await isIntact(bystander)).toBe(true);
      const dream = await api(t, bystander).get(`/dreams/${bystander.dreams[0]!.id}`);
      expect(dream.json().content).toBe(bystander.dreams[0]!.content);
    });

    it('destroys the data key: the key store no longer has it', async () => {
      const store = await createFileKeyStore(path.join(t.dataDir, 'keystore'));
      expect(await store.get(victim.id)).toBeUndefined();
      expect(await store.get(bystander.id)).toBeInstanceOf(Buffer);
      expect(await readdir(path.join(t.dataDir, 'keystore'))).not.toContain(`${victim.id}.key`);
    });

    it('makes a backup taken before the deletion unable to open the dreams, with the real master key', async () => {
      // The backup itself holds the sealed dreams, and no key.
      expect(backup['public.dreams']!.some((row) => row.includes(victim.id))).toBe(true);
      expect(backup['public.user_keys']).toEqual([]);
      // The same procedure opens the other user's dreams from the same backup: it is the key that is missing.
      expect(await openFromBackup(backup, bystander.id, path.join(t.dataDir, 'keystore'))).toEqual(
        expect.arrayContaining(bystander.dreams.map((d) => d.content)),
      );
      await expect(openFromBackup(backup, victim.id, path.join(t.dataDir, 'keystore'))).rejects.toThrow('no key');
    });

    it('a server restored from that backup, with the real secrets and key store, cannot show them either', async () => {
      const restoredDb = await createTestDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-restored-'));
      await cp(path.join(t.dataDir, 'keystore'), path.join(dataDir, 'keystore'), { recursive: true });
      let restored: TestApp | undefined;
      try {
        await restoreBackup(restoredDb.db, backup);
        restored = await createTestApp({ ...ENV, DATA_DIR: dataDir }, restoredDb);
        const signIn = async (email: string) => {
          const res = await restored!.app.inject({
            method: 'POST',
            url: '/auth/v1/token?grant_type=password',
            headers: { apikey: anonKey },
            payload: { email, password: PASSWORD },
          });
          expect(
            res.statusCode,
            `${res.body}\n${restored!.logs.lines.filter((l) => l.includes('"level":50')).join('\n')}`,
          ).toBe(200);
          const token = res.json().access_token as string;
          return { id: '', email, accessToken: token, headers: { authorization: `Bearer ${token}` } };
        };
        // The restored account signs in (the backup has it), but its dreams stay shut, and no new key is minted.
        const ghost = await signIn(victim.email);
        const read = await api(restored, ghost).get(`/dreams/${victim.dreams[0]!.id}`);
        expect(read.statusCode).toBe(503);
        expect(read.json()).toMatchObject({ code: 'data_key_missing' });
        expect(read.body).not.toContain('farol');
        expect(await (await createFileKeyStore(path.join(dataDir, 'keystore'))).get(victim.id)).toBeUndefined();
        // The other user's dreams open from the very same restore.
        const neighbour = await signIn(bystander.email);
        expect((await api(restored, neighbour).get(`/dreams/${bystander.dreams[0]!.id}`)).json().content).toBe(
          bystander.dreams[0]!.content,
        );
      } finally {
        await restored?.close();
        await restoredDb.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('ends every session: access tokens, refresh tokens and the password stop working', async () => {
      for (const token of [victim.accessToken, victim.other.accessToken]) {
        const me = await api(t, { ...victim, headers: { authorization: `Bearer ${token}` } }).get('/me');
        expect(me.statusCode).toBe(403);
        expect(me.json().code).toBe('session_not_found');
        expect((await client().auth.getUser(token)).error).toBeTruthy();
      }
      for (const refreshToken of [victim.refreshToken, victim.other.refreshToken]) {
        expect((await client().auth.refreshSession({ refresh_token: refreshToken })).error).toMatchObject({
          status: 400,
          code: 'refresh_token_not_found',
        });
      }
      expect((await client().auth.signInWithPassword({ email: victim.email, password: PASSWORD })).error).toMatchObject(
        {
          status: 400,
          code: 'invalid_credentials',
        },
      );
      // Deleting again with the old token is refused like any request of a gone session.
      expect((await deleteAccount(victim.accessToken, confirmWith(PASSWORD))).statusCode).toBe(403);
    });

    it('records one audit entry with a random reference and nothing personal', async () => {
      const entries = await t.database.db
        .select()
        .from(authAuditLogEntries)
        .where(eq(authAuditLogEntries.action, 'account_deleted'));
      expect(entries).toHaveLength(auditBefore + 1);
      const entry = entries.at(-1)!;
      expect(entry).toMatchObject({
        actorId: null,
        ipAddress: null,
        logType: 'account',
        payload: { reference: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      });
      expect(Object.keys(entry.payload)).toEqual(['reference']);
    });

    it('sends a last e-mail to the address, in Portuguese, as text and HTML', async () => {
      const mail = await lastEmailTo(t.dataDir, victim.email);
      expect(mail?.subject).toBe('Sua conta no Sonhário foi excluída');
      expect(mail?.text).toContain('excluímos sua conta');
      expect(mail?.html).toContain('<html lang="pt-BR">');
      expect(mail?.html).toContain('Sua conta foi excluída');
      expect(mail?.links).toEqual([`${t.url}/`]);
    });

    it('lets the same address sign up again as a new user, with none of the old data', async () => {
      const again = await client().auth.signUp({ email: victim.email, password: 'uma senha nova' });
      expect(again.error).toBeNull();
      const fresh = again.data.session!;
      expect(again.data.user!.id).not.toBe(victim.id);
      const user: TestUser = {
        id: again.data.user!.id,
        email: victim.email,
        accessToken: fresh.access_token,
        headers: { authorization: `Bearer ${fresh.access_token}` },
      };
      expect((await api(t, user).get('/dreams')).json().items).toEqual([]);
      expect((await api(t, user).get(`/dreams/${victim.dreams[0]!.id}`)).statusCode).toBe(404);
      expect((await api(t, user).get('/tags')).json()).toEqual({ tags: [] });
      expect(await findEverywhere(t.database.db, victim.id)).toEqual({});
    });
  });

  describe('refusals, which delete nothing', () => {
    let member: Member;
    let stranger: Member;

    beforeAll(async () => {
      member = await newMember('recusa');
      stranger = await newMember('alheia', STRANGER_PASSWORD);
    });

    it.each([
      ['a wrong password', 400, 'invalid_credentials', confirmWith('not the password'), 'Senha incorreta'],
      ['no password', 400, 'password_required', confirmWith(), 'Digite sua senha para confirmar.'],
      ['no confirmation', 400, 'validation_failed', { password: PASSWORD }, undefined],
      [
        'a wrong confirmation',
        400,
        'validation_failed',
        { password: PASSWORD, confirmation: 'excluir minha conta' },
        undefined,
      ],
      [
        'an unknown field (a user id)',
        400,
        'validation_failed',
        { ...confirmWith(PASSWORD), userId: '00000000-0000-0000-0000-000000000000' },
        undefined,
      ],
    ])('%s → %i %s', async (_case, status, code, body, message) => {
      const mailsBefore = (await readOutbox(t.dataDir)).length;
      const res = await deleteAccount(member.accessToken, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      if (message) expect(res.json().message).toBe(message);
      expect(await isIntact(member)).toBe(true);
      expect((await readOutbox(t.dataDir)).length).toBe(mailsBefore);
    });

    it('names the exact phrase when the confirmation is wrong', async () => {
      const res = await deleteAccount(member.accessToken, { password: PASSWORD, confirmation: 'sim' });
      expect(res.json().message).toContain(`Digite exatamente: ${DELETE_ACCOUNT_CONFIRMATION}`);
    });

    it('needs a signed-in user: no token → 401, the anon key or a forged token → 403', async () => {
      expect((await deleteAccount(null, confirmWith(PASSWORD))).statusCode).toBe(401);
      expect((await deleteAccount(anonKey, confirmWith(PASSWORD))).statusCode).toBe(403);
      expect((await deleteAccount(`${member.accessToken.slice(0, -4)}AAAA`, confirmWith(PASSWORD))).statusCode).toBe(
        403,
      );
      expect(await isIntact(member)).toBe(true);
    });

    it("never deletes another user: one's token with the other's password is a wrong password", async () => {
      const res = await deleteAccount(member.accessToken, confirmWith(STRANGER_PASSWORD));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_credentials');
      expect(await isIntact(member)).toBe(true);
      expect(await isIntact(stranger)).toBe(true);
      // The endpoint acts on the token's user only: the stranger deleting their own account leaves the member whole.
      expect((await deleteAccount(stranger.accessToken, confirmWith(STRANGER_PASSWORD))).statusCode).toBe(204);
      expect(await isIntact(member)).toBe(true);
      expect(await findEverywhere(t.database.db, stranger.id)).toEqual({});
    });
  });

  it('deletes once when the same request arrives twice at the same moment', async () => {
    const member = await newMember('duplo');
    const auditBefore = (
      await t.database.db.select().from(authAuditLogEntries).where(eq(authAuditLogEntries.action, 'account_deleted'))
    ).length;
    const answers = await Promise.all([
      deleteAccount(member.accessToken, confirmWith(PASSWORD)),
      deleteAccount(member.accessToken, confirmWith(PASSWORD)),
    ]);
    expect(answers.map((a) => a.statusCode)).toContain(204);
    for (const a of answers) expect([204, 403]).toContain(a.statusCode);
    expect(
      await t.database.db.select().from(authAuditLogEntries).where(eq(authAuditLogEntries.action, 'account_deleted')),
    ).toHaveLength(auditBefore + 1);
    expect(
      (await readOutbox(t.dataDir)).filter((m) => m.to === member.email && m.subject.includes('excluída')),
    ).toHaveLength(1);
    expect(await findEverywhere(t.database.db, member.id)).toEqual({});
  });

  it("an operator's deletion (admin API) takes the same rows and the key; only its own audit entry names the user", async () => {
    const member = await newMember('admin');
    const admin = supabaseFor(t.url, getApiKeys(t.app.deps.secrets).serviceRoleKey);
    const forget = vi.spyOn(t.app.deps.analysisStats, 'forget');
    try {
      expect((await admin.auth.admin.deleteUser(member.id)).error).toBeNull();
      // Nothing of the user stays in memory either: the cached analysis aggregates go with the account.
      expect(forget).toHaveBeenCalledWith(member.id);
    } finally {
      forget.mockRestore();
    }
    expect(await findEverywhere(t.database.db, member.id)).toEqual({
      'auth.audit_log_entries.payload': 1,
      'auth.audit_log_entries (row)': 1,
    });
    expect(await findEverywhere(t.database.db, member.email)).toEqual({});
    expect(await (await createFileKeyStore(path.join(t.dataDir, 'keystore'))).get(member.id)).toBeUndefined();
  });

  it('is documented in the OpenAPI description with its 204 answer', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = spec.paths['/api/v1/me/delete'].post;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['204', '400', '401', '403']));
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['confirmation']);
  });
});
