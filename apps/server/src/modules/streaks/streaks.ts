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

/** What streaks need of the recorded days, kept per user (modules/journal-stats): the longest run and the latest. */
interface DaysSummary {
  longest: number;
  /** The latest recorded day, and the first day of the run of consecutive days ending there. */
  lastDay: string | null;
  lastRunStart: string | null;
}

/** The summary of recorded days (oldest first, distinct). */
export function summarizeDays(days: readonly string[]): DaysSummary {
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  let lastRunStart: string | null = null;
  for (const day of days) {
    const number = dayNumber(day);
    run = number === previous + 1 ? run + 1 : 1;
    if (run === 1) lastRunStart = day;
    previous = number;
    longest = Math.max(longest, run);
  }
  return { longest, lastDay: days.at(-1) ?? null, lastRunStart };
}

/**
 * Streaks from the summary, as computeStreaks would count them from every day. Only when the latest day is after
 * today (a server clock that moved back) does the summary not tell, and the caller counts from the days.
 */
export function streaksFromSummary(summary: DaysSummary, today: string): Streaks | undefined {
  const { lastDay, lastRunStart } = summary;
  if (lastDay === null || lastRunStart === null) return { current: 0, longest: 0, isTodayRecorded: false };
  const last = dayNumber(lastDay);
  const todayNumber = dayNumber(today);
  if (last > todayNumber) return undefined;
  const isAlive = last === todayNumber || last === todayNumber - 1;
  return {
    current: isAlive ? last - dayNumber(lastRunStart) + 1 : 0,
    longest: summary.longest,
    isTodayRecorded: last === todayNumber,
  };
}
