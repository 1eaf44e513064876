// The data export and import (modules/account): the journal's pages opened for the export, a batch of imported
// dreams recorded, and which of them the journal already holds.

import type { RequestContext } from '../../context.ts';
import { withTransaction } from '../../context.ts';
import type { Dream } from '@sonhario/contracts/dreams';
import { getTimeZone } from '../profile/profile.service.ts';
import { recordDreamsCreated } from '../journal-stats/journal-stats.service.ts';
import {
  findOwnDreamIds,
  findOwnIdempotencyKeys,
  listDreamRowsOldestFirst,
  listLiveDreamContentsOn,
  refreshDreamStatisticsAfter,
} from './dreams.data.repository.ts';
import type { ListPosition } from './dreams.list.repository.ts';
import { addTagUses, insertDreams } from './dreams.repository.ts';
import { factsOf, newDreamRow, toDream, type CreateDreamBody } from './dreams.rows.ts';
import { openDreamText, openField, tagUses } from './dreams.sealing.ts';
import { tagToken } from './dreams.search.ts';

/** A dream as the data export writes it: every field, opened, and whether it is deleted (still in its undo window). */
export type ExportedDreamFields = Dream & { deletedAt: string | null; purgeAfter: string | null };

/**
 * One page of the user's dreams, oldest night first, opened: the live ones, or (`isDeleted`) those deleted but not
 * yet purged. `next` is where the following page starts (undefined after the last page).
 */
export async function listDreamsForExport(
  ctx: RequestContext,
  page: { isDeleted: boolean; after?: ListPosition; limit: number },
): Promise<{ items: ExportedDreamFields[]; next?: ListPosition }> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listDreamRowsOldestFirst(ctx.db, ctx.userId, page);
  const items = rows.map((row) => ({
    ...toDream(row, openDreamText(keys, ctx.userId, row)),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    purgeAfter: row.purgeAfter?.toISOString() ?? null,
  }));
  const last = rows.at(-1);
  return {
    items,
    next:
      rows.length === page.limit && last
        ? { dreamtOn: last.dreamtOn, recordedAt: last.recordedAt, id: last.id }
        : undefined,
  };
}

/** After an import: the planner's statistics refreshed when the import grew the journal's table by a tenth or more. */
export async function refreshStatisticsAfterImport(ctx: RequestContext, added: number): Promise<void> {
  await refreshDreamStatisticsAfter(ctx.db, added);
}

/**
 * Records a batch of dreams restored from an export file: each sealed and indexed exactly as createDream does, all
 * in one transaction with their tag counts (one insert for the batch, not one round trip per dream). Every dream
 * carries an idempotency key; one whose key the user already used is left out. Keeps each dream's `recordedAt`
 * (never later than now). Returns how many were created.
 */
export async function createImportedDreams(
  ctx: RequestContext,
  inputs: { body: CreateDreamBody; idempotencyKey: string; recordedAt: Date }[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  const keys = await ctx.keys.forUser(ctx.userId);
  const now = ctx.now();
  const timeZone = await getTimeZone(ctx);
  const prepared = inputs.map(({ body, idempotencyKey, recordedAt }) =>
    newDreamRow(keys, ctx.userId, body, {
      now,
      timeZone,
      recordedAt: recordedAt > now ? now : recordedAt,
      idempotencyKey,
    }),
  );
  return withTransaction(ctx, async (tx) => {
    const { db } = tx;
    const inserted = await insertDreams(
      db,
      prepared.map((p) => p.row),
    );
    // Tag counts of the dreams actually inserted, one row per tag (a statement may not update a row twice).
    const uses = new Map<string, { name: string; count: number }>();
    for (const { row, text } of prepared) {
      if (!inserted.has(row.id)) continue;
      for (const name of text.tags) {
        const token = tagToken(keys.index, name);
        uses.set(token, { name, count: (uses.get(token)?.count ?? 0) + 1 });
      }
    }
    const tagRows = [...uses.values()].flatMap(({ name, count }) =>
      tagUses(keys, ctx.userId, [name]).map((use) => ({ ...use, count })),
    );
    await addTagUses(db, ctx.userId, tagRows, now);
    await recordDreamsCreated(
      tx,
      prepared.flatMap(({ row }) => (inserted.has(row.id) ? [factsOf(row)] : [])),
    );
    return inserted.size;
  });
}

/** A dream about to be imported, as the duplicate check sees it. */
export interface DreamCandidate {
  id: string;
  idempotencyKey: string;
  dreamtOn: string;
  content: string;
}

/**
 * Which candidates the journal already holds: a dream with the same id or idempotency key (live or deleted), or a
 * live dream of the same night with the same text. Three indexed queries per batch, whatever the journal's size.
 */
export async function findDreamsInJournal(
  ctx: RequestContext,
  candidates: DreamCandidate[],
): Promise<Set<DreamCandidate>> {
  const [ids, idempotencyKeys, sameNights] = await Promise.all([
    findOwnDreamIds(
      ctx.db,
      ctx.userId,
      candidates.map((c) => c.id),
    ),
    findOwnIdempotencyKeys(
      ctx.db,
      ctx.userId,
      candidates.map((c) => c.idempotencyKey),
    ),
    listLiveDreamContentsOn(ctx.db, ctx.userId, [...new Set(candidates.map((c) => c.dreamtOn))]),
  ]);
  const texts = new Set<string>();
  if (sameNights.length > 0) {
    // The key is only fetched when there is something to open.
    const keys = await ctx.keys.forUser(ctx.userId);
    for (const row of sameNights) {
      texts.add(`${row.dreamtOn}\n${openField(keys, ctx.userId, row.id, 'content', row.contentEnc)}`);
    }
  }
  const knownIds = new Set(ids);
  const knownKeys = new Set(idempotencyKeys);
  return new Set(
    candidates.filter(
      (c) => knownIds.has(c.id) || knownKeys.has(c.idempotencyKey) || texts.has(`${c.dreamtOn}\n${c.content}`),
    ),
  );
}
