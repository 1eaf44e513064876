import type {
  DeleteDreamResponse,
  Dream,
  DreamListItem,
  listDreamsQuerySchema,
  ListDreamsResponse,
  TagsResponse,
  updateDreamSchema,
} from '@sonhario/contracts/dreams';
import { DREAM_LIMITS } from '@sonhario/contracts/dreams';
import type { RewardOutcome } from '@sonhario/contracts/rewards';
import type { z } from 'zod';
import { withTransaction, type RequestContext } from '../../context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { decodeCursor, encodeCursor } from './dreams.cursors.ts';
import {
  distinctTags,
  openDreamText,
  openField,
  openTagName,
  sealDreamText,
  tagUses,
  type DreamText,
} from './dreams.sealing.ts';
import { getProfile, getTimeZone } from '../profile/profile.service.ts';
import {
  recordDreamChanged,
  recordDreamLiveness,
  recordDreamsCreated,
} from '../journal-stats/journal-stats.service.ts';
import { listDreamRows, listLatestDreamRows, type DreamFilters } from './dreams.list.repository.ts';
import {
  addTagUses,
  changeTagUses,
  deleteDreamRow,
  findDream,
  findDreamByIdempotencyKey,
  insertDream,
  listTagRows,
  lockLiveDreamRow,
  purgeExpiredDreamsOf,
  removeTagUses,
  updateDreamRow,
} from './dreams.repository.ts';
import {
  assertDreamtOn,
  blankToNull,
  EARLIEST_DREAM_DATE,
  factsOf,
  newDreamRow,
  toDream,
  toListItem,
  type CreateDreamBody,
} from './dreams.rows.ts';
import { queryTokenGroups, tagToken } from './dreams.search.ts';
import { replayedOutcome, rewardDreamCreated, rewardJournalChanged } from '../rewards/rewards.service.ts';
import { deriveTitle } from './dreams.text.ts';

// The journal's use cases: a dream recorded, read, listed, changed, deleted and restored; the tags; the dreams an
// analysis compares with. The data export and import are dreams.data.service.ts; a row made and shown, dreams.rows.ts.

export type UpdateDreamBody = z.output<typeof updateDreamSchema>;
export type ListDreamsParams = z.output<typeof listDreamsQuerySchema>;

/** How long a deleted dream can be restored (docs/decisions/006). */
export const UNDO_WINDOW_MS = 10 * 60_000;

const dreamNotFound = () => new NotFoundError('Sonho não encontrado');

/**
 * Records a dream. With an idempotency key, a retry (even a concurrent one) returns the dream the first request
 * created, with `isCreated: false`, and stores nothing.
 */
export async function createDream(
  ctx: RequestContext,
  input: { body: CreateDreamBody; idempotencyKey?: string },
): Promise<{ dream: Dream; isCreated: boolean; rewards: RewardOutcome }> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const { timeZone, plan } = await getProfile(ctx);
  const replay = async () => {
    if (!input.idempotencyKey) return undefined;
    const existing = await findDreamByIdempotencyKey(ctx.db, ctx.userId, input.idempotencyKey);
    if (!existing) return undefined;
    if (existing.deletedAt) {
      throw new ConflictError('idempotency_key_reused', 'Este sonho já foi salvo e depois excluído');
    }
    const dream = toDream(existing, openDreamText(keys, ctx.userId, existing));
    return { dream, isCreated: false, rewards: await replayedOutcome(ctx, timeZone) };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const { body } = input;
  const now = ctx.now();
  const { row, text } = newDreamRow(keys, ctx.userId, body, {
    now,
    timeZone,
    recordedAt: now,
    idempotencyKey: input.idempotencyKey ?? null,
  });
  const rewards = await withTransaction(ctx, async (tx) => {
    if (!(await insertDream(tx.db, row))) return undefined;
    await addTagUses(tx.db, ctx.userId, tagUses(keys, ctx.userId, text.tags), now);
    const facts = factsOf(row);
    const recorded = await recordDreamsCreated(tx, [facts]);
    const traits = {
      isLucid: row.lucidity > 0,
      isNightmare: row.isNightmare,
      isRecurring: row.isRecurring,
      hasTags: row.tagTokens.length > 0,
    };
    return rewardDreamCreated(tx, keys, { dream: facts, traits, timeZone, plan, recorded });
  });
  if (rewards) return { dream: toDream(row, text), isCreated: true, rewards };
  // A concurrent request with the same key inserted first.
  const winner = await replay();
  if (!winner) throw new Error('idempotent insert conflicted but no dream holds the key');
  return winner;
}

