import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The pattern charts' totals per user and bucket (an ISO week's Monday or a month's first day of `dreams.dreamt_on`,
 * the night's date already in the user's zone), recomputed from the bucket's live dreams in the same transaction as
 * every write that touches it (modules/patterns, docs/decisions/030), so a chart reads one row per bucket instead of
 * every dream of the period. As plain as the columns they count; tags are counted by their blind token.
 */
export const userDreamBuckets = pgTable(
  'user_dream_buckets',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** 'week' or 'month'. */
    grain: text('grain').notNull(),
    bucket: date('bucket', { mode: 'string' }).notNull(),
    dreams: integer('dreams').notNull(),
    lucid: integer('lucid').notNull(),
    luciditySum: integer('lucidity_sum').notNull(),
    nightmares: integer('nightmares').notNull(),
    moodSum: integer('mood_sum').notNull(),
    moodCount: integer('mood_count').notNull(),
    vividnessSum: integer('vividness_sum').notNull(),
    vividnessCount: integer('vividness_count').notNull(),
    /** Emotion → dreams that felt it. */
    emotions: jsonb('emotions').$type<Record<string, number>>().notNull(),
    /** `<sleepQuality>:<mood>` → dreams noting both. */
    moodSleep: jsonb('mood_sleep').$type<Record<string, number>>().notNull(),
    /** Blind tag token (decimal string) → dreams carrying it. */
    tags: jsonb('tags').$type<Record<string, number>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.grain, t.bucket] }),
    check('user_dream_buckets_grain_check', sql`${t.grain} in ('week', 'month')`),
  ],
);

/**
 * Dream signs a user pinned as their own (modules/patterns, issue 16). What the sign is (a symbol, a person, a tag, an
 * emotion…) says something of the user's dreams, so its label is sealed with the user's key and its identity kept as
 * a keyed hash under the user's index key (`sign_hash`), unique per user.
 */
export const dreamSignPins = pgTable(
  'dream_sign_pins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    signHash: text('sign_hash').notNull(),
    /** The sign's kind and key, sealed: JSON `{kind, key, label}`. */
    signEnc: bytea('sign_enc').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('dream_sign_pins_user_sign').on(t.userId, t.signHash)],
);

/**
 * 'Relatório do mês' (Oracle, issue 16): one report per user and month, written by the configured AI provider (or
 * the builtin statistics), sealed with the user's key like an analysis; regenerating replaces it. Which provider and
 * model wrote it is kept in the clear, as for analyses.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** YYYY-MM, the month in the user's zone (by the dreams' nights). */
    month: text('month').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    language: text('language').notNull(),
    /** Dreams of the month the report was written from. */
    dreamCount: integer('dream_count').notNull(),
    resultEnc: bytea('result_enc').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('monthly_reports_user_month').on(t.userId, t.month)],
);
