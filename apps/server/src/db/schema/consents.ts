import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * LGPD/GDPR consent records: one row per purpose and grant, with the exact text and its version. Withdrawal sets
 * withdrawn_at instead of deleting, so the history of what was agreed stays provable.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** One of CONSENT_PURPOSES (packages/contracts/src/consents.ts). */
    purpose: text('purpose').notNull(),
    text: text('text').notNull(),
    textVersion: text('text_version').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** False records a "no" to the question (a Google user asked after sign-in): an answer, not a consent. */
    isGranted: boolean('is_granted').notNull().default(true),
    /** Where it was answered: 'signup', 'prompt' (asked in the app), 'settings'. */
    source: text('source').notNull(),
  },
  (t) => [index('consents_user_id_idx').on(t.userId)],
);
