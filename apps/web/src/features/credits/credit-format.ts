import { cachedFormat } from '@/lib/dates';

/**
 * Numbers and months on the credits screen, with Intl like lib/dates.ts (no library). A month travels as
 * `YYYY-MM` (the quota's `month`); its name is read at mid-month noon UTC so no time zone moves it.
 */

// In the app's language, as lib/dates.ts: "1.234" in pt-BR, "1,234" in English.
const numbers = new Map<string, Intl.NumberFormat>();
const signedNumbers = new Map<string, Intl.NumberFormat>();
const monthNames = new Map<string, Intl.DateTimeFormat>();

export const formatCount = (value: number) =>
  cachedFormat(numbers, (locale) => new Intl.NumberFormat(locale)).format(value);

/** A ledger amount with its sign: "+10", "-10". */
export const formatSignedAmount = (value: number) =>
  cachedFormat(signedNumbers, (locale) => new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' })).format(value);

/** `2026-11` → "novembro" (or "November"). */
export const formatMonthName = (month: string) =>
  cachedFormat(monthNames, (locale) => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })).format(
    new Date(`${month}-15T12:00:00Z`),
  );
