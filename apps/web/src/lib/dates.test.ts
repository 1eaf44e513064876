import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  browserTimeZone,
  dateIn,
  daysAgo,
  formatDate,
  formatDateTime,
  formatListDate,
  isIsoDate,
  lastNightIn,
  setFormatLocale,
  todayIn,
} from './dates';

// 02:30 UTC on 14 March 2026: still the 13th in São Paulo (UTC-3), already the 14th in Lisbon and Tokyo.
const EARLY_UTC = new Date('2026-03-14T02:30:00Z');

describe('dates (Intl only)', () => {
  it("reuses the browser's time zone for a minute, then sees where the device has moved", () => {
    const deviceZone = process.env.TZ;
    // Far from any earlier lookup in this file, so the first call below looks the zone up.
    const start = Date.now() + 3_600_000;
    try {
      process.env.TZ = 'America/Sao_Paulo';
      expect(browserTimeZone(start)).toBe('America/Sao_Paulo');
      process.env.TZ = 'Asia/Tokyo';
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
      expect(browserTimeZone(start + 59_999)).toBe('America/Sao_Paulo');
      expect(browserTimeZone(start + 60_000)).toBe('Asia/Tokyo');
      // A clock set back is no reason to trust an old lookup.
      process.env.TZ = 'Europe/Lisbon';
      expect(browserTimeZone(start - 1)).toBe('Europe/Lisbon');
    } finally {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    }
  });

  it("gives the calendar date of an instant in the user's zone, not the device's", () => {
    expect(dateIn('America/Sao_Paulo', EARLY_UTC)).toBe('2026-03-13');
    expect(dateIn('Europe/Lisbon', EARLY_UTC)).toBe('2026-03-14');
    expect(todayIn('Asia/Tokyo', EARLY_UTC)).toBe('2026-03-14');
  });

  it('takes last night to be the day before today in that zone', () => {
    expect(lastNightIn('America/Sao_Paulo', EARLY_UTC)).toBe('2026-03-12');
    expect(lastNightIn('Europe/Lisbon', EARLY_UTC)).toBe('2026-03-13');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('formats calendar dates in pt-BR without slipping a day', () => {
    expect(formatDate('2026-03-13', 'long')).toBe('sexta-feira, 13 de março de 2026');
    expect(formatDate('2026-03-13', 'medium')).toBe('13 de mar. de 2026');
    expect(formatDate('2026-01-01', 'short')).toBe('qui., 1 de jan.');
  });

  it('leaves the year out of list dates of the current year', () => {
    expect(formatListDate('2026-03-10', 'America/Sao_Paulo', EARLY_UTC)).toBe('ter., 10 de mar.');
    expect(formatListDate('2025-12-30', 'America/Sao_Paulo', EARLY_UTC)).toBe('30 de dez. de 2025');
  });

  it("formats an instant as date and time in the user's zone", () => {
    expect(formatDateTime('2026-03-14T09:12:00Z', 'America/Sao_Paulo')).toBe('14 de mar. de 2026, 06:12');
  });

  it('counts days ago and recognises ISO dates', () => {
    expect(daysAgo('2026-03-12', 'America/Sao_Paulo', EARLY_UTC)).toBe(1);
    expect(daysAgo('2026-03-14', 'America/Sao_Paulo', EARLY_UTC)).toBe(-1);
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-2-28')).toBe(false);
    expect(isIsoDate('ontem')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('dates in English (the app language switched in settings)', () => {
  afterEach(() => setFormatLocale('pt-BR'));

  it('formats calendar dates, list dates and instants in English', () => {
    setFormatLocale('en');
    expect(formatDate('2026-03-13', 'long')).toBe('Friday, March 13, 2026');
    expect(formatDate('2026-03-13', 'medium')).toBe('Mar 13, 2026');
    expect(formatDate('2026-01-01', 'short')).toBe('Thu, Jan 1');
    expect(formatListDate('2025-12-30', 'America/Sao_Paulo', EARLY_UTC)).toBe('Dec 30, 2025');
    // ICU puts a narrow no-break space before AM/PM.
    expect(formatDateTime('2026-03-14T09:12:00Z', 'America/Sao_Paulo').replace(/\s/g, ' ')).toBe(
      'Mar 14, 2026, 6:12 AM',
    );
  });

  it('goes back to pt-BR', () => {
    setFormatLocale('en');
    setFormatLocale('pt-BR');
    expect(formatDate('2026-03-13', 'medium')).toBe('13 de mar. de 2026');
  });
});
