import { cachedFormat, type IsoDate } from '@/lib/dates';

/** Numbers and months of the rewards screens, with Intl like lib/dates.ts, in the app's language. */

const numbers = new Map<string, Intl.NumberFormat>();
const shortMonths = new Map<string, Intl.DateTimeFormat>();
const longMonths = new Map<string, Intl.DateTimeFormat>();

export const formatCount = (value: number) =>
  cachedFormat(numbers, (locale) => new Intl.NumberFormat(locale)).format(value);

/** The first day of a month, read at noon UTC so no time zone moves it. */
const monthNoon = (month: string) => new Date(`${month}-15T12:00:00Z`);

/** `2026-11` → "nov." (or "Nov"): the calendar's small month labels. */
export const formatShortMonth = (month: string) =>
  cachedFormat(shortMonths, (locale) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })).format(
    monthNoon(month),
  );

/** `2026-11` → "novembro de 2026" (or "November 2026"): a month's accessible name. */
export const formatLongMonth = (month: string) =>
  cachedFormat(
    longMonths,
    (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(monthNoon(month));

/** Day of the week of a calendar date, 0 = Sunday (the first column of the calendar, as pt-BR calendars start). */
export function weekdayOf(date: IsoDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
