// Calendar dates in a user's time zone, the one place the server turns an instant into a local date or month.
// Dates are 'YYYY-MM-DD' strings and months 'YYYY-MM': once an instant is placed in its zone, the arithmetic is on
// calendar dates, so it never meets a DST transition (a calendar day is one day, 23 h or 25 h long).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone (an IANA name such as 'America/Sao_Paulo'). */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA formats a date as 'YYYY-MM-DD' already; the parts are the fallback should a locale update ever change it.
  const formatted = formatterFor(timeZone).format(instant);
  if (ISO_DATE.test(formatted)) return formatted;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar month ('YYYY-MM') of an instant in a time zone. */
export function localMonth(instant: Date, timeZone: string): string {
  return localDate(instant, timeZone).slice(0, 7);
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date: consecutive dates are consecutive numbers. */
export function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The calendar date `days` after (or, negative, before) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The first date ('YYYY-MM-DD') of the month after `month` ('YYYY-MM'). */
export function nextMonthStart(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
}
