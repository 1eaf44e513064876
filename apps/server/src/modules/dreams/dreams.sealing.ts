import type { DreamRow } from './dreams.repository.ts';
import { documentTokens, SEARCH_INDEX_VERSION, tagToken } from './dreams.search.ts';
import { excerptOf } from './dreams.text.ts';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';

/**
 * How a dream's words are sealed: each field under the user's encryption key, bound to its user, dream and field
 * (a blob copied to another row or field no longer opens), with the blind-index tokens search and tags use.
 */

export type SealedField = 'title' | 'content' | 'notes' | 'tags' | 'summary';

/** The sealed list view of a dream. */
export interface DreamSummary {
  title: string;
  excerpt: string;
  tags: string[];
}

/** Binds a blob to its user, dream and field: a blob copied to another row or field no longer opens. */
const dreamAad = (userId: string, dreamId: string, field: SealedField) => `dream:${dreamId}:${field}|user:${userId}`;
const tagAad = (userId: string, token: string) => `user-tag:${token}|user:${userId}`;

/** The words of a dream, in the clear (only ever in memory). */
export interface DreamText {
  title: string;
  isTitleDerived: boolean;
  content: string;
  notes: string | null;
  tags: string[];
}

export function sealDreamText(keys: UserKeys, userId: string, dreamId: string, text: DreamText) {
  const seal = (field: SealedField, value: string) =>
    sealText(keys.encryption, value, dreamAad(userId, dreamId, field));
  return {
    titleEnc: seal('title', text.title),
    isTitleDerived: text.isTitleDerived,
    contentEnc: seal('content', text.content),
    notesEnc: text.notes === null ? null : seal('notes', text.notes),
    tagsEnc: seal('tags', JSON.stringify(text.tags)),
    summaryEnc: seal(
      'summary',
      JSON.stringify({ title: text.title, excerpt: excerptOf(text.content), tags: text.tags } satisfies DreamSummary),
    ),
    tagTokens: text.tags.map((tag) => tagToken(keys.index, tag)),
    searchTokens: documentTokens(keys.index, [text.title, text.content, text.notes]),
    searchVersion: SEARCH_INDEX_VERSION,
  };
}

export const openField = (keys: UserKeys, userId: string, dreamId: string, field: SealedField, blob: Buffer) =>
  openText(keys.encryption, blob, dreamAad(userId, dreamId, field));

const openTags = (keys: UserKeys, userId: string, dreamId: string, blob: Buffer) =>
  JSON.parse(openField(keys, userId, dreamId, 'tags', blob)) as string[];

export function openDreamText(keys: UserKeys, userId: string, row: DreamRow): DreamText {
  return {
    title: openField(keys, userId, row.id, 'title', row.titleEnc),
    isTitleDerived: row.isTitleDerived,
    content: openField(keys, userId, row.id, 'content', row.contentEnc),
    notes: row.notesEnc ? openField(keys, userId, row.id, 'notes', row.notesEnc) : null,
    tags: openTags(keys, userId, row.id, row.tagsEnc),
  };
}

/** Tags as the user wrote them, without blanks and without repeats (the same tag in other case or accents). */
export function distinctTags(keys: UserKeys, tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const token = tagToken(keys.index, tag);
    if (!tag || seen.has(token)) continue;
    seen.add(token);
    kept.push(tag);
  }
  return kept;
}

export function tagUses(keys: UserKeys, userId: string, tags: readonly string[]) {
  return tags.map((name) => {
    const token = tagToken(keys.index, name);
    return { token, nameEnc: sealText(keys.encryption, name, tagAad(userId, token)) };
  });
}

/** The sealed list summary of a dream (title, excerpt, tags), opened: for screens that name a dream (analyses). */
export function openDreamSummary(
  keys: UserKeys,
  userId: string,
  dreamId: string,
  summaryEnc: Buffer,
): { title: string; excerpt: string } {
  const summary = JSON.parse(openField(keys, userId, dreamId, 'summary', summaryEnc)) as DreamSummary;
  return { title: summary.title, excerpt: summary.excerpt };
}

/** A tag's name as the user wrote it, opened from the tag table. */
export const openTagName = (keys: UserKeys, userId: string, row: { token: string; nameEnc: Buffer }) =>
  openText(keys.encryption, row.nameEnc, tagAad(userId, row.token));
