/**
 * The project's one way to handle dates (docs/decisions/007): Intl only, no date library. Calendar dates
 * travel as ISO strings (`2026-03-14`, what the API's `dreamtOn` is); "today" and "last night" depend on the
 * user's time zone, never on the device's UTC offset arithmetic.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/**
 * The language dates and numbers are written in: the app's (lib/preferences.ts sets it with i18next's).
 * A module variable rather than an import of i18n, so these helpers stay free of the i18n runtime.
 */
let formatLocale = 'pt-BR';

export function setFormatLocale(locale: string) {
  formatLocale = locale;
}

/** The locale Intl formats in now ('pt-BR' or 'en'). */
export const currentFormatLocale = () => formatLocale;

/** One Intl formatter per locale and options, built on first use (they are costly to create). */
export function cachedFormat<F>(cache: Map<string, F>, create: (locale: string) => F): F {
  let format = cache.get(formatLocale);
  if (!format) {
    format = create(formatLocale);
    cache.set(formatLocale, format);
  }
  return format;
}

/** How long a looked-up browser time zone is reused: a device that moves to another zone is seen within this. */
const BROWSER_ZONE_TTL_MS = 60_000;
let browserZone: { zone: string; at: number } | undefined;

/**
 * The browser's IANA time zone (what a first sign-in stores in the profile). Looking it up builds an
 * Intl.DateTimeFormat, a few milliseconds on a slow phone, and every screen asks on each render until the profile
 * has its zone (hooks/use-time-zone.ts): so a lookup is reused for a minute.
 */
export function browserTimeZone(now: number = Date.now()): string {
  if (browserZone && now - browserZone.at >= 0 && now - browserZone.at < BROWSER_ZONE_TTL_MS) return browserZone.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // An engine without time zone data: UTC.
  }
  browserZone = { zone, at: now };
  return zone;
}

const isoParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone. */
export function dateIn(timeZone: string, instant: Date = new Date()): IsoDate {
  let format = isoParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoParts.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export const todayIn = (timeZone: string, now: Date = new Date()): IsoDate => dateIn(timeZone, now);

export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The night a dream recorded now most likely happened on: yesterday's date in the user's zone. */
export const lastNightIn = (timeZone: string, now: Date = new Date()): IsoDate => addDays(todayIn(timeZone, now), -1);

export const isIsoDate = (value: unknown): value is IsoDate =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Noon UTC of a calendar date: formatting it in UTC never slips to the day before or after. */
const utcNoon = (date: IsoDate) => new Date(`${date}T12:00:00Z`);

const dateStyles = {
  /** sexta-feira, 13 de março de 2026 · Friday, March 13, 2026 */
  long: { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 13 de mar. de 2026 · Mar 13, 2026 */
  medium: { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' },
  /** sex., 13 de mar. · Fri, Mar 13 */
  short: { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

const dateFormats = new Map<string, Record<DateStyle, Intl.DateTimeFormat>>();

/** A calendar date in words, in the app's language. */
export function formatDate(date: IsoDate, style: DateStyle = 'medium'): string {
  const formats = cachedFormat(dateFormats, (locale) => ({
    long: new Intl.DateTimeFormat(locale, dateStyles.long),
    medium: new Intl.DateTimeFormat(locale, dateStyles.medium),
    short: new Intl.DateTimeFormat(locale, dateStyles.short),
  }));
  return formats[style].format(utcNoon(date));
}

/** A date for lists: with the year only when it is not this year's (in the user's zone). */
export function formatListDate(date: IsoDate, timeZone: string, now: Date = new Date()): string {
  return date.slice(0, 4) === todayIn(timeZone, now).slice(0, 4)
    ? formatDate(date, 'short')
    : formatDate(date, 'medium');
}

/** An instant (ISO date-time) as date and time in the user's zone: "14 de mar. de 2026, 06:12". */
export function formatDateTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(formatLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(instant),
  );
}

/** How many days a calendar date lies before today (0 today, 1 yesterday); negative in the future. */
export function daysAgo(date: IsoDate, timeZone: string, now: Date = new Date()): number {
  return Math.round((utcNoon(todayIn(timeZone, now)).getTime() - utcNoon(date).getTime()) / 86_400_000);
}
