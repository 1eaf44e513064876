import { randomInt } from 'node:crypto';
import { addDays, localDate } from '../../lib/local-time.ts';

// When reminders fire (docs/decisions/037): a local date and a local 'HH:MM' in the user's zone, turned into an
// instant. The arithmetic is on calendar dates, so a day that is 23 or 25 hours long still gets its one reminder.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local wall clock of an instant in a zone, as minutes since 1970-01-01 00:00 local (comparable numbers). */
function wallMinutes(instant: number, timeZone: string): number {
  let format = wallFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return (
    Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0) / MINUTE_MS
  );
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

const formatLocalTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The instant of a local date and time in a zone. A time that happens twice (the hour repeated when clocks go back)
 * is its first occurrence; a time that does not happen (the hour skipped when clocks go forward) is the first
 * instant after the gap, the moment the clocks jump.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, mo - 1, d) / MINUTE_MS + minutesOf(time);
  const asUtc = wanted * MINUTE_MS;
  // The zone's offsets around that day (at most two: before and after a transition).
  const offsets = new Set(
    [asUtc - 36 * HOUR_MS, asUtc, asUtc + 36 * HOUR_MS].map((t) => wallMinutes(t, timeZone) * MINUTE_MS - t),
  );
  const matches = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((t) => wallMinutes(t, timeZone) === wanted)
    .sort((a, b) => a - b);
  if (matches[0] !== undefined) return new Date(matches[0]);
  // In a gap: the first minute whose local time is past the wanted one, between the two readings of it.
  const candidates = [...offsets].map((offset) => asUtc - offset).sort((a, b) => a - b);
  let low = candidates[0] ?? asUtc;
  let high = candidates.at(-1) ?? asUtc;
  while (high - low > MINUTE_MS) {
    const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallMinutes(mid, timeZone) > wanted) high = mid;
    else low = mid;
  }
  return new Date(high);
}

/** The first occurrence of local `time` strictly after `after`. */
export function nextDailyAt(after: Date, time: string, timeZone: string): Date {
  let date = addDays(localDate(after, timeZone), -1);
  for (let i = 0; i < 4; i += 1) {
    const instant = zonedInstant(date, time, timeZone);
    if (instant > after) return instant;
    date = addDays(date, 1);
  }
  throw new Error(`no occurrence of ${time} in ${timeZone} after ${after.toISOString()}`);
}

export interface RealityWindow {
  count: number;
  from: string;
  to: string;
}

/**
 * The local time of reality check `slot` on one day: the window is cut into `count` equal parts and each check falls
 * at a random minute of its own part, so they are unpredictable but never bunched together.
 */
/** A random integer in [min, max). */
type RandomPick = (min: number, max: number) => number;
const randomPick: RandomPick = (min, max) => randomInt(min, max);

export function randomRealityTime(window: RealityWindow, slot: number, pick: RandomPick = randomPick): string {
  const from = minutesOf(window.from);
  const length = minutesOf(window.to) - from;
  const start = from + Math.floor((length * slot) / window.count);
  const end = from + Math.floor((length * (slot + 1)) / window.count);
  return formatLocalTime(start + (end > start ? pick(0, end - start) : 0));
}

/**
 * The next reality check of `slot` strictly after `after`, on `fromDate` or a later local date (the day after the one
 * just fired, so a slot fires once a day): that day's random time if still ahead, else a later day's.
 */
export function nextRealityCheck(
  after: Date,
  window: RealityWindow,
  slot: number,
  timeZone: string,
  options: { fromDate?: string; pick?: RandomPick } = {},
): Date {
  const today = localDate(after, timeZone);
  let date = options.fromDate && options.fromDate > today ? options.fromDate : today;
  const pick = options.pick ?? randomPick;
  for (let i = 0; i < 3; i += 1) {
    const instant = zonedInstant(date, randomRealityTime(window, slot, pick), timeZone);
    if (instant > after) return instant;
    date = addDays(date, 1);
  }
  throw new Error(`no reality check after ${after.toISOString()}`);
}
