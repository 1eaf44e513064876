import type { CreateDreamInput } from '@sonhario/contracts/dreams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { SEARCH_WINDOW } from './dreams.list.repository.ts';
import { createDream } from './dreams.service.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from './dreams.testing.ts';

// Listing, cursor pagination, search and filters through GET /api/v1/dreams.
describe('GET /dreams', () => {
  let t: TestApp;
  let clock = new Date('2026-05-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, { now: () => clock });
  });
  afterAll(() => t.close());

  const ids = (body: { items: { id: string }[] }) => body.items.map((d) => d.id);
  const list = async (user: TestUser, query = '') => {
    const res = await api(t, user).get(`/dreams${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Record<string, unknown>[] & { id: string }[]; nextCursor: string | null }>();
  };

  describe('order and pagination', () => {
    let user: TestUser;
    let expected: string[];

    beforeAll(async () => {
      user = await signUpUser(t);
      // 23 dreams over three nights; within a night several share one recorded_at, so the id breaks ties.
      const created: { id: string; dreamtOn: string; recordedAt: string }[] = [];
      for (let i = 0; i < 23; i += 1) {
        clock = new Date(Date.UTC(2026, 4, 20, 12, Math.floor(i / 4)));
        const dream = await postDream(t, user, { content: `Sonho número ${i}`, dreamtOn: `2026-05-1${i % 3}` });
        created.push({ id: dream.id, dreamtOn: dream.dreamtOn, recordedAt: dream.recordedAt });
      }
      clock = new Date('2026-05-20T12:00:00Z');
      expected = created
        .sort(
          (a, b) =>
            b.dreamtOn.localeCompare(a.dreamtOn) ||
            b.recordedAt.localeCompare(a.recordedAt) ||
            b.id.localeCompare(a.id),
        )
        .map((d) => d.id);
    });

    it('lists newest night first, then latest recorded, then by id, with list fields only', async () => {
      const page = await list(user, '?limit=50');
      expect(ids(page)).toEqual(expected);
      expect(page.nextCursor).toBeNull();
      expect(Object.keys(page.items[0]!).sort()).toEqual(
        [
          'dreamtOn',
          'emotions',
          'excerpt',
          'id',
          'isNightmare',
          'isRecurring',
          'lucidity',
          'mood',
          'recordedAt',
          'tags',
          'title',
        ].sort(),
      );
      expect(page.items[0]).not.toHaveProperty('content');
    });

    it('pages with 20 items by default', async () => {
      const page = await list(user);
      expect(page.items).toHaveLength(20);
      expect(page.nextCursor).toEqual(expect.any(String));
    });

    it.each([1, 2, 3, 5, 7, 23])('walks every page of %i without duplicates or gaps', async (limit) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(user, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      expect(seen).toEqual(expected);
    });

    it('keeps walking when dreams are recorded or deleted meanwhile', async () => {
      const first = await list(user, '?limit=5');
      // A newer night sorts before the cursor: it shows on a fresh first page, not mid-walk.
      const newcomer = await postDream(t, user, { content: 'Chegou no meio', dreamtOn: '2026-05-13' });
      // Deleting a dream the cursor has not reached yet (nor the one it points at) leaves no gap.
      const doomed = expected[12]!;
      await api(t, user).delete(`/dreams/${doomed}`);
      await api(t, user).delete(`/dreams/${expected[4]!}`);
      const rest: string[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await list(user, `?limit=5&cursor=${encodeURIComponent(cursor)}`);
        rest.push(...ids(page));
        cursor = page.nextCursor;
      }
      expect([...ids(first), ...rest]).toEqual(expected.filter((id) => id !== doomed));
      expect(ids(await list(user, '?limit=1'))).toEqual([newcomer.id]);
      await api(t, user).delete(`/dreams/${newcomer.id}`);
      for (const id of [doomed, expected[4]!])
        expect((await api(t, user).post(`/dreams/${id}/restore`)).statusCode).toBe(200);
      expect(ids(await list(user, '?limit=50'))).toEqual(expected);
    });

    it('answers 400 for a cursor it did not issue and for limits out of range', async () => {
      const forged = (value: unknown) => `?cursor=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
      const id = expected[0]!;
      for (const query of [
        '?cursor=nonsense',
        forged(['x', 'y', 'z']),
        forged(['2026-02-30', '2026-05-20T12:00:00.000Z', id]),
        forged(['0000-01-01', '2026-05-20T12:00:00.000Z', id]),
        forged(['2026-05-10', '-271821-04-20T00:00:00.000Z', id]),
        forged(['2026-05-10', '2026-05-20T12:00:00.000Z', 'not-a-uuid']),
        forged({ dreamtOn: '2026-05-10' }),
        '?limit=0',
        '?limit=51',
        '?limit=abc',
      ]) {
        const res = await api(t, user).get(`/dreams${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
      expect((await api(t, user).get('/dreams?cursor=nonsense')).json().message).toBe('Cursor inválido');
    });
  });

  describe('search and filters', () => {
    let user: TestUser;
    const dreams: Record<string, string> = {};

    const add = async (name: string, body: CreateDreamInput) => {
      dreams[name] = (await postDream(t, user, body)).id;
    };
    const found = async (query: string) => (await list(user, `?limit=50&${query}`)).items.map((d) => d.id).sort();
    const named = (...names: string[]) => names.map((n) => dreams[n]!).sort();

    beforeAll(async () => {
      user = await signUpUser(t);
      await add('voo', {
        content: 'Eu estava voando sobre o mar azul',
        dreamtOn: '2026-05-01',
        emotions: ['alegria'],
        tags: ['Voo'],
        lucidity: 2,
      });
      await add('queda', {
        content: 'Caí de um prédio muito alto e acordei',
        dreamtOn: '2026-05-05',
        emotions: ['medo'],
        isNightmare: true,
        tags: ['queda'],
      });
      await add('agua', {
        title: 'ÁGUA escura',
        content: 'Nadava num rio gelado',
        dreamtOn: '2026-05-10',
        emotions: ['medo', 'paz'],
        isRecurring: true,
        tags: ['água'],
      });
      await add('coracao', {
        content: 'Meu CORAÇÃO batia forte numa estação de trem',
        dreamtOn: '2026-05-12',
        lucidity: 1,
        isNightmare: true,
        isRecurring: true,
      });
      await add('nota', {
        content: 'Uma festa estranha',
        notes: 'Lembrei da minha avó cantando',
        dreamtOn: '2026-05-15',
        tags: ['família', 'Voo'],
      });
      await add('ingles', {
        content: 'I was flying over the city at night',
        dreamtOn: '2026-05-16',
        emotions: ['surpresa'],
      });
    });

    it('finds other forms of a word: "voar" finds "voando"', async () => {
      expect(await found('q=voar')).toEqual(named('voo'));
      expect(await found('q=voei')).toEqual(named('voo'));
      expect(await found('q=fly')).toEqual(named('ingles'));
    });

    it('ignores accents and case', async () => {
      expect(await found('q=agua')).toEqual(named('agua'));
      expect(await found('q=coracao')).toEqual(named('coracao'));
      expect(await found('q=Estacao')).toEqual(named('coracao'));
      expect(await found(`q=${encodeURIComponent('CAÍ')}`)).toEqual(named('queda'));
    });

    it('requires every word of the query', async () => {
      expect(await found(`q=${encodeURIComponent('voando mar')}`)).toEqual(named('voo'));
      expect(await found(`q=${encodeURIComponent('voando rio')}`)).toEqual([]);
      expect(await found(`q=${encodeURIComponent('rio gelado escura')}`)).toEqual(named('agua'));
    });

    it('searches titles and notes too', async () => {
      expect(await found('q=escura')).toEqual(named('agua'));
      expect(await found('q=cantando')).toEqual(named('nota'));
    });

    it('finds nothing for a word no dream has', async () => {
      expect(await found('q=dinossauro')).toEqual([]);
    });

    it('ignores a query made only of stopwords', async () => {
      expect(await found(`q=${encodeURIComponent('de que a')}`)).toHaveLength(6);
    });

    it('accepts bounds before 1900 (no dream is that old) without failing', async () => {
      expect(await found('from=0000-01-01')).toHaveLength(6);
      expect(await found('from=1850-01-01&to=2026-05-01')).toEqual(named('voo'));
      expect(await found('to=0001-01-01')).toEqual([]);
    });

    it('filters by the night: from and to, inclusive', async () => {
      expect(await found('from=2026-05-05&to=2026-05-12')).toEqual(named('queda', 'agua', 'coracao'));
      expect(await found('from=2026-05-15')).toEqual(named('nota', 'ingles'));
      expect(await found('to=2026-05-01')).toEqual(named('voo'));
    });

    it('filters by emotion, tag (any case or accents), lucidity, nightmare and recurring', async () => {
      expect(await found('emotion=medo')).toEqual(named('queda', 'agua'));
      expect(await found('tag=voo')).toEqual(named('voo', 'nota'));
      expect(await found('tag=AGUA')).toEqual(named('agua'));
      expect(await found('lucid=true')).toEqual(named('voo', 'coracao'));
      expect(await found('lucid=false')).toEqual(named('queda', 'agua', 'nota', 'ingles'));
      expect(await found('nightmare=true')).toEqual(named('queda', 'coracao'));
      expect(await found('nightmare=false')).toEqual(named('voo', 'agua', 'nota', 'ingles'));
      expect(await found('recurring=true')).toEqual(named('agua', 'coracao'));
    });

    it('combines filters and search with AND', async () => {
      expect(await found('nightmare=true&recurring=true')).toEqual(named('coracao'));
      expect(await found('emotion=medo&nightmare=false')).toEqual(named('agua'));
      expect(await found('q=voar&tag=voo')).toEqual(named('voo'));
      expect(await found('q=voar&from=2026-05-02')).toEqual([]);
      expect(await found('tag=voo&lucid=false&to=2026-05-15')).toEqual(named('nota'));
    });

    it('pages through search results with the cursor', async () => {
      const first = await list(user, '?nightmare=true&limit=1');
      const second = await list(user, `?nightmare=true&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect([...ids(first), ...ids(second)]).toEqual([dreams.coracao, dreams.queda]);
      expect(second.nextCursor).toBeNull();
    });

    it('shows the title, an excerpt and the tags in list items', async () => {
      const [item] = (await list(user, '?q=cantando')).items;
      expect(item).toMatchObject({
        title: 'Uma festa estranha',
        excerpt: 'Uma festa estranha',
        tags: ['família', 'Voo'],
        dreamtOn: '2026-05-15',
      });
    });

    it.each([
      ['emotion=tedio'],
      ['lucid=maybe'],
      ['nightmare=1'],
      ['from=2026-13-01'],
      ['to=ontem'],
      [`q=${'a'.repeat(201)}`],
      [`tag=${'a'.repeat(41)}`],
    ])('answers 400 for %s', async (query) => {
      const res = await api(t, user).get(`/dreams?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    });

    it('answers 400 when from is after to', async () => {
      const res = await api(t, user).get('/dreams?from=2026-05-10&to=2026-05-01');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A data inicial não pode ser posterior à data final');
    });
  });

  describe('a journal longer than the search window', () => {
    let user: TestUser;
    let rareIds: string[];
    const total = SEARCH_WINDOW + 40;

    beforeAll(async () => {
      user = await signUpUser(t);
      const ctx = contextFor(t, user.id, () => clock);
      rareIds = [];
      // Oldest first: dreams 0–23 (beyond the window of the newest) and the newest one mention the platypus.
      for (let i = 0; i < total; i += 1) {
        const isRare = i < 24 || i === total - 1;
        const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
        const content = `Sonho comum número ${i}${isRare ? ' com um ornitorrinco' : ''}`;
        const body = {
          content,
          dreamtOn: day,
          emotions: [],
          tags: isRare ? ['raro'] : [],
          lucidity: 0,
          isNightmare: false,
          isRecurring: false,
        };
        const { dream } = await createDream(ctx, { body });
        if (isRare) rareIds.unshift(dream.id);
      }
    });

    async function walk(query: string, limit: number): Promise<string[]> {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(
          user,
          `?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    }

    it('finds a rare word in dreams older than the newest ones it reads first, in order, across pages', async () => {
      expect(await walk('q=ornitorrinco', 10)).toEqual(rareIds);
      expect(await walk('q=ornitorrinco', 50)).toEqual(rareIds);
      expect(await walk('tag=raro', 7)).toEqual(rareIds);
      expect(await walk('q=ornitorrinco&tag=raro&to=2020-01-10', 4)).toEqual(rareIds.slice(-10));
    });

    it('walks a word every dream has through all pages', async () => {
      const all = await walk('q=comum', 50);
      expect(all).toHaveLength(total);
      expect(new Set(all).size).toBe(total);
      expect(all.slice(0, 1)).toEqual(rareIds.slice(0, 1));
    });

    it('finds nothing for a word no dream has', async () => {
      expect(await walk('q=dinossauro', 20)).toEqual([]);
    });
  });
});
