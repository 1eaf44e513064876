import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessages, chatThreads, chatUsage } from '../../db/schema/chat.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';

/** A conversation's row with what its answer names of its dream (the dream's sealed summary and night). */
export interface ThreadRow {
  id: string;
  kind: string;
  dreamId: string | null;
  titleEnc: Buffer;
  isTitleSet: boolean;
  summaryEnc: Buffer | null;
  summarizedThrough: number;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
  dreamSummaryEnc: Buffer | null;
  dreamtOn: string | null;
}

const threadColumns = {
  id: chatThreads.id,
  kind: chatThreads.kind,
  dreamId: chatThreads.dreamId,
  titleEnc: readBytea(chatThreads.titleEnc),
  isTitleSet: chatThreads.isTitleSet,
  summaryEnc: readNullableBytea(chatThreads.summaryEnc),
  summarizedThrough: chatThreads.summarizedThrough,
  messageCount: chatThreads.messageCount,
  createdAt: chatThreads.createdAt,
  updatedAt: chatThreads.updatedAt,
  dreamSummaryEnc: readNullableBytea(dreams.summaryEnc),
  dreamtOn: dreams.dreamtOn,
};

/**
 * The user's conversations that can be seen: journal ones, and those about a dream still in the journal (a dream in
 * the trash hides its conversations until it is restored; a purged one takes them with it, by the foreign key).
 */
const visibleOf = (userId: string) =>
  and(eq(chatThreads.userId, userId), or(isNull(chatThreads.dreamId), isNull(dreams.deletedAt)));

const withDream = () => and(eq(dreams.id, chatThreads.dreamId), eq(dreams.userId, chatThreads.userId));

export async function insertThreadRow(
  db: DbOrTx,
  row: {
    id: string;
    userId: string;
    kind: string;
    dreamId: string | null;
    titleEnc: Buffer;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(chatThreads).values({ ...row, updatedAt: row.createdAt });
}

/** One visible conversation of the user's (another user's id answers like one that does not exist). */
export async function findThreadRow(
  db: DbOrTx,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ThreadRow | undefined> {
  const query = db
    .select(threadColumns)
    .from(chatThreads)
    .leftJoin(dreams, withDream())
    .where(and(visibleOf(userId), eq(chatThreads.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: chatThreads }) : await query;
  return row;
}

/** The visible conversations, newest first (optionally only those about one dream). */
export async function listThreadRows(
  db: DbOrTx,
  userId: string,
  options: { dreamId?: string; limit: number },
): Promise<ThreadRow[]> {
  return db
    .select(threadColumns)
    .from(chatThreads)
    .leftJoin(dreams, withDream())
    .where(and(visibleOf(userId), options.dreamId ? eq(chatThreads.dreamId, options.dreamId) : undefined))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(options.limit);
}

/** Every conversation of the user, hidden ones too, oldest first (the data export). */
export async function listAllThreadRows(db: DbOrTx, userId: string): Promise<ThreadRow[]> {
  return db
    .select(threadColumns)
    .from(chatThreads)
    .leftJoin(dreams, withDream())
    .where(eq(chatThreads.userId, userId))
    .orderBy(asc(chatThreads.createdAt), asc(chatThreads.id));
}

export async function renameThreadRow(
  db: DbOrTx,
  userId: string,
  id: string,
  titleEnc: Buffer,
  now: Date,
): Promise<void> {
  await db
    .update(chatThreads)
    .set({ titleEnc, isTitleSet: true, updatedAt: now })
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, id)));
}

export async function deleteThreadRow(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(chatThreads).where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, id)));
}

/**
 * Erases every conversation of the user (their messages go by the foreign key); the usage rows stay. Also the
 * consent-off "delete past analyses" (docs/decisions/035).
 */
export async function deleteThreadRows(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(chatThreads).where(eq(chatThreads.userId, userId)).returning({ id: chatThreads.id });
  return rows.length;
}

export interface MessageRow {
  id: string;
  threadId: string;
  seq: number;
  role: string;
  provider: string | null;
  model: string | null;
  bodyEnc: Buffer;
  createdAt: Date;
}

const messageColumns = {
  id: chatMessages.id,
  threadId: chatMessages.threadId,
  seq: chatMessages.seq,
  role: chatMessages.role,
  provider: chatMessages.provider,
  model: chatMessages.model,
  bodyEnc: readBytea(chatMessages.bodyEnc),
  createdAt: chatMessages.createdAt,
};

/** A conversation's messages in order (`afterSeq`: only the later ones). */
export async function listMessageRows(
  db: DbOrTx,
  userId: string,
  threadIds: string[],
  options: { afterSeq?: number } = {},
): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  return db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.userId, userId),
        inArray(chatMessages.threadId, threadIds),
        options.afterSeq === undefined ? undefined : sql`${chatMessages.seq} > ${options.afterSeq}`,
      ),
    )
    .orderBy(asc(chatMessages.threadId), asc(chatMessages.seq));
}

/** Stores an answered turn: its two messages, the usage row and the conversation's new state. */
export async function insertTurn(
  db: DbOrTx,
  userId: string,
  turn: {
    threadId: string;
    messages: Omit<MessageRow, 'threadId'>[];
    usage: { provider: string; model: string; createdAt: Date };
    thread: {
      titleEnc?: Buffer;
      summaryEnc?: Buffer;
      summarizedThrough?: number;
      messageCount: number;
      updatedAt: Date;
    };
  },
): Promise<void> {
  await db
    .insert(chatMessages)
    .values(turn.messages.map((message) => ({ ...message, threadId: turn.threadId, userId })));
  await db.insert(chatUsage).values({ userId, ...turn.usage });
  await db
    .update(chatThreads)
    .set(turn.thread)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.id, turn.threadId)));
}

