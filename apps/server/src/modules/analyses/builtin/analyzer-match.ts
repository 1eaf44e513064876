// Matching a dream's words against a lexicon index: every trigger not negated, not blocked by an idiom, and read in
// the sense the lexicon means (WORD_SENSES).
import { add, isAt, normalizePhrase } from './analyzer-phrases.ts';
import type { Words } from './analyzer-words.ts';
import { lookup, type Index } from './lexicon-index.ts';
import { WORD_SENSES } from './lexicon.ts';

type Lang = 'pt' | 'en';

// Word senses (lexicon.ts, WORD_SENSES): a trigger read in the sense the lexicon means only in the context it needs.
type Sense = {
  /** The lexicon ids the rule is about (a symbol or a theme), or all the word's. */
  ids: Set<string> | undefined;
  notAfter: Set<string>;
  notBefore: Set<string>;
  needsAfter: Set<string>;
  needsBefore: Set<string>;
  needsContext: Set<string>;
  notWithContext: Set<string>;
  window: number;
};
const wordSet = (list: string | undefined) => new Set(list ? normalizePhrase(list).split(' ') : []);
const SENSES: Record<Lang, Map<string, Sense[]>> = { pt: new Map(), en: new Map() };
// The characters are read with the rules that name their ids only ("a boy at my school" is no child): a rule about a
// word's other senses in general ("teacher" beside "chemistry" names no school) says nothing of the person.
const PEOPLE_SENSES: Record<Lang, Map<string, Sense[]>> = { pt: new Map(), en: new Map() };
for (const lang of ['pt', 'en'] as const) {
  for (const [forms, rule] of WORD_SENSES[lang]) {
    const sense: Sense = {
      ids: rule.ids ? new Set(rule.ids.split(' ')) : undefined,
      notAfter: wordSet(rule.notAfter),
      notBefore: wordSet(rule.notBefore),
      needsAfter: wordSet(rule.needsAfter),
      needsBefore: wordSet(rule.needsBefore),
      needsContext: wordSet(rule.needsContext),
      notWithContext: wordSet(rule.notWithContext),
      window: rule.window ?? 2,
    };
    for (const form of forms.split(',')) {
      add(SENSES[lang], normalizePhrase(form), sense);
      if (sense.ids) add(PEOPLE_SENSES[lang], normalizePhrase(form), sense);
    }
  }
}
// Worn, not met: "a guy in a gorilla suit", "fantasia de gato".
const COSTUME = new Set('suit costume mask onesie fantasia mascara'.split(' '));

function hasAny(words: ReadonlySet<string>, present: ReadonlySet<string>): boolean {
  for (const word of words) if (present.has(word)) return true;
  return false;
}

/** Whether the trigger at words[start..end] is read as the lexicon entry `id` means it. */
function holds(
  senses: readonly Sense[] | undefined,
  id: string,
  words: readonly string[],
  present: ReadonlySet<string>,
  start: number,
  end: number,
): boolean {
  if (COSTUME.has(words[end + 1] ?? '')) return false;
  // A number is "0" to the rules ("15 feet wide").
  const wordAt = (at: number) => {
    const word = words[at] ?? '';
    return /^\d+$/.test(word) ? '0' : word;
  };
  for (const sense of senses ?? []) {
    if (sense.ids && !sense.ids.has(id)) continue;
    for (let i = 1; i <= sense.window; i++) {
      if (sense.notAfter.has(wordAt(start - i))) return false;
      if (sense.notBefore.has(wordAt(end + i))) return false;
    }
    if (sense.needsAfter.size > 0 && !sense.needsAfter.has(wordAt(start - 1))) return false;
    if (sense.needsBefore.size > 0 && !sense.needsBefore.has(wordAt(end + 1))) return false;
    if (sense.needsContext.size > 0 && !hasAny(sense.needsContext, present)) return false;
    if (hasAny(sense.notWithContext, present)) return false;
  }
  return true;
}

/** How symbols and themes are read: not negated, and only the dream's own images. */
export const IMAGE_READ = { isNegationRead: true, isImageRead: true } as const;

/** How the dream's people are read: every mention (a negated one too), in the sense their own rules say. */
export const PEOPLE_READ = { isPeopleRead: true } as const;

export type Hit = { first: number; count: number; positions: number[] };

const idOf = (target: unknown) => (target as { id: string }).id;

export function match<T>(
  index: Index<T>,
  { words, negated, notImage, present, blocked }: Words,
  padded: string,
  primary: Lang,
  options: { isNegationRead?: boolean; isImageRead?: boolean; isPeopleRead?: boolean } = {},
): Map<T, Hit> {
  const hits = new Map<T, Hit>();
  const record = (target: T, position: number) => {
    const hit = hits.get(target);
    if (!hit) hits.set(target, { first: position, count: 1, positions: [position] });
    else {
      hit.count++;
      hit.first = Math.min(hit.first, position);
      hit.positions.push(position);
    }
  };
  const senses = options.isImageRead ? SENSES[primary] : options.isPeopleRead ? PEOPLE_SENSES[primary] : undefined;
  words.forEach((word, position) => {
    if (blocked.has(position) || (options.isNegationRead && negated[position])) return;
    if (options.isImageRead && notImage[position]) return;
    for (const target of lookup(index, primary, word)) {
      if (senses && !holds(senses.get(word), idOf(target), words, present, position, position)) continue;
      record(target, position);
    }
  });
  // Where each phrase is in the dream, left to right, one occurrence not overlapping the one before: one pass over
  // the words, then the phrases in the index's order (the order the hits are recorded in).
  const occurrences = new Map<number, number[]>();
  words.forEach((word, position) => {
    for (const { words: phrase, at } of index.phraseWords.get(word) ?? []) {
      if (!isAt(words, position, phrase)) continue;
      const list = occurrences.get(at);
      if (!list) occurrences.set(at, [position]);
      else if (position >= (list.at(-1) ?? 0) + phrase.length) list.push(position);
    }
  });
  index.phrases.forEach(({ phrase, target }, at) => {
    for (const position of occurrences.get(at) ?? []) {
      const length = phrase.length - phrase.replaceAll(' ', '').length - 1;
      let isBlocked = false;
      for (let i = 0; i < length; i++) if (blocked.has(position + i)) isBlocked = true;
      if (options.isImageRead && notImage[position]) isBlocked = true;
      if (senses && !holds(senses.get(phrase.trim()), idOf(target), words, present, position, position + length - 1))
        isBlocked = true;
      if (!isBlocked && !(options.isNegationRead && negated[position])) record(target, position);
    }
  });
  return hits;
}

/** The index of the word at character `at` of the padded text. */
export function wordsBefore(padded: string, at: number): number {
  // `at` is the space before the word: the spaces after the padding one, up to it, each end a word.
  let position = 0;
  for (let i = 1; i <= at; i++) if (padded.charCodeAt(i) === 32) position++;
  return position;
}
