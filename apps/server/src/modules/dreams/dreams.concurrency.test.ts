// Dreams written at once by one user, with overlapping tags in different orders: every write succeeds. On
// PostgreSQL (TEST_DATABASE_URL) the writes really run in parallel, on 10 connections; unsorted tag upserts
// deadlocked there (a 500 for one of the two writers), and so did an edit that let go of one tag and took another
// while a new dream took both (found by bench:soak).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from './dreams.testing.ts';

const TAGS = ['mar', 'casa', 'escola', 'avó', 'trem', 'chuva', 'gato', 'noite'];

function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('concurrent writes with shared tags', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
    user = await signUpUser(t);
  });
  afterAll(() => t.close());

  it('creates 60 dreams, 20 at a time, tags in every order: all 201, every tag counted', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api(t, user).post('/dreams', {
            content: `Sonho ${String(round)}-${String(i)}: a casa perto do mar.`,
            tags: shuffled(TAGS, round * 100 + i + 1).slice(0, 6),
          }),
        ),
      );
      statuses.push(...results.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const { tags } = (await api(t, user).get('/tags')).json<{ tags: { name: string; count: number }[] }>();
    expect(tags.reduce((sum, tag) => sum + tag.count, 0)).toBe(60 * 6);
  });

  it('edits that swap tags while new dreams take the same tags: all succeed, every tag counted', async () => {
    const writer = await signUpUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(
        (await postDream(t, writer, { content: `Sonho ${String(i)}`, tags: shuffled(TAGS, i + 1).slice(0, 3) })).id,
      );
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const tags = shuffled(TAGS, round * 1000 + i + 7).slice(0, i % 2 ? 4 : 3);
          return i % 2
            ? api(t, writer).post('/dreams', { content: `Sonho novo ${String(round)}-${String(i)}`, tags })
            : api(t, writer).patch(`/dreams/${ids[(round * 10 + i / 2) % ids.length]!}`, { tags });
        }),
      );
      statuses.push(...results.map((res) => res.statusCode));
    }
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    const carried = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const page: { items: { tags: string[] }[]; nextCursor: string | null } = (
        await api(t, writer).get(`/dreams?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json();
      for (const dream of page.items) for (const tag of dream.tags) carried.set(tag, (carried.get(tag) ?? 0) + 1);
      cursor = page.nextCursor;
    } while (cursor);
    const { tags } = (await api(t, writer).get('/tags')).json<{ tags: { name: string; count: number }[] }>();
    expect(Object.fromEntries(tags.map((tag) => [tag.name, tag.count]))).toEqual(Object.fromEntries(carried));
  });
});