/** Serializes one user's sends until the transaction ends (the quota's count and its row are written under it). */
export async function lockChatUsage(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${userId}`}, 0))`);
}

/**
 * Messages answered between two local dates' starts in the user's zone ([from, to)), and the instant `to` starts
 * there (when the count resets). The zone's arithmetic is PostgreSQL's.
 */
export async function countUsage(
  db: DbOrTx,
  userId: string,
  period: { from: string; to: string; timeZone: string },
): Promise<{ used: number; resetsAt: Date }> {
  const start = sql`(${period.from}::date::timestamp at time zone ${period.timeZone}::text)`;
  const end = sql`(${period.to}::date::timestamp at time zone ${period.timeZone}::text)`;
  const result = await db.execute<{ used: number; resets_at: string | Date }>(sql`
    select
      (select count(*)::int from ${chatUsage}
        where ${chatUsage.userId} = ${userId}::uuid and ${chatUsage.createdAt} >= ${start} and ${chatUsage.createdAt} < ${end}) as used,
      ${end} as resets_at`);
  const row = result.rows[0];
  return { used: Number((row?.used as unknown) ?? 0), resetsAt: new Date(row?.resets_at ?? 0) };
}

// --- what the context reads of the journal ------------------------------------------------------------------------

const bigintArray = (tokens: string[]) => sql`${`{${tokens.join(',')}}`}::bigint[]`;

/** How many of the newest dreams the journal search scores first, and how many matches it scores at most after. */
const SEARCH_WINDOW = 1000;

/**
 * The user's live dreams holding most of the question's words (one group of tokens per word; a dream counts a word
 * when it holds any of its forms), newest night first on ties. The newest SEARCH_WINDOW dreams are scored first
 * (common words fill the answer there, read in index order); when they hold fewer than `limit` matches, the words are
 * rare and the GIN index finds every match in the journal, the newest SEARCH_WINDOW of them scored.
 */
export async function searchDreamIds(
  db: DbOrTx,
  userId: string,
  groups: string[][],
  limit: number,
): Promise<{ id: string; hits: number }[]> {
  if (groups.length === 0) return [];
  const all = bigintArray([...new Set(groups.flat())]);
  const hits = sql.join(
    groups.map((group) => sql`(search_tokens && ${bigintArray(group)})::int`),
    sql` + `,
  );
  const read = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ id: string; hits: number }>(query)).rows.map((row) => ({
      id: row.id,
      hits: Number(row.hits as unknown),
    }));
  const recent = await read(sql`
    with recent as (
      select ${dreams.id} as id, ${dreams.dreamtOn} as dreamt_on, ${dreams.recordedAt} as recorded_at, ${dreams.searchTokens} as search_tokens
      from ${dreams}
      where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null
      order by ${dreams.dreamtOn} desc, ${dreams.recordedAt} desc, ${dreams.id} desc
      limit ${SEARCH_WINDOW}
    )
    select id, ${hits} as hits from recent where search_tokens && ${all}
    order by 2 desc, dreamt_on desc, recorded_at desc, id desc limit ${limit}`);
  if (recent.length >= limit) return recent;
  return read(sql`
    with matches as materialized (
      select ${dreams.id} as id, ${dreams.dreamtOn} as dreamt_on, ${dreams.recordedAt} as recorded_at
      from ${dreams}
      where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null and ${dreams.searchTokens} && ${all}
      order by ${dreams.dreamtOn} desc, ${dreams.recordedAt} desc, ${dreams.id} desc
      limit ${SEARCH_WINDOW}
    )
    select matches.id as id, ${hits} as hits from matches join ${dreams} on ${dreams.id} = matches.id
    order by 2 desc, matches.dreamt_on desc, matches.recorded_at desc, matches.id desc limit ${limit}`);
}

/** The user's newest live dreams' ids, journal order. */
export async function newestDreamIds(db: DbOrTx, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: dreams.id })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt)))
    .orderBy(desc(dreams.dreamtOn), desc(dreams.recordedAt), desc(dreams.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What a conversation's context opens of these live dreams of the user (unknown or others' ids are left out). */
export async function listContextDreamRows(db: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: dreams.id,
      titleEnc: readBytea(dreams.titleEnc),
      contentEnc: readBytea(dreams.contentEnc),
      notesEnc: readNullableBytea(dreams.notesEnc),
      tagsEnc: readBytea(dreams.tagsEnc),
      dreamtOn: dreams.dreamtOn,
      mood: dreams.mood,
      emotions: dreams.emotions,
      lucidity: dreams.lucidity,
      vividness: dreams.vividness,
      isNightmare: dreams.isNightmare,
      isRecurring: dreams.isRecurring,
    })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), inArray(dreams.id, ids)));
}

/** The live dreams among these (an answer's references name only dreams still in the journal). */
export async function listLiveDreamSummaries(db: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: dreams.id, dreamtOn: dreams.dreamtOn, summaryEnc: readBytea(dreams.summaryEnc) })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), inArray(dreams.id, ids)));
}
