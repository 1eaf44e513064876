import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DREAM_LIMITS } from '@sonhario/contracts/dreams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from './dreams.testing.ts';

// The journal's HTTP API end to end: real sign-ups, real tokens, a real database. The clock is the test's, so
// "today" and "last night" are fixed instants.
describe('the dreams API', () => {
  let t: TestApp;
  let clock = new Date('2026-03-15T12:00:00Z');
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, { now: () => clock });
    user = await signUpUser(t);
  });
  afterAll(() => t.close());

  const as = (u: TestUser | null = user) => api(t, u);
  const dreamCount = async (userId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from dreams where user_id = ${userId}`,
      )
    )[0]!.n;

  describe('POST /dreams', () => {
    it('records a dream with every field and answers 201 with it', async () => {
      const res = await as().post('/dreams', {
        title: '  Voo sobre o mar ',
        content: 'Eu estava voando sobre o mar à noite.',
        notes: 'Acordei leve.',
        dreamtOn: '2026-03-14',
        mood: 4,
        emotions: ['alegria', 'paz'],
        tags: ['voo', 'mar'],
        lucidity: 2,
        vividness: 5,
        sleepQuality: 3,
        isNightmare: false,
        isRecurring: true,
      });
      expect(res.statusCode).toBe(201);
      const { rewards, ...dream } = res.json();
      expect(rewards).toMatchObject({ isFirstDreamOfDay: true, streak: 1 }); // last night's dream (modules/rewards)
      expect(dream).toEqual({
        id: expect.any(String),
        title: 'Voo sobre o mar',
        isTitleDerived: false,
        content: 'Eu estava voando sobre o mar à noite.',
        notes: 'Acordei leve.',
        dreamtOn: '2026-03-14',
        recordedAt: clock.toISOString(),
        updatedAt: clock.toISOString(),
        mood: 4,
        emotions: ['alegria', 'paz'],
        tags: ['voo', 'mar'],
        lucidity: 2,
        vividness: 5,
        sleepQuality: 3,
        isNightmare: false,
        isRecurring: true,
        version: 1,
      });
      expect(res.headers.location).toBe(`/api/v1/dreams/${dream.id}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await as().get(`/dreams/${dream.id}`)).json()).toEqual(dream);
    });

    it('fills the defaults: only the content is required', async () => {
      const dream = await postDream(t, user, { content: 'Um sonho curto' });
      expect(dream).toMatchObject({
        title: 'Um sonho curto',
        isTitleDerived: true,
        notes: null,
        mood: null,
        emotions: [],
        tags: [],
        lucidity: 0,
        vividness: null,
        sleepQuality: null,
        isNightmare: false,
        isRecurring: false,
      });
    });

    it('derives a blank title from the first words of the content', async () => {
      for (const title of [undefined, null, '', '   ']) {
        const dream = await postDream(t, user, {
          title,
          content: 'Estava numa casa enorme cheia de portas que não abriam nunca',
        });
        expect(dream.title).toBe('Estava numa casa enorme cheia de…');
        expect(dream.isTitleDerived).toBe(true);
      }
    });

    it('dates an undated dream last night in the user time zone', async () => {
      // 02:30 UTC on the 15th is still the 14th in São Paulo (the default zone): last night is the 13th.
      clock = new Date('2026-03-15T02:30:00Z');
      expect((await postDream(t, user, { content: 'De madrugada' })).dreamtOn).toBe('2026-03-13');
      clock = new Date('2026-03-15T12:00:00Z');
      expect((await postDream(t, user, { content: 'De manhã' })).dreamtOn).toBe('2026-03-14');
    });

    it('accepts today but refuses a future date in the user time zone, with a pt-BR message', async () => {
      expect((await postDream(t, user, { content: 'Cochilo', dreamtOn: '2026-03-15' })).dreamtOn).toBe('2026-03-15');
      const res = await as().post('/dreams', { content: 'Amanhã', dreamtOn: '2026-03-16' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: 'A data do sonho não pode estar no futuro',
        details: [{ path: 'body.dreamtOn', message: 'A data do sonho não pode estar no futuro' }],
      });
    });

    it('judges "future" by the user time zone: Kiritimati is already tomorrow when Pago Pago is still today', async () => {
      const east = await signUpUser(t);
      const west = await signUpUser(t);
      expect((await api(t, east).patch('/me/profile', { timeZone: 'Pacific/Kiritimati' })).statusCode).toBe(200);
      expect((await api(t, west).patch('/me/profile', { timeZone: 'Pacific/Pago_Pago' })).statusCode).toBe(200);
      // 2026-03-15T10:30Z: 2026-03-16 00:30 in Kiritimati (UTC+14), 2026-03-14 23:30 in Pago Pago (UTC-11).
      clock = new Date('2026-03-15T10:30:00Z');
      expect(
        (await api(t, east).post('/dreams', { content: 'Depois da meia-noite', dreamtOn: '2026-03-16' })).statusCode,
      ).toBe(201);
      expect((await api(t, west).post('/dreams', { content: 'Ainda ontem', dreamtOn: '2026-03-15' })).statusCode).toBe(
        400,
      );
      expect((await api(t, west).post('/dreams', { content: 'Ainda ontem', dreamtOn: '2026-03-14' })).statusCode).toBe(
        201,
      );
      // Their "last night" differs by two days.
      expect((await postDream(t, east, { content: 'a' })).dreamtOn).toBe('2026-03-15');
      expect((await postDream(t, west, { content: 'b' })).dreamtOn).toBe('2026-03-13');
      clock = new Date('2026-03-15T12:00:00Z');
    });

    it('refuses dates before 1900', async () => {
      const res = await as().post('/dreams', { content: 'Antigo', dreamtOn: '1899-12-31' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A data do sonho não pode ser anterior a 1900');
      expect((await as().post('/dreams', { content: 'Antigo', dreamtOn: '1900-01-01' })).statusCode).toBe(201);
    });

    it.each([
      ['no content', { title: 'Só título' }, 'body.content', 'Escreva o seu sonho'],
      ['blank content', { content: '   ' }, 'body.content', 'Escreva o seu sonho'],
      [
        'content too long',
        { content: 'a'.repeat(DREAM_LIMITS.contentMax + 1) },
        'body.content',
        'O sonho pode ter no máximo 20.000 caracteres',
      ],
      ['an unknown emotion', { content: 'x', emotions: ['euforia'] }, 'body.emotions.0', 'Emoção desconhecida'],
      ['a repeated emotion', { content: 'x', emotions: ['medo', 'medo'] }, 'body.emotions', 'Emoção repetida'],
      ['mood above 5', { content: 'x', mood: 6 }, 'body.mood', 'Humor ao acordar: o máximo é 5'],
      ['mood below 1', { content: 'x', mood: 0 }, 'body.mood', 'Humor ao acordar: o mínimo é 1'],
      ['a fractional mood', { content: 'x', mood: 2.5 }, 'body.mood', 'Humor ao acordar: informe um número inteiro'],
      ['mood as text', { content: 'x', mood: '3' }, 'body.mood', 'Humor ao acordar: informe um número'],
      ['lucidity above 3', { content: 'x', lucidity: 4 }, 'body.lucidity', 'Lucidez: o máximo é 3'],
      ['content as a number', { content: 42 }, 'body.content', 'Escreva o seu sonho'],
      ['tags as a string', { content: 'x', tags: 'voo' }, 'body.tags', expect.any(String)],
      [
        'too many tags',
        { content: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        'body.tags',
        'No máximo 20 etiquetas',
      ],
      [
        'a tag too long',
        { content: 'x', tags: ['a'.repeat(41)] },
        'body.tags.0',
        'Cada etiqueta pode ter no máximo 40 caracteres',
      ],
      ['nightmare as text', { content: 'x', isNightmare: 'sim' }, 'body.isNightmare', 'Informe sim ou não'],
      ['a malformed date', { content: 'x', dreamtOn: '14/03/2026' }, 'body.dreamtOn', 'Data inválida (use AAAA-MM-DD)'],
      [
        'an impossible date',
        { content: 'x', dreamtOn: '2026-02-30' },
        'body.dreamtOn',
        'Data inválida (use AAAA-MM-DD)',
      ],
    ])('answers 400 validation_failed for %s, and stores nothing', async (_, body, path, message) => {
      const before = await dreamCount(user.id);
      const res = await as().post('/dreams', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().details).toContainEqual({ path, message });
      expect(await dreamCount(user.id)).toBe(before);
    });

    it('answers 400 for a body that is not JSON or not an object', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dreams',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"content": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('bad_json');
      expect((await as().post('/dreams', ['a'])).statusCode).toBe(400);
    });

    it('ignores fields it does not know', async () => {
      const dream = await postDream(t, user, { content: 'Com extra', userId: randomUUID(), version: 99 } as never);
      expect(dream.version).toBe(1);
    });
  });

  describe('concurrent writes', () => {
    it('keeps every one of many concurrent creates, and counts their tags exactly', async () => {
      const writer = await signUpUser(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api(t, writer).post('/dreams', { content: `Sonho ${i}`, tags: ['noite', i % 2 ? 'par' : 'ímpar'] }),
        ),
      );
      expect(answers.every((r) => r.statusCode === 201)).toBe(true);
      expect(await dreamCount(writer.id)).toBe(20);
      expect((await api(t, writer).get('/tags')).json().tags).toEqual([
        { name: 'noite', count: 20 },
        expect.objectContaining({ count: 10 }),
        expect.objectContaining({ count: 10 }),
      ]);
    });
  });

  describe('idempotent creation', () => {
    it('returns the first dream with 200 for a retry with the same key, and creates nothing', async () => {
      const key = randomUUID();
      const first = await as().post('/dreams', { content: 'Primeira tentativa' }, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      const before = await dreamCount(user.id);
      const retry = await as().post('/dreams', { content: 'Primeira tentativa' }, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await dreamCount(user.id)).toBe(before);
    });

    it('creates one dream when the same key arrives concurrently', async () => {
      const key = randomUUID();
      const before = await dreamCount(user.id);
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          as().post('/dreams', { content: 'Rede instável', tags: ['rede'] }, { 'idempotency-key': key }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      expect(await dreamCount(user.id)).toBe(before + 1);
      // The tag was counted once.
      expect((await as().get('/tags')).json().tags).toContainEqual({ name: 'rede', count: 1 });
    });

    it('keeps keys per user: another user with the same key gets their own dream', async () => {
      const key = randomUUID();
      const other = await signUpUser(t);
      const mine = await as().post('/dreams', { content: 'Meu' }, { 'idempotency-key': key });
      const theirs = await api(t, other).post('/dreams', { content: 'Deles' }, { 'idempotency-key': key });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(mine.json().id);
      expect(theirs.json().content).toBe('Deles');
    });

    it('answers 409 when the dream the key created was deleted since', async () => {
      const key = randomUUID();
      const first = await as().post('/dreams', { content: 'Apagado depois' }, { 'idempotency-key': key });
      await as().delete(`/dreams/${first.json().id}`);
      const retry = await as().post('/dreams', { content: 'Apagado depois' }, { 'idempotency-key': key });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe('idempotency_key_reused');
    });

    it('refuses a key that is too short', async () => {
      const res = await as().post('/dreams', { content: 'x' }, { 'idempotency-key': 'abc' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('GET /dreams/:id', () => {
    it('answers 404 not_found in Portuguese for an unknown id and 400 for a malformed one', async () => {
      const missing = await as().get(`/dreams/${randomUUID()}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'not_found', message: 'Sonho não encontrado' });
      const malformed = await as().get('/dreams/not-a-uuid');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().details).toEqual([{ path: 'params.id', message: 'Identificador inválido' }]);
    });
  });

  describe('PATCH /dreams/:id', () => {
    it('changes only the fields sent, increments the version and keeps the rest', async () => {
      const dream = await postDream(t, user, {
        title: 'Título',
        content: 'Conteúdo original',
        emotions: ['medo'],
        tags: ['casa'],
        lucidity: 2,
        isNightmare: true,
        mood: 2,
      });
      clock = new Date('2026-03-15T13:00:00Z');
      const res = await as().patch(`/dreams/${dream.id}`, { title: 'Novo título' });
      clock = new Date('2026-03-15T12:00:00Z');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...dream,
        title: 'Novo título',
        version: 2,
        updatedAt: '2026-03-15T13:00:00.000Z',
      });
      expect((await as().get(`/dreams/${dream.id}`)).json()).toEqual(res.json());
    });

    it('clears nullable fields with null', async () => {
      const dream = await postDream(t, user, { content: 'x', notes: 'nota', mood: 3, vividness: 4, sleepQuality: 2 });
      const res = await as().patch(`/dreams/${dream.id}`, {
        notes: null,
        mood: null,
        vividness: null,
        sleepQuality: null,
      });
      expect(res.json()).toMatchObject({ notes: null, mood: null, vividness: null, sleepQuality: null });
    });

    it('answers 409 version_conflict for a stale version and changes nothing', async () => {
      const dream = await postDream(t, user, { content: 'Versão um' });
      expect((await as().patch(`/dreams/${dream.id}`, { content: 'Versão dois', version: 1 })).statusCode).toBe(200);
      const stale = await as().patch(`/dreams/${dream.id}`, { content: 'Edição antiga', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('version_conflict');
      expect((await as().get(`/dreams/${dream.id}`)).json()).toMatchObject({ content: 'Versão dois', version: 2 });
      expect((await as().patch(`/dreams/${dream.id}`, { content: 'Versão três', version: 2 })).json().version).toBe(3);
    });

    it('lets exactly one of several concurrent edits of the same version through', async () => {
      const dream = await postDream(t, user, { content: 'Disputado', tags: ['a'] });
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          as().patch(`/dreams/${dream.id}`, { content: `Edição ${i}`, tags: [`t${i}`], version: 1 }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json();
      expect((await as().get(`/dreams/${dream.id}`)).json()).toEqual(winner);
      const tags = (await as().get('/tags')).json().tags.map((x: { name: string }) => x.name);
      expect(tags.filter((name: string) => /^t\d$/.test(name))).toEqual(winner.tags);
    });

    it('re-derives the title when it is cleared, and a derived title follows the content', async () => {
      const dream = await postDream(t, user, { title: 'Meu título', content: 'Primeiras palavras do sonho original' });
      const cleared = (await as().patch(`/dreams/${dream.id}`, { title: '' })).json();
      expect(cleared).toMatchObject({ title: 'Primeiras palavras do sonho original', isTitleDerived: true });
      const edited = (await as().patch(`/dreams/${dream.id}`, { content: 'Outro começo bem diferente agora' })).json();
      expect(edited).toMatchObject({ title: 'Outro começo bem diferente agora', isTitleDerived: true });
      const named = (await as().patch(`/dreams/${dream.id}`, { title: 'Fixo' })).json();
      const after = (await as().patch(`/dreams/${dream.id}`, { content: 'Mudou de novo' })).json();
      expect(named.isTitleDerived).toBe(false);
      expect(after.title).toBe('Fixo');
    });

    it('re-indexes: the dream is found by its new words and no longer by the old ones', async () => {
      const dream = await postDream(t, user, { content: 'Um elefante cor-de-rosa' });
      expect((await as().get('/dreams?q=elefante')).json().items.map((d: { id: string }) => d.id)).toContain(dream.id);
      await as().patch(`/dreams/${dream.id}`, { content: 'Uma girafa azul' });
      expect((await as().get('/dreams?q=elefante')).json().items.map((d: { id: string }) => d.id)).not.toContain(
        dream.id,
      );
      expect((await as().get('/dreams?q=girafa')).json().items.map((d: { id: string }) => d.id)).toContain(dream.id);
    });

    it('validates like create: future dates, bad values, empty content', async () => {
      const dream = await postDream(t, user, { content: 'x' });
      for (const body of [
        { dreamtOn: '2026-03-16' },
        { mood: 9 },
        { content: '' },
        { emotions: ['tédio'] },
        { version: 0 },
        { lucidity: null },
      ]) {
        const res = await as().patch(`/dreams/${dream.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
      expect((await as().get(`/dreams/${dream.id}`)).json().version).toBe(1);
    });

    it('answers 404 for an unknown dream', async () => {
      expect((await as().patch(`/dreams/${randomUUID()}`, { title: 'x' })).statusCode).toBe(404);
    });
  });

  describe('DELETE and restore', () => {
    it('soft-deletes with a ten-minute undo window; the dream vanishes at once', async () => {
      const dream = await postDream(t, user, { content: 'Para apagar', tags: ['efêmero'] });
      const res = await as().delete(`/dreams/${dream.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: dream.id,
        deletedAt: clock.toISOString(),
        purgeAfter: new Date(clock.getTime() + 10 * 60_000).toISOString(),
      });
      expect((await as().get(`/dreams/${dream.id}`)).statusCode).toBe(404);
      expect((await as().get('/dreams?limit=50')).json().items.map((d: { id: string }) => d.id)).not.toContain(
        dream.id,
      );
      expect((await as().get('/dreams?q=apagar')).json().items).toEqual([]);
      expect((await as().get('/tags')).json().tags.map((x: { name: string }) => x.name)).not.toContain('efêmero');
      expect((await as().delete(`/dreams/${dream.id}`)).statusCode).toBe(404);
      expect((await as().patch(`/dreams/${dream.id}`, { title: 'x' })).statusCode).toBe(404);
    });

    it('restores within the window: the same dream, tags counted again', async () => {
      const dream = await postDream(t, user, { content: 'Quase perdido', tags: ['resgate'] });
      await as().delete(`/dreams/${dream.id}`);
      clock = new Date(clock.getTime() + 9 * 60_000);
      const res = await as().post(`/dreams/${dream.id}/restore`);
      clock = new Date('2026-03-15T12:00:00Z');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(dream);
      expect((await as().get(`/dreams/${dream.id}`)).json()).toEqual(dream);
      expect((await as().get('/tags')).json().tags).toContainEqual({ name: 'resgate', count: 1 });
      // Restoring a dream that is not deleted just returns it.
      expect((await as().post(`/dreams/${dream.id}/restore`)).json()).toEqual(dream);
    });

    it('answers 404 to a restore after the window, and the dream is purged', async () => {
      const dream = await postDream(t, user, { content: 'Tarde demais' });
      await as().delete(`/dreams/${dream.id}`);
      clock = new Date(clock.getTime() + 10 * 60_000);
      const res = await as().post(`/dreams/${dream.id}/restore`);
      clock = new Date('2026-03-15T12:00:00Z');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Sonho não encontrado');
      expect(await queryRows(t.database.db, sql`select 1 from dreams where id = ${dream.id}`)).toHaveLength(0);
    });

    it('answers 404 to restoring an unknown id', async () => {
      expect((await as().post(`/dreams/${randomUUID()}/restore`)).statusCode).toBe(404);
    });
  });

  describe('GET /tags', () => {
    it('lists the caller tags, most used then most recent first, merged across case and accents, with live counts', async () => {
      const tagger = await signUpUser(t);
      const tick = () => (clock = new Date(clock.getTime() + 60_000));
      const a = await postDream(t, tagger, { content: 'a', tags: ['Água', 'casa'] });
      tick();
      await postDream(t, tagger, { content: 'b', tags: ['agua', 'família'] });
      tick();
      await postDream(t, tagger, { content: 'c', tags: ['ÁGUA', 'casa', 'casa'] });
      expect((await api(t, tagger).get('/tags')).json()).toEqual({
        tags: [
          { name: 'ÁGUA', count: 3 },
          { name: 'casa', count: 2 },
          { name: 'família', count: 1 },
        ],
      });
      tick();
      await api(t, tagger).patch(`/dreams/${a.id}`, { tags: ['sonho lúcido'] });
      clock = new Date('2026-03-15T12:00:00Z');
      expect((await api(t, tagger).get('/tags')).json().tags).toEqual([
        { name: 'ÁGUA', count: 2 },
        { name: 'sonho lúcido', count: 1 },
        { name: 'casa', count: 1 },
        { name: 'família', count: 1 },
      ]);
    });

    it('keeps one tag per dream when the same tag is repeated in other spellings', async () => {
      const dream = await postDream(t, user, { content: 'x', tags: ['Lua', 'lua', ' LUA '] });
      expect(dream.tags).toEqual(['Lua']);
    });
  });

  describe('authentication', () => {
    it.each([
      ['GET', '/dreams'],
      ['POST', '/dreams'],
      ['GET', `/dreams/${randomUUID()}`],
      ['PATCH', `/dreams/${randomUUID()}`],
      ['DELETE', `/dreams/${randomUUID()}`],
      ['POST', `/dreams/${randomUUID()}/restore`],
      ['GET', '/tags'],
      ['GET', '/me/overview'],
      ['GET', '/me/profile'],
      ['PATCH', '/me/profile'],
    ] as const)('%s %s answers 401 without a token', async (method, url) => {
      const res = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        ...(method === 'POST' || method === 'PATCH'
          ? { payload: method === 'PATCH' && url === '/me/profile' ? { theme: 'light' } : { content: 'x', title: 'x' } }
          : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('no_authorization');
    });

    it('answers 403 with a token whose session has ended', async () => {
      const leaving = await signUpUser(t);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: { ...leaving.headers, apikey: getApiKeys(t.app.deps.secrets).anonKey },
      });
      expect(logout.statusCode).toBe(204);
      expect((await api(t, leaving).get('/dreams')).statusCode).toBe(403);
    });
  });

  it('documents every endpoint in the OpenAPI output with bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const expected: [string, string][] = [
      ['/api/v1/dreams', 'get'],
      ['/api/v1/dreams', 'post'],
      ['/api/v1/dreams/{id}', 'get'],
      ['/api/v1/dreams/{id}', 'patch'],
      ['/api/v1/dreams/{id}', 'delete'],
      ['/api/v1/dreams/{id}/restore', 'post'],
      ['/api/v1/tags', 'get'],
      ['/api/v1/me/overview', 'get'],
      ['/api/v1/me/profile', 'get'],
      ['/api/v1/me/profile', 'patch'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.tags.length).toBeGreaterThan(0);
    }
    expect(doc.paths['/api/v1/dreams'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'q',
        'from',
        'to',
        'emotion',
        'tag',
        'lucid',
        'nightmare',
        'recurring',
        'cursor',
        'limit',
      ]),
    );
    expect(doc.paths['/api/v1/dreams'].post.parameters.map((p: { name: string }) => p.name)).toContain(
      'idempotency-key',
    );
  });
});
