import { describe, expect, it } from 'vitest';
import { addDays, computeStreaks, localDate } from './streaks.ts';

describe('calendar days in a time zone', () => {
  it('gives the local date of an instant', () => {
    const instant = new Date('2024-06-01T02:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2024-06-01');
    expect(localDate(instant, 'America/Sao_Paulo')).toBe('2024-05-31');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2024-06-01');
  });

  it('puts the same instant on three different dates around the date line', () => {
    const instant = new Date('2024-06-01T11:30:00Z');
    expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2024-06-01'); // UTC-11: 00:30
    expect(localDate(new Date('2024-06-01T10:30:00Z'), 'Pacific/Pago_Pago')).toBe('2024-05-31'); // 23:30
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2024-06-02'); // UTC+14: 01:30
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11'); // a 23-hour day in New York is still one day
  });
});

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
