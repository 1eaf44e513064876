import { DREAM_LIMITS } from '@sonhario/contracts/dreams';

const DERIVED_TITLE_WORDS = 6;
export const DERIVED_TITLE_MAX = 60;

const ELLIPSIS = '…';

/** Cuts a one-line text to at most `max` characters at a word boundary, marking the cut with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - ELLIPSIS.length + 1);
  const space = room.lastIndexOf(' ');
  // One giant word: cut inside it rather than leave nothing.
  const head = space > max / 3 ? room.slice(0, space) : room.slice(0, max - ELLIPSIS.length);
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
