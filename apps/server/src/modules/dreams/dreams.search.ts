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

/** A word of a text, folded, and whether folding took a mark off it (an accent or a cedilla). */
interface Word {
  folded: string;
  marked: boolean;
}

/** Words of a text: folded, split on anything that is not a letter or digit, stopwords and 1-letter words dropped. */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u)) {
    const folded = foldText(raw);
    if (folded.length > 1 && folded.length <= 40 && !STOPWORDS.has(folded))
      words.push({ folded, marked: folded !== raw.normalize('NFC') });
  }
  return words;
}

/** Words of a text: folded, split on anything that is not a letter or digit, stopwords and 1-letter words dropped. */
export function tokenize(text: string): string[] {
  return wordsOf(text).map((word) => word.folded);
}

/**
 * The version of the words' terms (folding, stems, which stems a word gets). Stored tokens carry the version they
 * were made with (`dreams.search_version`); when it changes, the reindex (dreams.reindex.ts) rewrites the older rows
 * once, and the migration that comes with the change moves `dreams_search_reindex_idx`'s bound to it. 2: the stems of
 * decision 079.
 */
export const SEARCH_INDEX_VERSION = 2;

// A light Portuguese stemmer (after RSLP's steps: plural, adverb, diminutive, noun, verb, vowel), written for search
// recall on folded text. Snowball's Portuguese leaves short verbs alone ("voando" stays "voand", "voar" stays "voar"),
// which is exactly what a dream journal searches for. Folding makes words meet that must not ("cão" and "cair" are both
// "ca-" once the tilde is gone), so the rules keep what tells them apart (decision 079): a stem keeps three letters
// at least, the nasal ending "ao" (ão, ães, ões, ãos folded) is never cut in two, a verb whose root has two letters
// keeps its theme vowel ("cai-r", "voa-r"), and a short list names the forms no rule can tell apart.
// Changing what any word stems to changes stored tokens: bump SEARCH_INDEX_VERSION (the reindex follows).
const PLURAL_RULES: [suffix: string, replacement: string, minStem: number][] = [
  ['oes', 'ao', 1],
  ['aes', 'ao', 1],
  ['aos', 'ao', 1],
  ['ais', 'al', 2],
  ['eis', 'el', 2],
  ['ois', 'ol', 2],
  ['ns', 'm', 1],
  ['res', 'r', 2],
  ['zes', 'z', 2],
  ['les', 'l', 2],
  ['ses', 's', 2],
  ['s', '', 3],
];
const ADVERB = ['mente'];
// No augmentative -ão here: folded it is "ao", the tail of every -ção noun.
const DIMINUTIVES = ['zinho', 'zinha', 'inho', 'inha', 'issimo', 'issima'];
/** Noun and adjective suffixes with the stem each must leave: "coração" is not "cor" + "ação", "esposa" not "esp". */
const NOUN_SUFFIXES: [suffix: string, minStem: number][] = [
  ['amento', 3],
  ['imento', 3],
  ['acao', 4],
  ['icao', 4],
  ['idade', 3],
  ['ismo', 3],
  ['ista', 3],
  ['avel', 3],
  ['ivel', 3],
  ['eiro', 5],
  ['eira', 5],
  ['oso', 4],
  ['osa', 4],
  ['ante', 5],
  ['ente', 5],
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
/** The theme vowel a verb ending shows (voa-ndo, ca-iu), or implies (vo-ou and vo-ei are "voar"). */
const themeVowel = (suffix: string) =>
  suffix === 'ou' || suffix === 'ei' ? 'a' : /^[aei]/.test(suffix) ? suffix[0] : '';
const FINAL_VOWELS = ['a', 'e', 'o', 'i'];
/** The least a stem keeps: with two letters, unrelated words meet ("ca": cão, cair, cá). */
const MIN_STEM = 3;

/** Each of `words` (space-separated) with one stem. */
function forms(stem: string, words: string): [string, string][] {
  return words.split(' ').map((word) => [word, stem]);
}

/**
 * Forms no rule can tell apart, with the stem each gets (measured on the gold dreams' words, decision 079). "mães" is
 * "mãe" + s (not a plural of "-ão" like "cães"), "caos" and "deus" are one word each, "casa" and "mesa" are not
 * "casar"/"caso" and "mês", "marido" and "matéria" are no verb forms ("mar", "matar"), "voo" is "voar" in the first
 * person. A stem ending in "#" is one that no rule makes: "trem" stays apart from "tremer".
 */
const EXCEPTIONS = new Map<string, string>([
  ...forms('mae', 'maes'),
  ...forms('caos', 'caos'),
  ...forms('cais', 'cais'),
  ...forms('deus', 'deus deuses'),
  ...forms('dois', 'dois'),
  ...forms('onde', 'onde'),
  ...forms('casa', 'casa casas casinha casinhas'),
  ...forms('mesa', 'mesa mesas mesinha mesinhas'),
  ...forms('mala', 'mala malas'),
  ...forms('praia', 'praia praias'),
  ...forms('camera', 'camera cameras'),
  ...forms('colar', 'colar colares'),
  ...forms('altar', 'altar altares'),
  ...forms('materia', 'materia materias'),
  ...forms('marid', 'marido maridos'),
  ...forms('trem#', 'trem trens'),
  ...forms('voa', 'voo voos'),
  ...forms('pe', 'pes'),
  ...forms('sol', 'sois'),
]);
/** Words ending like a diminutive that are none: "caminho" is not a small "cama". */
const NOT_DIMINUTIVES = new Set(
  (
    'caminho vizinho vizinha sozinho sozinha carinho espinho ninho vinho cozinha galinha farinha rainha linha ' +
    'sobrinho sobrinha padrinho madrinha moinho focinho golfinho adivinho baixinho marinho marinha'
  ).split(' '),
);

function stripLongest(word: string, suffixes: readonly string[], minStem: number): string | undefined {
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) return word.slice(0, -suffix.length);
  }
  return undefined;
}

