import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Instance-wide facts (e.g. when this installation was created). Also the first table every migration run touches. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
