import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { bytea } from './user-keys.ts';

/**
 * Blind tokens (signed 64-bit integers, see modules/dreams/dreams.search.ts) as decimal strings: JavaScript
 * numbers cannot hold them, and node-postgres and PGlite disagree on how they return int8 arrays.
 */
const blindTokens = customType<{ data: string[]; driverData: string | (string | number | bigint)[] }>({
  dataType: () => 'bigint[]',
  toDriver: (value) => `{${value.join(',')}}`,
  fromDriver: (value) =>
    Array.isArray(value)
      ? value.map(String)
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean),
});

/** One blind token (a tag's), as a decimal string. */
const blindToken = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
});

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Dreams. The text a user wrote (title, content, notes, tag names) is only stored sealed with the user's key
 * (AES-256-GCM, bound to `dream:<id>:<field>` and the user); search goes through keyed blind tokens. A delete is
 * soft for ten minutes (undo), then the sweeper removes the row (docs/decisions/006).
 */
export const dreams = pgTable(
  'dreams',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    titleEnc: bytea('title_enc').notNull(),
    isTitleDerived: boolean('is_title_derived').notNull().default(false),
    contentEnc: bytea('content_enc').notNull(),
    notesEnc: bytea('notes_enc'),
    /** The tag names, as a sealed JSON array. */
    tagsEnc: bytea('tags_enc').notNull(),
    /**
     * What a list shows (title, excerpt, tags), sealed as one JSON blob and rewritten with the text: a page of
     * the journal then opens one small blob per dream instead of three, and never reads whole contents.
     */
    summaryEnc: bytea('summary_enc').notNull(),
    /** tagToken of each tag: exact, accent- and case-insensitive tag filters. */
    tagTokens: blindTokens('tag_tokens')
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** documentTokens of title, content and notes: word search. */
    searchTokens: blindTokens('search_tokens')
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /**
     * The SEARCH_INDEX_VERSION (modules/dreams/dreams.search.ts) `search_tokens` were made with. Rows from before a
     * stemmer change hold an older one until the reindex (dreams.reindex.ts) rewrites their tokens (decision 079).
     */
    searchVersion: smallint('search_version').notNull().default(1),
    dreamtOn: date('dreamt_on', { mode: 'string' }).notNull(),
    recordedAt: at('recorded_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    mood: smallint('mood'),
    emotions: text('emotions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lucidity: smallint('lucidity').notNull().default(0),
    vividness: smallint('vividness'),
    sleepQuality: smallint('sleep_quality'),
    isNightmare: boolean('is_nightmare').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    version: integer('version').notNull().default(1),
    /** The client's Idempotency-Key of the POST that created the row: a retried POST finds it here. */
    idempotencyKey: text('idempotency_key'),
    deletedAt: at('deleted_at'),
    purgeAfter: at('purge_after'),
  },
  (t) => [
    unique('dreams_user_id_idempotency_key_key').on(t.userId, t.idempotencyKey),
    // The journal's order (newest night first) is this index read backwards; cursor pages walk it.
    index('dreams_user_id_list_idx')
      .on(t.userId, t.dreamtOn, t.recordedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // fastupdate off: PGlite has no autovacuum to merge GIN's pending list, which every search would then scan
    // (up to 4 MB); a journal writes rarely, so updating the index in place costs little.
    index('dreams_search_tokens_idx').using('gin', t.searchTokens).with({ fastupdate: false }),
    index('dreams_tag_tokens_idx').using('gin', t.tagTokens).with({ fastupdate: false }),
    // The rows the reindex has left to rewrite: empty once it is done, so a start finds that out at no cost. Its
    // bound is SEARCH_INDEX_VERSION: a new version moves it in the same migration (decision 079).
    index('dreams_search_reindex_idx')
      .on(t.id)
      .where(sql`${t.searchVersion} < 2`),
    index('dreams_purge_after_idx')
      .on(t.purgeAfter)
      .where(sql`${t.purgeAfter} is not null`),
    // The achievements' bounded counts (modules/rewards): `limit target` over the live dreams of each kind.
    index('dreams_user_id_lucid_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null and ${t.lucidity} > 0`),
    index('dreams_user_id_nightmare_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null and ${t.isNightmare}`),
    index('dreams_user_id_recurring_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null and ${t.isRecurring}`),
  ],
);

/**
 * Each user's tags with how many live dreams carry them, kept in step with the dreams in the same transaction,
 * so tag suggestions never decrypt the whole journal. The name is the latest spelling used, sealed.
 */
export const userTags = pgTable(
  'user_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tagToken: blindToken('tag_token').notNull(),
    nameEnc: bytea('name_enc').notNull(),
    useCount: integer('use_count').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagToken] })],
);
