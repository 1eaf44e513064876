import { DREAM_LIMITS } from '@sonhario/contracts/dreams';

const DERIVED_TITLE_WORDS = 6;
export const DERIVED_TITLE_MAX = 60;

const ELLIPSIS = '…';

/**
 * The first `end` UTF-16 units of a text, less the last one when it is the first half of a surrogate pair (an emoji,
 * 𝕏): half a pair is no character, and it would be stored as U+FFFD rather than as what was answered.
 */
function sliceWhole(text: string, end: number): string {
  const head = text.slice(0, end);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/** Cuts a one-line text to at most `max` characters at a word boundary, marking the cut with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - ELLIPSIS.length + 1);
  const space = room.lastIndexOf(' ');
  // One giant word: cut inside it rather than leave nothing.
  const head = space > max / 3 ? room.slice(0, space) : sliceWhole(room, max - ELLIPSIS.length);
  return `${head.replace(/[\s,;:.!?\-–—]+$/u, '')}${ELLIPSIS}`;
}

const oneLine = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * The title of a dream whose title was left blank: its first words (about six, at most 60 characters), with an
 * ellipsis when the text goes on.
 */
export function deriveTitle(content: string): string {
  const words = oneLine(content).split(' ');
  const head = words.slice(0, DERIVED_TITLE_WORDS).join(' ');
  const isCut = words.length > DERIVED_TITLE_WORDS;
  if (head.length > DERIVED_TITLE_MAX) return cut(head, DERIVED_TITLE_MAX);
  if (!isCut) return head;
  const trimmed = head.replace(/[\s,;:.!?\-–—]+$/u, '');
  return `${trimmed}${ELLIPSIS}`.length <= DERIVED_TITLE_MAX ? `${trimmed}${ELLIPSIS}` : cut(head, DERIVED_TITLE_MAX);
}

/** The start of the dream for list items. */
export function excerptOf(content: string): string {
  return cut(oneLine(content), DREAM_LIMITS.excerptLength);
}
