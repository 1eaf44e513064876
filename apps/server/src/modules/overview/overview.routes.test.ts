import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';

describe('GET /me/overview', () => {
  let t: TestApp;
  let clock = new Date('2026-04-10T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, { now: () => clock });
  });
  afterAll(() => t.close());

  it('starts empty for a new user', async () => {
    const user = await signUpUser(t);
    const res = await api(t, user).get('/me/overview');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      dreamCount: 0,
      analysisCount: 0,
      currentStreak: 0,
      longestStreak: 0,
      isTodayRecorded: false,
      recent: [],
    });
  });

  it('counts live dreams, shows the streak and the five latest dreams in journal order', async () => {
    const user = await signUpUser(t);
    const ids: string[] = [];
    // Recorded on three consecutive days (São Paulo), about nights spread over a week; each day holds a dream of
    // the night just gone or of that day (backdated ones build no streak, docs/decisions/026).
    for (const [at, night] of [
      ['2026-04-08T15:00:00Z', '2026-04-07'],
      ['2026-04-09T15:00:00Z', '2026-04-01'],
      ['2026-04-09T16:00:00Z', '2026-04-08'],
      ['2026-04-10T13:00:00Z', '2026-04-09'],
      ['2026-04-10T14:00:00Z', '2026-04-05'],
      ['2026-04-10T14:30:00Z', '2026-04-10'],
      ['2026-04-10T14:45:00Z', '2026-04-02'],
    ] as const) {
      clock = new Date(at);
      ids.push((await postDream(t, user, { content: `Noite de ${night}`, dreamtOn: night })).id);
    }
    clock = new Date('2026-04-10T15:00:00Z');
    await api(t, user).delete(`/dreams/${ids[3]}`); // the 9 April night
    const overview = (await api(t, user).get('/me/overview')).json();
    expect(overview).toMatchObject({
      dreamCount: 6,
      analysisCount: 0,
      currentStreak: 3,
      longestStreak: 3,
      isTodayRecorded: true,
    });
    expect(overview.recent.map((d: { dreamtOn: string }) => d.dreamtOn)).toEqual([
      '2026-04-10',
      '2026-04-08',
      '2026-04-07',
      '2026-04-05',
      '2026-04-02',
    ]);
    expect(overview.recent[0]).toMatchObject({ title: 'Noite de 2026-04-10', excerpt: 'Noite de 2026-04-10' });

    // The next day, before recording: the streak is still alive, today is not recorded yet.
    clock = new Date('2026-04-11T15:00:00Z');
    expect((await api(t, user).get('/me/overview')).json()).toMatchObject({ currentStreak: 3, isTodayRecorded: false });
    clock = new Date('2026-04-12T15:00:00Z');
    expect((await api(t, user).get('/me/overview')).json()).toMatchObject({ currentStreak: 0, longestStreak: 3 });
    clock = new Date('2026-04-10T15:00:00Z');
  });
});
