import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { PatternAnswerCache } from './answer-cache.ts';

// The patterns answers kept per instance (docs/decisions/030), against the real aggregates row.
describe('PatternAnswerCache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  it('keeps an answer until the journal changes, apart for each name and extra, and forgets a user', async () => {
    const cache = new PatternAnswerCache();
    const u = await signUpUser(t);
    const other = await signUpUser(t);
    const dream = await postDream(t, u, { content: 'Um farol no mar.' });
    await postDream(t, other, { content: 'Um trem.' });
    const ctx = contextFor(t, u.id);
    let computed = 0;
    const read = (name = 'charts', extra = 'x') =>
      cache.read(ctx, name, extra, () => {
        computed += 1;
        return Promise.resolve(computed);
      });

    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(await read('charts', 'y')).toBe(2); // another extra (another day, other pins)
    expect(await read('signs', 'y')).toBe(3);
    expect(await read('charts', 'y')).toBe(2);

    // Another user's write changes nothing here; this user's edit, delete and new dream each do.
    await postDream(t, other, { content: 'Outro trem.' });
    expect(await read('charts', 'y')).toBe(2);
    expect((await api(t, u).patch(`/dreams/${dream.id}`, { mood: 4 })).statusCode).toBe(200);
    expect(await read('charts', 'y')).toBe(4);
    expect((await api(t, u).delete(`/dreams/${dream.id}`)).statusCode).toBe(200);
    expect(await read('charts', 'y')).toBe(5);
    await postDream(t, u, { content: 'De novo o farol.' });
    expect(await read('charts', 'y')).toBe(6);
    expect(await read('charts', 'y')).toBe(6);

    cache.opened.set(`${u.id}:analysis-names:a`, []);
    cache.opened.set(`${other.id}:analysis-names:b`, []);
    cache.forget(u.id);
    expect(await read('charts', 'y')).toBe(7);
    expect(cache.opened.has(`${u.id}:analysis-names:a`)).toBe(false);
    expect(cache.opened.has(`${other.id}:analysis-names:b`)).toBe(true);
  });

  it('keeps nothing for a user without an aggregates row', async () => {
    const cache = new PatternAnswerCache();
    const u = await signUpUser(t);
    let computed = 0;
    const read = () => cache.read(contextFor(t, u.id), 'charts', '', () => Promise.resolve((computed += 1)));
    expect(await read()).toBe(1);
    expect(await read()).toBe(2);
  });
});
