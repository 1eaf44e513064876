import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { dreams } from './dreams.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Messages to support ('Ajuda', modules/support, docs/decisions/027). Subject, message and answer are what a user
 * wrote about themselves (often about a dream), so they are sealed with the user's key like dream text; the
 * operator's tool opens them with the server's key ring. Oracle's are priority.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    subjectEnc: bytea('subject_enc').notNull(),
    messageEnc: bytea('message_enc').notNull(),
    dreamId: uuid('dream_id').references(() => dreams.id, { onDelete: 'set null' }),
    isPriority: boolean('is_priority').notNull(),
    /** The plan when it was sent. */
    plan: text('plan').notNull(),
    /** One of SUPPORT_STATUSES. */
    status: text('status').notNull(),
    answerEnc: bytea('answer_enc'),
    answeredAt: at('answered_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.createdAt.desc()),
    index('support_messages_open_idx').on(t.status, t.isPriority.desc(), t.createdAt),
  ],
);
