import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Achievements earned (modules/rewards, docs/decisions/026). Which ones a user holds says something of their dreams
 * ("a nightmare recorded"), so the id is stored as its blind token under the user's index key. Earned once, kept.
 */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    achievementToken: text('achievement_token').notNull(),
    earnedAt: at('earned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementToken] })],
);

/**
 * Days that keep the streak without a recorded dream: a night marked without a recalled dream (`no_recall`) or a
 * missed day covered by a freeze (`freeze`). Plain local dates, as plain as the recorded days.
 */
export const userStreakDays = pgTable(
  'user_streak_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('user_streak_days_kind_check', sql`${t.kind} in ('no_recall', 'freeze')`),
  ],
);

/** Streak freezes (Lucid and Oracle): earned on a day the streak reached a multiple of 7, spent on a missed day. */
export const userStreakFreezes = pgTable(
  'user_streak_freezes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    spentOn: date('spent_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.earnedOn] })],
);
