import { stem as stemPorter2 } from 'porter2';
import { hmacSha256Key, type HmacSha256Key } from '../../lib/hmac-sha256.ts';

/** Lower case, accents folded: "Água" and "agua" are the same word to search. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

// Words too common to narrow a search; dropping them keeps "sonhei que estava voando" = "voando".
const STOPWORDS = new Set(
  (
    'a o e as os um uma uns umas de do da dos das no na nos nas num numa em ao aos que se por pelo pela pelos pelas para com sem mas ou ' +
    'eu me mim meu minha meus minhas ele ela eles elas lhe era foi ser estava estavam tinha tinham ' +
    'the an and or of to in on at is was were be been it its my me i he she they them we you that this with for as by'
  ).split(' '),
);

/** Words of a text: folded, split on anything that is not a letter or digit, stopwords and 1-letter words dropped. */
export function tokenize(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && word.length <= 40 && !STOPWORDS.has(word));
}

// A light Portuguese stemmer (after RSLP's steps: plural, adverb, diminutive, noun, verb, vowel), written
// for search recall on folded text. Snowball's Portuguese leaves short verbs alone ("voando" stays
// "voand", "voar" stays "voar"), which is exactly what a dream journal searches for.
const PLURAL_RULES: [suffix: string, replacement: string, minStem: number][] = [
  ['oes', 'ao', 1],
  ['aes', 'ao', 1],
  ['ais', 'al', 2],
  ['eis', 'el', 2],
  ['ois', 'ol', 1],
  ['ns', 'm', 1],
  ['res', 'r', 2],
  ['zes', 'z', 2],
  ['les', 'l', 2],
  ['s', '', 2],
];
const ADVERB = ['mente'];
// No augmentative -ão here: folded it is "ao", the tail of every -ção noun.
const DIMINUTIVES = ['zinho', 'zinha', 'inho', 'inha', 'issimo', 'issima'];
const NOUN_SUFFIXES = [
  'amentos',
  'imentos',
  'amento',
  'imento',
  'acoes',
  'icoes',
  'acao',
  'icao',
  'cao',
  'idade',
  'ismo',
  'ista',
  'avel',
  'ivel',
  'eiro',
  'eira',
  'oso',
  'osa',
  'ante',
  'ente',
];
const VERB_SUFFIXES = [
  'ariamos',
  'eriamos',
  'iriamos',
  'assemos',
  'essemos',
  'issemos',
  'aramos',
  'eramos',
  'iramos',
  'avamos',
  'ariam',
  'eriam',
  'iriam',
  'assem',
  'essem',
  'issem',
  'arias',
  'erias',
  'irias',
  'aremos',
  'eremos',
  'iremos',
  'ando',
  'endo',
  'indo',
  'ondo',
  'aram',
  'eram',
  'iram',
  'avam',
  'amos',
  'emos',
  'imos',
  'ados',
  'adas',
  'idos',
  'idas',
  'aria',
  'eria',
  'iria',
  'arei',
  'erei',
  'irei',
  'ara',
  'era',
  'ira',
  'ava',
  'ado',
  'ada',
  'ido',
  'ida',
  'iam',
  'ei',
  'ou',
  'eu',
  'iu',
  'ar',
  'er',
  'ir',
  'am',
  'em',
  'ia',
];
const FINAL_VOWELS = ['a', 'e', 'o', 'i'];

function stripLongest(word: string, suffixes: readonly string[], minStem: number): string | undefined {
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) return word.slice(0, -suffix.length);
  }
  return undefined;
}

const byLengthDesc = (list: string[]) => [...list].sort((a, b) => b.length - a.length);
const NOUNS = byLengthDesc(NOUN_SUFFIXES);
const VERBS = byLengthDesc(VERB_SUFFIXES);
const DIMS = byLengthDesc(DIMINUTIVES);

export function stemPortuguese(folded: string): string {
  let word = folded;
  if (word.length <= 2) return word;
  // "-mos" is a verb ending (voamos), not a plural.
  for (const [suffix, replacement, minStem] of word.endsWith('mos') ? [] : PLURAL_RULES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) {
      word = word.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  word = stripLongest(word, ADVERB, 3) ?? word;
  word = stripLongest(word, DIMS, 3) ?? word;
  const noun = stripLongest(word, NOUNS, 3);
  if (noun !== undefined) word = noun;
  else word = stripLongest(word, VERBS, 2) ?? word;
  return stripLongest(word, FINAL_VOWELS, 2) ?? word;
}

/**
 * English (Porter2). The `porter2` package gives Snowball's English stems (the stored tokens were made with
 * snowball-stemmers; dreams.search.test.ts holds them equal on a vocabulary) at a tenth of its CPU.
 */
export function stemEnglish(folded: string): string {
  return stemPorter2(folded);
}

/**
 * The search terms of a text: for every word its Portuguese and its English stem. Journals mix both
 * languages, so a word matches when either stem does.
 */
function searchTerms(text: string): { pt: string; en: string }[] {
  return tokenize(text).map((word) => ({ pt: `pt:${stemPortuguese(word)}`, en: `en:${stemEnglish(word)}` }));
}

/**
 * A blind token: the first 8 bytes of HMAC-SHA256(key, term) as a signed 64-bit integer string. The database
 * sees only these numbers, never a word; without the user's key they cannot be linked back to words.
 */
export function blindToken(key: Buffer, term: string): string {
  return preparedKey(key).first64(term);
}

// The key's HMAC pad states, kept as long as the key itself is (the user's keys are cached, then dropped).
const preparedKeys = new WeakMap<Buffer, HmacSha256Key>();
function preparedKey(key: Buffer): HmacSha256Key {
  let prepared = preparedKeys.get(key);
  if (!prepared) {
    prepared = hmacSha256Key(key);
    preparedKeys.set(key, prepared);
  }
  return prepared;
}

/**
 * Every distinct blind token of a document's text (title, content, notes). Each distinct word is stemmed once and
 * each distinct term keyed once: a report repeats its words, and the stemmers and the HMAC were most of the CPU a
 * new dream cost.
 */
export function documentTokens(key: Buffer, texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) if (text) for (const word of tokenize(text)) words.add(word);
  const terms = new Set<string>();
  for (const word of words) {
    terms.add(`pt:${stemPortuguese(word)}`);
    terms.add(`en:${stemEnglish(word)}`);
  }
  return [...terms].map((term) => blindToken(key, term));
}

/** For a query: one group per word; a document matches when, for every group, it holds one of its tokens. */
export function queryTokenGroups(key: Buffer, query: string): string[][] {
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const { pt, en } of searchTerms(query)) {
    const group = [blindToken(key, pt), blindToken(key, en)];
    const id = group.join(',');
    if (seen.has(id)) continue;
    seen.add(id);
    groups.push(group);
  }
  return groups;
}

/** Tags are matched exactly but accent- and case-insensitively. */
export function tagToken(key: Buffer, tag: string): string {
  return blindToken(key, `tag:${foldText(tag.trim())}`);
}
