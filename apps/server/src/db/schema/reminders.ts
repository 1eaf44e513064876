import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { bytea } from './user-keys.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A browser's Web Push subscription (modules/reminders, docs/decisions/037). The endpoint URL and its keys identify
 * the person's device at their push service, so they are sealed with the user's key (JSON `{endpoint, keys}`); the
 * row's identity is a keyed hash of the endpoint under the user's index key (`endpoint_hash`), unique per user.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    endpointHash: text('endpoint_hash').notNull(),
    subscriptionEnc: bytea('subscription_enc').notNull(),
    createdAt: at('created_at').notNull(),
    lastSentAt: at('last_sent_at'),
  },
  (t) => [unique('push_subscriptions_user_endpoint').on(t.userId, t.endpointHash)],
);

/** What a user chose in 'Lembretes': times are local 'HH:MM' in the profile's time zone. One row per user. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    isMorningEnabled: boolean('is_morning_enabled').notNull(),
    morningTime: text('morning_time').notNull(),
    isRealityCheckEnabled: boolean('is_reality_check_enabled').notNull(),
    realityCheckCount: integer('reality_check_count').notNull(),
    realityCheckFrom: text('reality_check_from').notNull(),
    realityCheckTo: text('reality_check_to').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('reminder_settings_count_check', sql`${t.realityCheckCount} between 1 and 12`),
    check('reminder_settings_window_check', sql`${t.realityCheckFrom} < ${t.realityCheckTo}`),
  ],
);

/**
 * The schedule: when each reminder fires next (`morning` slot 0; `reality` slots 0..count-1, one per part of the
 * day's window). Every instance's scheduler claims due rows with FOR UPDATE SKIP LOCKED and moves `fire_at` to the
 * next occurrence in the same transaction, so a reminder fires once across instances and survives restarts.
 */
export const reminderSchedule = pgTable(
  'reminder_schedule',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** 'morning' or 'reality'. */
    kind: text('kind').notNull(),
    slot: integer('slot').notNull(),
    fireAt: at('fire_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.slot] }),
    index('reminder_schedule_fire_at_idx').on(t.fireAt),
    check('reminder_schedule_kind_check', sql`${t.kind} in ('morning', 'reality')`),
  ],
);
