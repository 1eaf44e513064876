// A dream's row made and shown: a new dream sealed and indexed (its date checked), a row as the API answers it, and
// the facts the journal's aggregates take of it.

import { randomUUID } from 'node:crypto';
import type { createDreamSchema, Dream, DreamListItem, Emotion } from '@sonhario/contracts/dreams';
import type { z } from 'zod';
import { ValidationError } from '../../errors.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import type { DreamFacts } from '../journal-stats/journal-stats.service.ts';
import type { DreamListRow } from './dreams.list.repository.ts';
import type { DreamRow } from './dreams.repository.ts';
import { distinctTags, openField, sealDreamText, type DreamSummary, type DreamText } from './dreams.sealing.ts';
import { deriveTitle } from './dreams.text.ts';

export type CreateDreamBody = z.output<typeof createDreamSchema>;

export const EARLIEST_DREAM_DATE = '1900-01-01';

export function toDream(row: DreamRow, text: DreamText): Dream {
  return {
    id: row.id,
    title: text.title,
    isTitleDerived: text.isTitleDerived,
    content: text.content,
    notes: text.notes,
    dreamtOn: row.dreamtOn,
    recordedAt: row.recordedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    mood: row.mood,
    emotions: row.emotions as Emotion[],
    tags: text.tags,
    lucidity: row.lucidity,
    vividness: row.vividness,
    sleepQuality: row.sleepQuality,
    isNightmare: row.isNightmare,
    isRecurring: row.isRecurring,
    version: row.version,
  };
}

export function toListItem(keys: UserKeys, userId: string, row: DreamListRow): DreamListItem {
  const summary = JSON.parse(openField(keys, userId, row.id, 'summary', row.summaryEnc)) as DreamSummary;
  return {
    id: row.id,
    title: summary.title,
    excerpt: summary.excerpt,
    dreamtOn: row.dreamtOn,
    recordedAt: row.recordedAt.toISOString(),
    mood: row.mood,
    emotions: row.emotions as Emotion[],
    tags: summary.tags,
    lucidity: row.lucidity,
    isNightmare: row.isNightmare,
    isRecurring: row.isRecurring,
  };
}

// --- dates -----------------------------------------------------------------------------------------------------

/** A dream happened on a night that has begun: never after today in the user's zone, never before 1900. */
export function assertDreamtOn(dreamtOn: string, now: Date, timeZone: string) {
  if (dreamtOn > localDate(now, timeZone)) {
    const message = 'A data do sonho não pode estar no futuro';
    throw new ValidationError(message, [{ path: 'body.dreamtOn', message }]);
  }
  if (dreamtOn < EARLIEST_DREAM_DATE) {
    const message = 'A data do sonho não pode ser anterior a 1900';
    throw new ValidationError(message, [{ path: 'body.dreamtOn', message }]);
  }
}

export const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * What the journal's aggregates need of a dream. Dreams restored from an export file (idempotency key `import:…`,
 * modules/account) never count for streaks: a file can be edited, so its dates could forge one.
 */
export const factsOf = (
  row: Pick<
    DreamRow,
    | 'id'
    | 'recordedAt'
    | 'idempotencyKey'
    | 'dreamtOn'
    | 'mood'
    | 'vividness'
    | 'sleepQuality'
    | 'emotions'
    | 'tagTokens'
  >,
): DreamFacts => ({
  id: row.id,
  recordedAt: row.recordedAt,
  dreamtOn: row.dreamtOn,
  isImported: row.idempotencyKey?.startsWith('import:') ?? false,
  isDetailed:
    row.mood !== null &&
    row.vividness !== null &&
    row.sleepQuality !== null &&
    row.emotions.length > 0 &&
    row.tagTokens.length > 0,
});

/** A new dream's row, sealed and indexed, and its text in the clear; the date checked (last night when omitted). */
export function newDreamRow(
  keys: UserKeys,
  userId: string,
  body: CreateDreamBody,
  at: { now: Date; timeZone: string; recordedAt: Date; idempotencyKey: string | null },
) {
  const dreamtOn = body.dreamtOn ?? addDays(localDate(at.now, at.timeZone), -1);
  assertDreamtOn(dreamtOn, at.now, at.timeZone);
  const id = randomUUID();
  const title = blankToNull(body.title);
  const text: DreamText = {
    title: title ?? deriveTitle(body.content),
    isTitleDerived: title === null,
    content: body.content,
    notes: blankToNull(body.notes),
    tags: distinctTags(keys, body.tags),
  };
  const row: DreamRow & { userId: string; searchTokens: string[]; searchVersion: number; summaryEnc: Buffer } = {
    id,
    userId,
    ...sealDreamText(keys, userId, id, text),
    dreamtOn,
    recordedAt: at.recordedAt,
    updatedAt: at.now,
    mood: body.mood ?? null,
    emotions: body.emotions,
    lucidity: body.lucidity,
    vividness: body.vividness ?? null,
    sleepQuality: body.sleepQuality ?? null,
    isNightmare: body.isNightmare,
    isRecurring: body.isRecurring,
    version: 1,
    idempotencyKey: at.idempotencyKey,
    deletedAt: null,
    purgeAfter: null,
  };
  return { row, text };
}