export async function getDream(ctx: RequestContext, id: string): Promise<Dream> {
  const row = await findDream(ctx.db, ctx.userId, id);
  if (!row) throw dreamNotFound();
  const keys = await ctx.keys.forUser(ctx.userId);
  return toDream(row, openDreamText(keys, ctx.userId, row));
}

/**
 * Inside a transaction: the live dream's version, its row locked until the commit (a delete of it waits), or 404.
 * Opens nothing.
 */
export async function lockLiveDreamVersion(ctx: RequestContext, id: string): Promise<number> {
  const version = await lockLiveDreamRow(ctx.db, ctx.userId, id);
  if (version === undefined) throw dreamNotFound();
  return version;
}

export async function listDreams(ctx: RequestContext, query: ListDreamsParams): Promise<ListDreamsResponse> {
  if (query.from && query.to && query.from > query.to) {
    const message = 'A data inicial não pode ser posterior à data final';
    throw new ValidationError(message, [{ path: 'querystring.from', message }]);
  }
  // No dream is dated before 1900: an earlier bound excludes nothing (and year 0 is not a date to PostgreSQL).
  if (query.to && query.to < EARLIEST_DREAM_DATE) return { items: [], nextCursor: null };
  const from = query.from && query.from >= EARLIEST_DREAM_DATE ? query.from : undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const keys = await ctx.keys.forUser(ctx.userId);
  const filters: DreamFilters = {
    // A query of stopwords only ("de que") narrows nothing; it is ignored rather than matching nothing.
    tokenGroups: query.q ? queryTokenGroups(keys.index, query.q) : [],
    tagToken: query.tag ? tagToken(keys.index, query.tag) : undefined,
    from,
    to: query.to,
    emotion: query.emotion,
    isLucid: query.lucid,
    isNightmare: query.nightmare,
    isRecurring: query.recurring,
  };
  const rows = await listDreamRows(ctx.db, ctx.userId, filters, { after, limit: query.limit + 1 });
  const items = rows.slice(0, query.limit).map((row) => toListItem(keys, ctx.userId, row));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/** The latest dreams, in the journal's order, for the dashboard. */
export async function listRecentDreams(ctx: RequestContext): Promise<DreamListItem[]> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listDreamRows(ctx.db, ctx.userId, { tokenGroups: [] }, { limit: DREAM_LIMITS.recentCount });
  return rows.map((row) => toListItem(keys, ctx.userId, row));
}

/**
 * Changes some fields. A stale `version` is refused (409) instead of overwriting another device's edit. A blank
 * title is derived again from the content, and a derived title follows content changes.
 */
export async function updateDream(ctx: RequestContext, input: { id: string; patch: UpdateDreamBody }): Promise<Dream> {
  const { id, patch } = input;
  const keys = await ctx.keys.forUser(ctx.userId);
  return withTransaction(ctx, async (tx) => {
    const row = await findDream(tx.db, ctx.userId, id, { forUpdate: true });
    if (!row) throw dreamNotFound();
    if (patch.version !== undefined && patch.version !== row.version) {
      throw new ConflictError(
        'version_conflict',
        'Este sonho foi alterado em outro lugar. Recarregue para ver a versão mais recente.',
      );
    }
    const now = ctx.now();
    if (patch.dreamtOn !== undefined) assertDreamtOn(patch.dreamtOn, now, await getTimeZone(tx));

    const current = openDreamText(keys, ctx.userId, row);
    const content = patch.content ?? current.content;
    const title =
      patch.title === undefined ? (current.isTitleDerived ? null : current.title) : blankToNull(patch.title);
    const next: DreamText = {
      title: title ?? deriveTitle(content),
      isTitleDerived: title === null,
      content,
      notes: patch.notes === undefined ? current.notes : blankToNull(patch.notes),
      tags: patch.tags === undefined ? current.tags : distinctTags(keys, patch.tags),
    };
    const updated = await updateDreamRow(tx.db, ctx.userId, id, {
      ...sealDreamText(keys, ctx.userId, id, next),
      ...(patch.dreamtOn !== undefined ? { dreamtOn: patch.dreamtOn } : {}),
      ...(patch.mood !== undefined ? { mood: patch.mood } : {}),
      ...(patch.emotions !== undefined ? { emotions: patch.emotions } : {}),
      ...(patch.lucidity !== undefined ? { lucidity: patch.lucidity } : {}),
      ...(patch.vividness !== undefined ? { vividness: patch.vividness } : {}),
      ...(patch.sleepQuality !== undefined ? { sleepQuality: patch.sleepQuality } : {}),
      ...(patch.isNightmare !== undefined ? { isNightmare: patch.isNightmare } : {}),
      ...(patch.isRecurring !== undefined ? { isRecurring: patch.isRecurring } : {}),
      version: row.version + 1,
      updatedAt: now,
    });
    if (!updated) throw dreamNotFound();
    const before = new Set(row.tagTokens);
    const after = new Set(updated.tagTokens);
    await changeTagUses(
      tx.db,
      ctx.userId,
      {
        removed: row.tagTokens.filter((token) => !after.has(token)),
        added: tagUses(keys, ctx.userId, next.tags).filter((tag) => !before.has(tag.token)),
      },
      now,
    );
    // The aggregates row after the tags, as a new dream takes them: one lock order, no deadlock between the two.
    await recordDreamChanged(tx, factsOf(row), factsOf(updated));
    await rewardJournalChanged(tx, keys, { hints: { months: [updated.dreamtOn.slice(0, 7)] } });
    return toDream(updated, next);
  });
}

