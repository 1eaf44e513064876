import { describe, expect, it } from 'vitest';
import { computeStreaks } from './streaks.ts';

describe('computing streaks from recorded days', () => {
  const today = '2024-05-10';

  it('is zero with no days', () => {
    expect(computeStreaks([], today)).toEqual({ current: 0, longest: 0, isTodayRecorded: false });
  });

  it('counts a run ending today', () => {
    expect(computeStreaks(['2024-05-08', '2024-05-09', '2024-05-10'], today)).toEqual({
      current: 3,
      longest: 3,
      isTodayRecorded: true,
    });
  });

  it('keeps a run ending yesterday alive (today may still come)', () => {
    expect(computeStreaks(['2024-05-08', '2024-05-09'], today)).toEqual({
      current: 2,
      longest: 2,
      isTodayRecorded: false,
    });
  });

  it('breaks the current streak after a missed day, but keeps the longest', () => {
    expect(computeStreaks(['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04', '2024-05-08'], today)).toEqual({
      current: 0,
      longest: 4,
      isTodayRecorded: false,
    });
  });

  it('restarts at one after a gap', () => {
    expect(computeStreaks(['2024-05-05', '2024-05-06', '2024-05-08', '2024-05-10'], today)).toEqual({
      current: 1,
      longest: 2,
      isTodayRecorded: true,
    });
  });

  it('ignores order and duplicates', () => {
    expect(computeStreaks(['2024-05-10', '2024-05-09', '2024-05-10', '2024-05-09'], today)).toEqual({
      current: 2,
      longest: 2,
      isTodayRecorded: true,
    });
  });

  it('runs across month and year ends', () => {
    expect(computeStreaks(['2023-12-30', '2023-12-31', '2024-01-01'], '2024-01-01').current).toBe(3);
    expect(computeStreaks(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-02').current).toBe(3);
  });

  it('does not let a day after today extend the streak', () => {
    expect(computeStreaks(['2024-05-09', '2024-05-10', '2024-05-11'], today)).toEqual({
      current: 2,
      longest: 2,
      isTodayRecorded: true,
    });
  });
});
