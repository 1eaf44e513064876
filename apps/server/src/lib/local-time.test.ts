import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, localDate, localMonth, nextMonthStart } from './local-time.ts';

describe('local dates in a time zone', () => {
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

  it('keeps 23:30 on November 30 in São Paulo in November, though it is already December in UTC', () => {
    const lateOnTheLastDay = new Date('2026-12-01T02:30:00Z'); // 23:30 in São Paulo (UTC-3)
    expect(localDate(lateOnTheLastDay, 'America/Sao_Paulo')).toBe('2026-11-30');
    expect(localMonth(lateOnTheLastDay, 'America/Sao_Paulo')).toBe('2026-11');
    expect(localMonth(lateOnTheLastDay, 'UTC')).toBe('2026-12');
    // Half an hour later the São Paulo month turns too.
    expect(localMonth(new Date('2026-12-01T03:00:00Z'), 'America/Sao_Paulo')).toBe('2026-12');
  });

  it('follows New York across both DST changes', () => {
    // 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT (the day has 23 hours).
    expect(localDate(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('2026-03-08'); // 01:59 EST
    expect(localDate(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08'); // 03:00 EDT
    expect(localDate(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08'); // 23:59 EDT
    expect(localDate(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09'); // midnight EDT
    // 2026-11-01: clocks fall back from 02:00 EDT to 01:00 EST (the day has 25 hours).
    expect(localDate(new Date('2026-11-01T03:59:00Z'), 'America/New_York')).toBe('2026-10-31'); // 23:59 EDT
    expect(localDate(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01'); // 01:30 EDT
    expect(localDate(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01'); // 01:30 EST
    expect(localDate(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01'); // 23:59 EST
    expect(localDate(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02'); // midnight EST
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-03-01', -1)).toBe('2023-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11'); // a 23-hour day in New York is still one day
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02'); // and so is a 25-hour one
  });

  it('numbers consecutive dates consecutively', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2);
  });

  it('gives the first day of the next month, across a year end', () => {
    expect(nextMonthStart('2026-11')).toBe('2026-12-01');
    expect(nextMonthStart('2026-12')).toBe('2027-01-01');
    expect(nextMonthStart('2024-02')).toBe('2024-03-01');
  });
});
