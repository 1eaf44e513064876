import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { Dream } from '@sonhario/contracts/dreams';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { PASSWORD, uniqueEmail } from '../modules/auth/auth.testing.ts';
import { exportJson, importBody } from '../modules/account/account.data.testing.ts';
import { api, postDream, queryRows, signUpUser, type TestUser } from '../modules/dreams/dreams.testing.ts';

// Text PostgreSQL cannot hold (NUL) or that is not Unicode at all (a lone UTF-16 surrogate) is valid JSON: both
// APIs refuse it with a 4xx in their own error shape before anything is stored, wherever it comes in.
const NUL = '\u0000';
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';
const BAD_TEXTS = [
  ['NUL', `a${NUL}b`],
  ['a lone high surrogate', `a${LONE_HIGH}b`],
  ['a lone low surrogate', `a${LONE_LOW}b`],
] as const;

const ENV = {
  AUTH_AUTOCONFIRM: 'true',
  SITE_URL: 'http://127.0.0.1:4000',
  RATE_LIMIT_TOKEN: '100000',
  RATE_LIMIT_VERIFY: '100000',
  RATE_LIMIT_EMAIL_SENT: '100000',
};

/** A tiny seeded generator (mulberry32): the same strings on every run, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  /** One UTF-16 code unit or pair: ASCII, C0 controls, any BMP unit (lone surrogates included), astral pairs. */
  const piece = (): string => {
    switch (int(6)) {
      case 0:
        return String.fromCharCode(0x20 + int(0x5f));
      case 1:
        return String.fromCharCode(int(0x20));
      case 2:
        return String.fromCharCode(int(0x10000));
      case 3:
        return String.fromCharCode(0xd800 + int(0x800));
      case 4:
        return String.fromCodePoint(0x10000 + int(0x100000));
      default:
        return 'sonho ';
    }
  };
  return {
    string(maxLength: number): string {
      let text = '';
      const length = int(maxLength + 1);
      for (let i = 0; i < length; i += 1) text += piece();
      // Half of them get a NUL or a lone surrogate somewhere, the cases this guard is about.
      if (int(2) === 0) {
        const at = int(text.length + 1);
        text = `${text.slice(0, at)}${[NUL, LONE_HIGH, LONE_LOW][int(3)] ?? NUL}${text.slice(at)}`;
      }
      return text;
    },
  };
}

// Without the `u` flag a regular expression reads UTF-16 code units, so it sees a surrogate without its partner.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isStorable = (text: string) => !text.includes(NUL) && !LONE_SURROGATE.test(text);

