import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { contextFor, JOURNAL_TEST_ENV, signUpUser } from '../dreams/dreams.testing.ts';
import { createDream, deleteDream } from '../dreams/dreams.service.ts';
import { getOverview } from '../overview/overview.service.ts';
import { updateProfile } from '../profile/profile.service.ts';

// Streaks from dreams recorded at chosen instants (through the service, with a test clock), with the local days
// computed by the database in the user's time zone.
describe('streaks in the user time zone', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  /** A fresh user in `timeZone`, and helpers to record dreams at instants and read the overview at an instant. */
  async function journal(timeZone: string) {
    const { id } = await signUpUser(t);
    await updateProfile(contextFor(t, id), { timeZone });
    return {
      id,
      async record(at: string, options: { dreamtOn?: string } = {}) {
        const ctx = contextFor(t, id, () => new Date(at));
        const body = {
          content: `Sonho gravado em ${at}`,
          dreamtOn: options.dreamtOn,
          emotions: [],
          tags: [],
          lucidity: 0,
          isNightmare: false,
          isRecurring: false,
        };
        return (await createDream(ctx, { body })).dream;
      },
      async streaksAt(at: string) {
        const overview = await getOverview(contextFor(t, id, () => new Date(at)));
        return { current: overview.currentStreak, longest: overview.longestStreak, today: overview.isTodayRecorded };
      },
      setTimeZone: (zone: string) => updateProfile(contextFor(t, id), { timeZone: zone }),
    };
  }

  it('counts consecutive days, keeps yesterday alive and breaks after a missed day', async () => {
    const j = await journal('UTC');
    await j.record('2024-05-01T08:00:00Z');
    await j.record('2024-05-02T08:00:00Z');
    await j.record('2024-05-02T21:00:00Z'); // two dreams, one day
    await j.record('2024-05-03T08:00:00Z');
    expect(await j.streaksAt('2024-05-03T12:00:00Z')).toEqual({ current: 3, longest: 3, today: true });
    expect(await j.streaksAt('2024-05-04T12:00:00Z')).toEqual({ current: 3, longest: 3, today: false });
    expect(await j.streaksAt('2024-05-05T00:00:00Z')).toEqual({ current: 0, longest: 3, today: false });
    await j.record('2024-05-05T09:00:00Z');
    expect(await j.streaksAt('2024-05-05T10:00:00Z')).toEqual({ current: 1, longest: 3, today: true });
  });

  it('keeps the longest streak after a new, shorter one', async () => {
    const j = await journal('UTC');
    for (const day of ['01', '02', '03', '04', '05']) await j.record(`2024-06-${day}T10:00:00Z`);
    for (const day of ['08', '09']) await j.record(`2024-06-${day}T10:00:00Z`);
    expect(await j.streaksAt('2024-06-09T23:00:00Z')).toEqual({ current: 2, longest: 5, today: true });
  });

  it('splits days at midnight in the user zone, not in UTC', async () => {
    const j = await journal('America/Sao_Paulo'); // UTC-3
    await j.record('2024-07-11T02:59:00Z'); // 10th, 23:59 local
    await j.record('2024-07-11T03:01:00Z'); // 11th, 00:01 local
    expect(await j.streaksAt('2024-07-11T12:00:00Z')).toEqual({ current: 2, longest: 2, today: true });
    // At 01:00 UTC on the 12th it is still the 11th in São Paulo: today is recorded.
    expect(await j.streaksAt('2024-07-12T01:00:00Z')).toEqual({ current: 2, longest: 2, today: true });
    expect(await j.streaksAt('2024-07-12T03:00:00Z')).toEqual({ current: 2, longest: 2, today: false });
  });

  it('puts the same instants on different days across the date line', async () => {
    const kiritimati = await journal('Pacific/Kiritimati'); // UTC+14
    const pagoPago = await journal('Pacific/Pago_Pago'); // UTC-11
    for (const j of [kiritimati, pagoPago]) {
      await j.record('2024-08-01T09:30:00Z'); // Kiritimati: 1st 23:30 / Pago Pago: 31 Jul 22:30
      await j.record('2024-08-01T10:30:00Z'); // Kiritimati: 2nd 00:30 / Pago Pago: 31 Jul 23:30
    }
    expect(await kiritimati.streaksAt('2024-08-01T12:00:00Z')).toEqual({ current: 2, longest: 2, today: true });
    // In Pago Pago both were on 31 July, and it is already 1 August there (01:00): yesterday's streak stands.
    expect(await pagoPago.streaksAt('2024-08-01T12:00:00Z')).toEqual({ current: 1, longest: 1, today: false });
  });

  it('follows a time-zone change: the whole history is read in the current zone', async () => {
    const j = await journal('UTC');
    await j.record('2024-09-01T23:30:00Z');
    await j.record('2024-09-02T00:30:00Z');
    expect(await j.streaksAt('2024-09-02T12:00:00Z')).toEqual({ current: 2, longest: 2, today: true });
    // In Tokyo (UTC+9) both instants fall on 2 September.
    await j.setTimeZone('Asia/Tokyo');
    expect(await j.streaksAt('2024-09-02T12:00:00Z')).toEqual({ current: 1, longest: 1, today: true });
  });

  it('does not count backdated dreams: recording day, not the night, builds a streak', async () => {
    const j = await journal('UTC');
    await j.record('2024-10-10T08:00:00Z', { dreamtOn: '2024-10-01' });
    await j.record('2024-10-10T09:00:00Z', { dreamtOn: '2024-10-05' });
    await j.record('2024-10-10T10:00:00Z', { dreamtOn: '2024-10-09' });
    expect(await j.streaksAt('2024-10-10T12:00:00Z')).toEqual({ current: 1, longest: 1, today: true });
  });

  it('counts days across the spring-forward and fall-back transitions in New York', async () => {
    const j = await journal('America/New_York');
    await j.record('2024-03-10T04:30:00Z'); // 9th 23:30 EST
    await j.record('2024-03-11T03:30:00Z'); // 10th 23:30 EDT (the 23-hour day)
    await j.record('2024-03-11T04:30:00Z'); // 11th 00:30 EDT
    expect(await j.streaksAt('2024-03-11T16:00:00Z')).toEqual({ current: 3, longest: 3, today: true });

    const fall = await journal('America/New_York');
    await fall.record('2024-11-03T03:30:00Z'); // 2nd 23:30 EDT
    await fall.record('2024-11-04T04:30:00Z'); // 3rd 23:30 EST (the 25-hour day)
    await fall.record('2024-11-04T05:30:00Z'); // 4th 00:30 EST
    expect(await fall.streaksAt('2024-11-04T06:00:00Z')).toEqual({ current: 3, longest: 3, today: true });
    // 04:45 UTC on the 4th is still the 3rd in New York (23:45 EST), though it would be the 4th at the summer offset.
    expect(await fall.streaksAt('2024-11-04T04:45:00Z')).toEqual({ current: 2, longest: 2, today: true });
  });

  it('counts days across São Paulo daylight saving (midnight that did not exist, and one that came twice)', async () => {
    const start = await journal('America/Sao_Paulo');
    // 2018-11-04: clocks jumped from 00:00 to 01:00 (UTC-3 to UTC-2).
    await start.record('2018-11-04T02:59:00Z'); // 3rd 23:59 BRT
    await start.record('2018-11-04T03:00:00Z'); // 4th 01:00 BRST
    await start.record('2018-11-05T01:30:00Z'); // 4th 23:30 BRST
    expect(await start.streaksAt('2018-11-05T01:59:00Z')).toEqual({ current: 2, longest: 2, today: true });
    expect(await start.streaksAt('2018-11-05T02:00:00Z')).toEqual({ current: 2, longest: 2, today: false }); // the 5th

    const end = await journal('America/Sao_Paulo');
    // 2019-02-17: clocks fell back from 00:00 to 23:00 on the 16th (UTC-2 to UTC-3).
    await end.record('2019-02-17T01:30:00Z'); // 16th 23:30 BRST
    await end.record('2019-02-17T02:30:00Z'); // 16th 23:30 BRT (the hour repeated)
    await end.record('2019-02-17T03:30:00Z'); // 17th 00:30 BRT
    expect(await end.streaksAt('2019-02-17T04:00:00Z')).toEqual({ current: 2, longest: 2, today: true });
  });

  it('does not count deleted dreams', async () => {
    const j = await journal('UTC');
    await j.record('2024-12-01T10:00:00Z');
    const middle = await j.record('2024-12-02T10:00:00Z');
    await j.record('2024-12-03T10:00:00Z');
    expect(await j.streaksAt('2024-12-03T12:00:00Z')).toEqual({ current: 3, longest: 3, today: true });
    await deleteDream(
      contextFor(t, j.id, () => new Date('2024-12-03T12:00:00Z')),
      middle.id,
    );
    expect(await j.streaksAt('2024-12-03T12:01:00Z')).toEqual({ current: 1, longest: 1, today: true });
  });
});
