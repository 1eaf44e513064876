// The builtin analyzer's phrase helpers: a text folded to padded words, and phrases found by their first word.
import { foldText } from '../../dreams/dreams.search.ts';

/** Folded words separated by single spaces, padded, so a phrase matches on word boundaries with `includes`. */
export function normalizePhrase(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** Phrases by their first word, longest first: a phrase lookup per word is then one map read. */
export type PhraseIndex = Map<string, string[][]>;
export function phraseList(phrases: readonly string[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const phrase of phrases)
    add(index, normalizePhrase(phrase).split(' ')[0] ?? '', normalizePhrase(phrase).split(' '));
  for (const list of index.values()) list.sort((a, b) => b.length - a.length);
  return index;
}

/** Whether the words `phrase` are the dream's words from `at` on. */
export function isAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  for (let i = 0; i < phrase.length; i++) if (words[at + i] !== phrase[i]) return false;
  return true;
}

export type FirstWordIndex = Map<string, { text: string; words: string[] }[]>;

/** Padded phrases (" heart racing ") by their first word. */
export function byFirstWord(phrases: Iterable<string>): FirstWordIndex {
  const index: FirstWordIndex = new Map();
  for (const text of new Set(phrases)) {
    const words = text.trim().split(' ');
    const list = index.get(words[0] ?? '');
    if (list) list.push({ text, words });
    else index.set(words[0] ?? '', [{ text, words }]);
  }
  return index;
}

/** Where each phrase of `index` is first in the words (one pass over them), by its padded text. */
export function firstPlaces(words: readonly string[], index: FirstWordIndex): Map<string, number> {
  const places = new Map<string, number>();
  words.forEach((word, at) => {
    for (const phrase of index.get(word) ?? [])
      if (!places.has(phrase.text) && isAt(words, at, phrase.words)) places.set(phrase.text, at);
  });
  return places;
}

/** The length of the first (longest) phrase of `phrases` that starts at `at`, or 0. */
export function phraseAt(words: readonly string[], at: number, phrases: PhraseIndex): number {
  for (const phrase of phrases.get(words[at] ?? '') ?? []) {
    let i = 1;
    while (i < phrase.length && words[at + i] === phrase[i]) i++;
    if (i === phrase.length) return i;
  }
  return 0;
}

/** The number of words of a title, which may be capitalized throughout ("The Flood"): no names there. */
export const titleLength = (title: string | null | undefined) =>
  title
    ? foldText(title)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean).length
    : 0;
