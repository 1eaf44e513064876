// Calendar days and streaks, without a database: the days come in as 'YYYY-MM-DD' strings already computed in the
// user's time zone, so this arithmetic never meets a DST transition (a calendar day is a day, 23 h or 25 h long).

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date. */
function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

export interface Streaks {
  /** Consecutive counted days ending today, or yesterday when today has nothing yet. */
  current: number;
  longest: number;
  isTodayRecorded: boolean;
}

/**
 * Streaks from the distinct days on which something was recorded (any order, duplicates allowed) and today's
 * date, both in the user's time zone.
 */
export function computeStreaks(days: readonly string[], today: string): Streaks {
  const numbers = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  const todayNumber = dayNumber(today);
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  let current = 0;
  for (const day of numbers) {
    // Only a server clock that moved back can leave a day after today; it cannot extend today's streak.
    if (day > todayNumber) break;
    run = day === previous + 1 ? run + 1 : 1;
    previous = day;
    longest = Math.max(longest, run);
  }
  if (previous === todayNumber || previous === todayNumber - 1) current = run;
  return { current, longest, isTodayRecorded: previous === todayNumber };
}