const byLengthDesc = (list: string[]) => [...list].sort((a, b) => b.length - a.length);
const NOUNS = [...NOUN_SUFFIXES].sort((a, b) => b[0].length - a[0].length);
const VERBS = byLengthDesc(VERB_SUFFIXES);
const DIMS = byLengthDesc(DIMINUTIVES);

/** The word without its noun suffix; null when it has one but too short a stem is left (a noun all the same). */
function stripNoun(word: string): string | null | undefined {
  for (const [suffix, minStem] of NOUNS) {
    if (word.endsWith(suffix)) return word.length - suffix.length >= minStem ? word.slice(0, -suffix.length) : null;
  }
  return undefined;
}

function stripVerb(word: string): string | undefined {
  for (const suffix of VERBS) {
    if (!word.endsWith(suffix)) continue;
    const root = word.slice(0, -suffix.length);
    if (root.length >= MIN_STEM) return root;
    // A two-letter root (a consonant and a vowel) keeps its theme vowel: cair, caiu, caindo → "cai"; voar, voou,
    // voando → "voa". Not "pr-imos": that is "primo" + s.
    const vowel = themeVowel(suffix);
    if (vowel && /^[^aeiou][aeiou]$/.test(root)) return root + vowel;
  }
  return undefined;
}

export function stemPortuguese(folded: string): string {
  let word = folded;
  if (word.length <= 2) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  // "-mos" is a verb ending (voamos), not a plural, unless no verb is left without it (primos).
  const verbMos = word.endsWith('mos') ? stripVerb(word) : undefined;
  if (verbMos !== undefined) return verbMos;
  for (const [suffix, replacement, minStem] of PLURAL_RULES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) {
      word = word.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  const singular = EXCEPTIONS.get(word);
  if (singular !== undefined) return singular;
  word = stripLongest(word, ADVERB, MIN_STEM) ?? word;
  if (!NOT_DIMINUTIVES.has(word)) word = stripLongest(word, DIMS, MIN_STEM) ?? word;
  // The nasal ending "ao" is one sound: never a stem's last letter cut off ("cao" is not "ca" + "o").
  if (word.endsWith('ao')) return stripNoun(word) ?? word;
  const noun = stripNoun(word);
  if (noun) return noun;
  // A noun suffix on too short a stem still says noun: no verb ending is looked for ("primeira" is not "prime-ira").
  const stripped = noun === null ? undefined : stripVerb(word);
  if (stripped !== undefined) return stripped;
  return stripLongest(word, FINAL_VOWELS, MIN_STEM) ?? word;
}

/**
 * English (Porter2). The `porter2` package gives Snowball's English stems (the stored tokens were made with
 * snowball-stemmers; dreams.search.test.ts holds them equal on a vocabulary) at a tenth of its CPU.
 */
export function stemEnglish(folded: string): string {
  return stemPorter2(folded);
}

/**
 * The search terms of a word: its Portuguese stem, and its English stem unless the word was written with an accent
 * or a cedilla (no English word is: "cão" is not the English "cao" of "caos"). Journals mix both languages, so a word
 * matches another when one of their stems does.
 */
function termsOf(word: Word): string[] {
  const pt = `pt:${stemPortuguese(word.folded)}`;
  return word.marked ? [pt] : [pt, `en:${stemEnglish(word.folded)}`];
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
  // Each distinct folded word, marked only when every occurrence was.
  const words = new Map<string, boolean>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of wordsOf(text)) words.set(word.folded, (words.get(word.folded) ?? true) && word.marked);
  }
  const terms = new Set<string>();
  for (const [folded, marked] of words) for (const term of termsOf({ folded, marked })) terms.add(term);
  return [...terms].map((term) => blindToken(key, term));
}

/** For a query: one group per word; a document matches when, for every group, it holds one of its tokens. */
export function queryTokenGroups(key: Buffer, query: string): string[][] {
  const seen = new Set<string>();
  const groups: string[][] = [];
  for (const word of wordsOf(query)) {
    const group = termsOf(word).map((term) => blindToken(key, term));
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
