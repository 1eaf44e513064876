import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Each user's journal aggregates, kept in step with the dreams and analyses in the same transaction as every write
 * (modules/journal-stats, docs/decisions/021), so the dashboard and the analyses' stats never scan a journal. The
 * counts and days are as plain as the columns they count (dreams.recorded_at, the rows themselves); the analysis
 * tally (symbols, themes, emotions, dream types) is the user's words, so it is sealed with the user's key.
 */
export const userJournalStats = pgTable('user_journal_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  /**
   * False until the aggregates were computed from the user's rows (a row a write created for a user who had data
   * before these aggregates existed): the first read recounts, under this row's lock.
   */
  isBuilt: boolean('is_built').notNull().default(false),
  /** Live dreams. */
  dreamCount: integer('dream_count').notNull().default(0),
  /** Live dreams with every detail filled (mood, vividness, sleep quality, an emotion, a tag): levels' XP. */
  detailedDreamCount: integer('detailed_dream_count').notNull().default(0),
  /** Analyses of live dreams. */
  analysisCount: integer('analysis_count').notNull().default(0),
  /** The zone user_recorded_days is in; a read under another zone (the profile's changed) rebuilds the days. */
  daysTimeZone: text('days_time_zone').notNull().default('America/Sao_Paulo'),
  /**
   * Longest run of consecutive streak days (recorded days and user_streak_days: no-recall nights, freezes); the
   * latest streak day and the first day of the run ending there.
   */
  longestStreak: integer('longest_streak').notNull().default(0),
  lastDay: date('last_day', { mode: 'string' }),
  lastRunStart: date('last_run_start', { mode: 'string' }),
  /**
   * The analysis tally, sealed (AES-256-GCM, bound to the user): null until first built from the analyses (then the
   * first read of the stats builds it); writes keep it in step once built.
   */
  analysisTallyEnc: bytea('analysis_tally_enc'),
  /**
   * False until user_dream_buckets were computed from the user's dreams (journals written before them): the first
   * read of the charts builds them, under this row's lock (docs/decisions/030).
   */
  areBucketsBuilt: boolean('are_buckets_built').notNull().default(false),
  /** Bumped on every change of the tally: the per-instance cache of the opened tally checks it. */
  tallyVersion: integer('tally_version').notNull().default(0),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The days (in user_journal_stats.days_time_zone) on which the user recorded live dreams that count for streaks
 * (imported dreams do not), with how many: streaks are computed from these rows, a few hundred per year at most.
 */
export const userRecordedDays = pgTable(
  'user_recorded_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dreamCount: integer('dream_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
