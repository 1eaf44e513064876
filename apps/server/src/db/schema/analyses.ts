import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { dreams } from './dreams.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Stored analyses. The result (which quotes and interprets the dream) is sealed with the user's key like dream text,
 * bound to `analysis:<id>` and the dream. Which provider and model saw the text is kept in the clear: the user is
 * shown it, and an operator must be able to answer "which provider saw my dreams" (LGPD). Purging a dream removes
 * its analyses; the quota count lives in analysis_usage, so deleting dreams does not give quota back.
 */
export const dreamAnalyses = pgTable(
  'dream_analyses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    dreamId: uuid('dream_id')
      .notNull()
      .references(() => dreams.id, { onDelete: 'cascade' }),
    /** The dream's version the provider read. */
    dreamVersion: integer('dream_version').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    language: text('language').notNull(),
    /** One of ANALYSIS_CHARGES. */
    charge: text('charge').notNull(),
    resultEnc: bytea('result_enc').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('dream_analyses_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('dream_analyses_dream_idx').on(t.dreamId, t.createdAt.desc()),
    unique('dream_analyses_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

/**
 * One row per analysis ever charged, kept when the analysis or its dream is deleted: the month's quota counts these
 * rows. `month` is the calendar month (YYYY-MM) in the user's time zone at the moment of the charge.
 */
export const analysisUsage = pgTable(
  'analysis_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id').notNull(),
    month: text('month').notNull(),
    charge: text('charge').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('analysis_usage_user_month_idx').on(t.userId, t.month)],
);

/**
 * The credit ledger: immutable rows (a trigger refuses UPDATE), balance = sum(amount), never negative (the service
 * takes the user's profile row lock before a debit). Every row has a globally unique idempotency key
 * (`welcome:<user>`, `analysis:<analysis id>`…), so a reward or a charge can never be written twice.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** One of LEDGER_REASONS. */
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('credit_ledger_idempotency_key'),
    analysisId: uuid('analysis_id'),
    /**
     * What a reward was for (the day, the streak's days, the achievement), sealed with the user's key and bound to
     * the row's idempotency key (modules/rewards); null for the other reasons.
     */
    detailEnc: bytea('detail_enc'),
    createdAt: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('credit_ledger_user_created_idx').on(t.userId, t.createdAt, t.id)],
);
