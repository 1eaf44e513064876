import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { dreams } from './dreams.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Conversations of the chat about dreams (issue 17, docs/decisions/035): `dream` (about one dream, deleted with it)
 * or `journal` (about the whole journal). The title and the running summary of older turns are sealed with the
 * user's key; counts and times are in the clear.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** 'dream' or 'journal'. */
    kind: text('kind').notNull(),
    dreamId: uuid('dream_id').references(() => dreams.id, { onDelete: 'cascade' }),
    titleEnc: bytea('title_enc').notNull(),
    /** True once the user renamed it (the first message no longer names it). */
    isTitleSet: boolean('is_title_set').notNull().default(false),
    /** Sealed summary of the turns before `summarized_through` (long conversations stay within the token budget). */
    summaryEnc: bytea('summary_enc'),
    summarizedThrough: integer('summarized_through').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('chat_threads_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index('chat_threads_dream_idx').on(t.dreamId),
  ],
);

/** One turn of a conversation, sealed (JSON `{content, dreamRefs, distress}`); `seq` orders it in its thread. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** 'user' or 'assistant'. */
    role: text('role').notNull(),
    /** Assistant turns: who answered. */
    provider: text('provider'),
    model: text('model'),
    bodyEnc: bytea('body_enc').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('chat_messages_thread_seq').on(t.threadId, t.seq)],
);

/**
 * One row per message sent and answered (the quota and the fair use count these, not characters). Kept when a
 * conversation is deleted, so deleting does not give quota back; erased with the account.
 */
export const chatUsage = pgTable(
  'chat_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('chat_usage_user_created_idx').on(t.userId, t.createdAt.desc())],
);
