// Streaks, without a database: the days come in as 'YYYY-MM-DD' strings already computed in the user's time zone.

import { dayNumber } from '../../lib/local-time.ts';

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
