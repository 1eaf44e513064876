import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * The app's settings for a user, one row per user, created with these defaults on first access. The time zone
 * decides "today" for streaks and "last night" for a new dream; `is_time_zone_set` stays false until the user (or
 * the web app, from the browser's zone on first sign-in) sets one.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  isTimeZoneSet: boolean('is_time_zone_set').notNull().default(false),
  locale: text('locale').notNull().default('pt-BR'),
  theme: text('theme').notNull().default('dark'),
  /** One of PLANS (packages/contracts/src/profile.ts). */
  plan: text('plan').notNull().default('dreamer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