describe('text PostgreSQL cannot store or that is not Unicode', () => {
  let t: TestApp;
  let anonKey: string;
  let user: TestUser;
  let dream: Dream;

  const authPost = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { apikey: anonKey, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const authPut = (body: unknown, accessToken: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { apikey: anonKey, 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      payload: JSON.stringify(body),
    });
  const apiSend = (method: 'POST' | 'PATCH', url: string, body: unknown, who: TestUser = user) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  function expectAuthRefusal(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe('validation_failed');
    expect(body.message).toMatch(/NUL|Unicode/);
  }

  function expectApiRefusal(res: { statusCode: number; json(): unknown }, path: string) {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; message: string; details?: { path: string }[] };
    expect(body.code).toBe('invalid_text');
    expect(body.details?.map((d) => d.path)).toContain(path);
  }

  const countUsers = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from auth.users`))[0]?.n;
  const countDreams = async (who: TestUser) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from public.dreams where user_id = ${who.id}`,
      )
    )[0]?.n;

  async function expectHealthy() {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp(ENV);
    anonKey = getApiKeys(t.app.deps.secrets).anonKey;
    user = await signUpUser(t, { isConsenting: true });
    dream = await postDream(t, user, { title: 'Trem', content: 'Um trem atravessava o mar.', dreamtOn: '2025-11-01' });
  });
  afterAll(() => t.close());

  describe('/auth/v1', () => {
    describe.each(BAD_TEXTS)('%s', (_name, bad) => {
      it('is refused in the e-mail of sign-up, and no user is created', async () => {
        const before = await countUsers();
        expectAuthRefusal(await authPost('/auth/v1/signup', { email: `${bad}@example.com`, password: PASSWORD }));
        expect(await countUsers()).toBe(before);
      });

      it('is refused in the metadata of sign-up (values and keys), and no user is created', async () => {
        const before = await countUsers();
        expectAuthRefusal(
          await authPost('/auth/v1/signup', { email: uniqueEmail(), password: PASSWORD, data: { first_name: bad } }),
        );
        expectAuthRefusal(
          await authPost('/auth/v1/signup', { email: uniqueEmail(), password: PASSWORD, data: { [bad]: 'x' } }),
        );
        expect(await countUsers()).toBe(before);
      });

      it('is refused in the e-mail of /token, /recover, /resend and /verify', async () => {
        expectAuthRefusal(
          await authPost('/auth/v1/token?grant_type=password', { email: `${bad}@example.com`, password: PASSWORD }),
        );
        expectAuthRefusal(await authPost('/auth/v1/recover', { email: `${bad}@example.com` }));
        expectAuthRefusal(await authPost('/auth/v1/resend', { type: 'signup', email: `${bad}@example.com` }));
        expectAuthRefusal(
          await authPost('/auth/v1/verify', { type: 'email', token: `12${bad}34`, email: `${bad}@example.com` }),
        );
        await expectHealthy();
      });

      it('is refused in an e-mail change and in the metadata of a user update, which keep the user as it was', async () => {
        const before = (
          await t.app.inject({
            method: 'GET',
            url: '/auth/v1/user',
            headers: { apikey: anonKey, authorization: `Bearer ${user.accessToken}` },
          })
        ).json<Record<string, unknown>>();
        expectAuthRefusal(await authPut({ email: `${bad}@example.com` }, user.accessToken));
        expectAuthRefusal(await authPut({ data: { nickname: bad } }, user.accessToken));
        expectAuthRefusal(await authPut({ data: { [`k${bad}`]: 1 } }, user.accessToken));
        const after = (
          await t.app.inject({
            method: 'GET',
            url: '/auth/v1/user',
            headers: { apikey: anonKey, authorization: `Bearer ${user.accessToken}` },
          })
        ).json<Record<string, unknown>>();
        expect(after.email).toBe(before.email);
        expect(after.new_email).toBe(before.new_email);
        expect(after.user_metadata).toEqual(before.user_metadata);
      });
    });

    it('is refused in the query string', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/recover?redirect_to=http%3A%2F%2F127.0.0.1%3A4000%2F%00x',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: uniqueEmail() }),
      });
      expectAuthRefusal(res);
    });

    it('reads a state cookie that is not valid percent-encoding, or holds NUL, as no cookie', async () => {
      for (const value of ['%E0%A4%A', '%00', '%ED%A0%80']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/auth/v1/callback?code=c&state=s',
          headers: { cookie: `sb-oauth-state=${value}` },
        });
        expect(res.statusCode, value).toBeLessThan(500);
      }
    });

    it('never answers a 5xx to /recover, whatever the e-mail (generated strings)', async () => {
      const random = randomSource(13);
      for (let i = 0; i < 150; i += 1) {
        const email = `${random.string(12)}@example.com`;
        const res = await authPost('/auth/v1/recover', { email });
        expect(res.statusCode, JSON.stringify(email)).toBeLessThan(500);
        if (!isStorable(email)) expectAuthRefusal(res);
      }
      await expectHealthy();
    });
  });

  describe('/api/v1', () => {
    describe.each(BAD_TEXTS)('%s', (_name, bad) => {
      it('is refused in every text field of a new dream, and nothing is stored', async () => {
        const before = await countDreams(user);
        const base = { content: 'Voava sobre a cidade.', dreamtOn: '2025-11-02' };
        expectApiRefusal(await apiSend('POST', '/dreams', { ...base, content: `Voava ${bad}` }), 'body.content');
        expectApiRefusal(await apiSend('POST', '/dreams', { ...base, title: bad }), 'body.title');
        expectApiRefusal(await apiSend('POST', '/dreams', { ...base, notes: bad }), 'body.notes');
        expectApiRefusal(await apiSend('POST', '/dreams', { ...base, tags: ['ok', bad] }), 'body.tags.1');
        expect(await countDreams(user)).toBe(before);
        expect((await api(t, user).get('/dreams')).json<{ items: unknown[] }>().items).toHaveLength(before ?? 0);
      });

      it('is refused in a dream edit, which leaves the dream as it was', async () => {
        expectApiRefusal(
          await apiSend('PATCH', `/dreams/${dream.id}`, { version: dream.version, content: `x${bad}` }),
          'body.content',
        );
        const after = (await api(t, user).get(`/dreams/${dream.id}`)).json<Dream>();
        expect(after.content).toBe(dream.content);
        expect(after.version).toBe(dream.version);
      });

      it('is refused in the profile and the consents', async () => {
        expectApiRefusal(
          await apiSend('PATCH', '/me/profile', { timeZone: `America/Sao_Paulo${bad}` }),
          'body.timeZone',
        );
        expectApiRefusal(
          await apiSend('POST', '/me/consents', {
            purposes: ['ai_analysis'],
            isGranted: false,
            textVersion: `${CONSENT_VERSION}${bad}`,
          }),
          'body.textVersion',
        );
        const consents = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from public.consents where user_id = ${user.id} and is_granted = false`,
        );
        expect(consents[0]?.n).toBe(0);
      });

      it('is refused in an imported file, and no dream of it is stored', async () => {
        const owner = await signUpUser(t);
        await postDream(t, owner, { content: 'Um sonho para exportar.', dreamtOn: '2025-10-01' });
        const { file } = await exportJson(t, owner);
        const target = await signUpUser(t);
        const first = file.dreams[0];
        if (!first) throw new Error('no dream exported');
        const tainted = {
          ...file,
          dreams: [
            { ...first, content: `Um sonho ${bad} estragado.` },
            { ...first, id: crypto.randomUUID(), content: 'Um sonho bom.' },
          ],
        };
        expectApiRefusal(await importBody(t, target, JSON.stringify(tainted)), 'body.dreams.0.content');
        expect(await countDreams(target)).toBe(0);
      });
    });

    it('is refused in the search query and the path', async () => {
      expectApiRefusal(await api(t, user).get('/dreams?q=trem%00'), 'querystring.q');
      expectApiRefusal(await api(t, user).get('/dreams/%00'), 'params.id');
      await expectHealthy();
    });

    it('keeps tabs, line breaks and other control characters in dream text', async () => {
      const content = 'Primeira linha\n\tsegunda, com tab\r\nterceira \u0007 \u001f \u007f \u2028 fim 🌙';
      const created = await postDream(t, user, { title: 'Linhas\tsoltas', content, dreamtOn: '2025-11-03' });
      const read = (await api(t, user).get(`/dreams/${created.id}`)).json<Dream>();
      expect(read.content).toBe(content);
      expect(read.title).toBe('Linhas\tsoltas');
    });

    it('never answers a 5xx to a new dream, whatever its text (generated strings), and stores only storable text', async () => {
      const writer = await signUpUser(t);
      const random = randomSource(2026);
      let stored = 0;
      for (let i = 0; i < 150; i += 1) {
        const content = random.string(40);
        const title = random.string(8);
        const res = await apiSend('POST', '/dreams', { content, title, dreamtOn: '2025-11-04' }, writer);
        expect(res.statusCode, JSON.stringify({ content, title })).toBeLessThan(500);
        if (!isStorable(content) || !isStorable(title)) {
          expect(res.json<{ code: string }>().code).toBe('invalid_text');
        } else if (res.statusCode === 201) {
          stored += 1;
        }
      }
      expect(await countDreams(writer)).toBe(stored);
      await expectHealthy();
    });
  });
});