/** Soft delete: the dream vanishes at once and can be restored for ten minutes, then it is purged. */
export async function deleteDream(ctx: RequestContext, id: string): Promise<DeleteDreamResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const row = await findDream(db, ctx.userId, id, { forUpdate: true });
    if (!row) throw dreamNotFound();
    const now = ctx.now();
    const purgeAfter = new Date(now.getTime() + UNDO_WINDOW_MS);
    await updateDreamRow(db, ctx.userId, id, { deletedAt: now, purgeAfter });
    await removeTagUses(db, ctx.userId, row.tagTokens);
    await recordDreamLiveness(tx, keys, factsOf(row), -1);
    await purgeExpiredDreamsOf(db, ctx.userId, now);
    return { id, deletedAt: now.toISOString(), purgeAfter: purgeAfter.toISOString() };
  });
}

/** Undoes a delete within the window; after it the dream is gone (404). Restoring a live dream returns it. */
export async function restoreDream(ctx: RequestContext, id: string): Promise<Dream> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const restored = await withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const row = await findDream(db, ctx.userId, id, { isDeletedIncluded: true, forUpdate: true });
    if (!row) return undefined;
    const text = openDreamText(keys, ctx.userId, row);
    if (!row.deletedAt) return toDream(row, text);
    const now = ctx.now();
    if (!row.purgeAfter || row.purgeAfter <= now) {
      // Past the window: purge it now rather than wait for the sweeper.
      await deleteDreamRow(db, ctx.userId, id);
      return undefined;
    }
    const updated = await updateDreamRow(db, ctx.userId, id, { deletedAt: null, purgeAfter: null });
    // The row is locked (FOR UPDATE) since it was read, so the update finds it.
    if (!updated) return undefined;
    await addTagUses(db, ctx.userId, tagUses(keys, ctx.userId, text.tags), now);
    await recordDreamLiveness(tx, keys, factsOf(updated), 1);
    return toDream(updated, text);
  });
  if (!restored) throw dreamNotFound();
  return restored;
}

/** The user's tags, most used first: what the form suggests. Reads the tag table, never the dreams. */
export async function listTags(ctx: RequestContext): Promise<TagsResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listTagRows(ctx.db, ctx.userId);
  return {
    tags: rows.map((row) => ({
      name: openTagName(keys, ctx.userId, row),
      count: row.useCount,
    })),
  };
}

/** The user's latest dreams before this one, in the clear (for the history an analysis compares with). */
/**
 * The user's latest live dreams but one, newest first, each with its version and a function that opens its title and
 * content (a caller that already knows what it needs of a dream's version opens nothing).
 */
export async function listEarlierDreams(
  ctx: RequestContext,
  input: { excludeId: string; limit: number },
): Promise<{ id: string; version: number; open: () => { title: string; content: string } }[]> {
  const { excludeId, limit } = input;
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listLatestDreamRows(ctx.db, ctx.userId, { excludeId, limit });
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    open: () => ({
      title: openField(keys, ctx.userId, row.id, 'title', row.titleEnc),
      content: openField(keys, ctx.userId, row.id, 'content', row.contentEnc),
    }),
  }));
}
