import { sql, type SQL } from 'drizzle-orm';
import { customType, pgTable, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * bytea as a Buffer with both drivers. Written as base64 text that the database decodes: PGlite's own bytea
 * encoding and parsing walk every byte in JavaScript (a 1 KB blob costs more than the query around it), while
 * Buffer's base64 is native. Read large or many blobs with `readBytea`, for the same reason.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => sql`decode(${value.toString('base64')}, 'base64')`,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** A NOT NULL bytea column selected as base64 text and decoded natively (see `bytea`). */
export function readBytea(column: AnyPgColumn): SQL<Buffer> {
  return sql`encode(${column}, 'base64')`.mapWith((value: string) => Buffer.from(value, 'base64'));
}

/** A nullable bytea column, read like `readBytea` (NULL stays null: drizzle does not map nulls). */
export function readNullableBytea(column: AnyPgColumn): SQL<Buffer | null> {
  return sql`encode(${column}, 'base64')`.mapWith((value: string) => Buffer.from(value, 'base64'));
}

/**
 * Each user's data key, sealed under the server's master key (AES-256-GCM, bound to the user id). Deleting the
 * row (the account) makes every encrypted dream of that user unreadable, backups included.
 */
export const userKeys = pgTable('user_keys', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  wrappedKey: bytea('wrapped_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
