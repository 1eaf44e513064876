// What is in a dream, in the categories of the Hall–Van de Castle system (decision 059): the people and
// who they are to the dreamer, a person the text says has died, what was said, the social interactions (friendly,
// aggressive, sexual), success and failure, misfortune and good fortune, and the objects a work or school dream turns
// on. Read by small word patterns on the folded words, with negation ("não me abraçou" is no hug); used by the
// classic-dream recognisers (classic-dreams.ts) and the reading's texts (reading-text.ts).
// Here: a dream's words (readDoc) and the word patterns read on them; the people in content-people.ts, what was said
// in content-speech.ts, the interactions, fortune and loose ends in content-events.ts.

// --- the words ------------------------------------------------------------------------------------------------

/** One word of the dream: folded (lowercase, no accents) and as written (lowercase, accents kept). */
export type Doc = {
  words: string[];
  raw: string[];
  sentence: number[];
  clauseStart: boolean[];
  /** A negator (or "quase", "almost") comes shortly before, in the same clause. */
  negated: boolean[];
  /** The word itself denies what follows ("não", "never"; "no" only in English). */
  isNegator: boolean[];
  present: Set<string>;
};

/** Lowercase, no accents: how the words of a dream are compared. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

// "não", "n" (typed on a phone), "never", "not" (from "n't"): the next few words are denied. "sem", "no", "nobody",
// "quase" and "almost" deny only the next word or two ("sem roupa" is not denied nakedness: see the rules).
const NEGATORS = new Set('nao nem nunca jamais not never nor neither'.split(' '));
const SHORT_NEGATORS = new Set('sem nenhum nenhuma ninguem no nobody nothing quase almost nearly'.split(' '));
// A negation ends at a new verb phrase: "não sabia e caí", "I didn't look and fell", "não conseguia parar de cair".
const NEGATION_ENDS = new Set('e and mas but then entao depois que parar stop stopped keep kept'.split(' '));
const NEGATION_REACH = 3;
const SHORT_REACH = 2;

/**
 * Contractions spelled out so their negation and subject are words: "couldn't" → "could not", "I'm" → "i am". Each
 * stays as many words as the analyzer counts ("couldn", "t"), so word positions are the same in both readings.
 */
function expandContractions(text: string): string {
  return (
    text
      .replace(/[’‘`´]/g, "'")
      .replace(/\bcan't\b/gi, 'can not')
      .replace(/\bwon't\b/gi, 'will not')
      .replace(/n't\b/gi, ' not')
      // Typed without the apostrophe ("couldnt", "didnt", "cant"): a word more than the analyzer counts, so a wake-up
      // position after one may be a word off; the negation matters more.
      .replace(/\b(could|would|should|did|does|do|was|were|is|are|has|have|had)nt\b/gi, '$1 not')
      .replace(/\bcant\b/gi, 'can not')
      .replace(/'m\b/gi, ' am')
      .replace(/'re\b/gi, ' are')
      .replace(/'ve\b/gi, ' have')
      .replace(/'ll\b/gi, ' will')
      .replace(/'d\b/gi, ' would')
      .replace(/'s\b/gi, ' s')
  );
}

// Spellings typed on a phone, read as the words they stand for (the text as written is kept for quoting).
const PHONE_SPELLINGS: Record<string, string> = {
  q: 'que',
  vc: 'voce',
  vce: 'voce',
  mt: 'muito',
  mto: 'muito',
  tb: 'tambem',
  tbm: 'tambem',
  pq: 'porque',
  n: 'nao',
  naum: 'nao',
  nd: 'nada',
  ngm: 'ninguem',
  dps: 'depois',
  cmg: 'comigo',
  c: 'com',
};

// The words that tell the two languages apart: in Portuguese "no" is "in the", not a negation ("no meu apartamento").
const PT_WORDS = new Set(
  'que nao um uma eu com para pra minha meu tava estava de da do em na no ele ela era'.split(' '),
);
const EN_WORDS = new Set('the and was i my of to in it with he she were a an at on'.split(' '));

/** Where words break: as the analyzer splits them ("frightened3" is two words, "Q3" one), so positions agree. */
const WORD_BREAK = /[^\p{L}\p{N}]+|(?<=\p{L}{3})(?=\p{N})|(?<=\p{N})(?=\p{L}{3})/u;

export function readDoc(text: string): Doc {
  const doc: Doc = {
    words: [],
    raw: [],
    sentence: [],
    clauseStart: [],
    negated: [],
    isNegator: [],
    present: new Set(),
  };
  const clauses: { words: string[]; raw: string[]; sentence: number }[] = [];
  let sentenceIndex = 0;
  let ptScore = 0;
  for (const sentence of expandContractions(text).split(/[.!?…\n]+/u)) {
    for (const clause of sentence.split(/[,;:()"“”«»]+|\s(?=(?:mas|but|porém|porem)\s)/iu)) {
      const raw = clause.toLowerCase().split(WORD_BREAK).filter(Boolean);
      // Folded once per clause; word by word only if folding changed where the words split.
      let folded = fold(clause).split(WORD_BREAK).filter(Boolean);
      if (folded.length !== raw.length) folded = raw.map(fold);
      const words = folded.map((word) => PHONE_SPELLINGS[word] ?? word);
      for (const word of words) ptScore += PT_WORDS.has(word) ? 1 : EN_WORDS.has(word) ? -1 : 0;
      if (words.length > 0) clauses.push({ words, raw, sentence: sentenceIndex });
    }
    sentenceIndex++;
  }
  const isPortuguese = ptScore > 0;
  for (const clause of clauses) {
    let negatorAt = -Infinity;
    let reach = NEGATION_REACH;
    clause.words.forEach((word, at) => {
      if (NEGATION_ENDS.has(word)) negatorAt = -Infinity;
      doc.words.push(word);
      doc.raw.push(clause.raw[at] ?? word);
      doc.sentence.push(clause.sentence);
      doc.clauseStart.push(at === 0);
      doc.negated.push(at - negatorAt <= reach);
      doc.present.add(word);
      const isShort = SHORT_NEGATORS.has(word) && !(isPortuguese && word === 'no');
      doc.isNegator.push(NEGATORS.has(word) || isShort);
      if (NEGATORS.has(word)) {
        negatorAt = at;
        reach = NEGATION_REACH;
      } else if (isShort) {
        negatorAt = at;
        reach = SHORT_REACH;
      }
    });
  }
  return doc;
}

// --- word patterns --------------------------------------------------------------------------------------------

// A pattern is words separated by spaces, read on the folded words of one sentence:
//   word        that word          pre*      a word starting with "pre"      (a|b*|c)   one of these
//   ~           any one word       ~2        up to two words of any kind
//   @gap        up to three words that keep a subject with its verb ("eu tava caindo", "i suddenly fell")
//   @person     a person (or a pet) the dreamer may know: "vô", "mãe", "grandpa", "friend", "dog"…
//   ^           the start of a clause
type Step =
  | { kind: 'word'; test: (word: string) => boolean; literals: string[] | undefined }
  | { kind: 'any'; max: number }
  | { kind: 'gap' }
  | { kind: 'start' };

export const PERSON_WORDS = new Set(
  'vo vovo avo avos bisavo mae mamae mainha pai papai painho irmao irma tio tia titia primo prima filho filha marido esposa esposo namorado namorada amigo amiga madrinha padrinho sogra sogro cunhado cunhada neto neta vizinho vizinha cachorro cachorrinho cachorrinha gato gatinho grandfather grandpa grandmother grandma granny nana gran grandparents mom mum mother mommy dad father daddy papa brother sister uncle aunt cousin son daughter husband wife friend boyfriend girlfriend partner dog cat puppy godmother godfather'.split(
    ' ',
  ),
);
const GAP_WORDS = new Set(
  'tava estava to estou fiquei comecei a de repente simplesmente so ai entao tambem ja logo acabei e derrepente meio was were had have has suddenly then just kept started began to and also accidentally eventually finally literally actually slipped tripped could felt myself am is sitting standing lying walking completely totally stark all'.split(
    ' ',
  ),
);
const GAP_MAX = 3;

function wordTest(token: string): { test: (word: string) => boolean; literals: string[] | undefined } {
  if (token === '@person') return { test: (word) => PERSON_WORDS.has(word), literals: [...PERSON_WORDS] };
  const options = token.startsWith('(') ? token.slice(1, -1).split('|') : [token];
  const exact = new Set(options.filter((option) => !option.endsWith('*')));
  const prefixes = options.filter((option) => option.endsWith('*')).map((option) => option.slice(0, -1));
  return {
    test: (word) => exact.has(word) || prefixes.some((prefix) => word.startsWith(prefix)),
    literals: prefixes.length === 0 ? [...exact] : undefined,
  };
}

function compile(pattern: string): Step[] {
  return fold(pattern)
    .split(' ')
    .filter(Boolean)
    .map((token): Step => {
      if (token === '^') return { kind: 'start' };
      if (token === '@gap') return { kind: 'gap' };
      if (token === '~') return { kind: 'any', max: -1 };
      if (/^~\d$/.test(token)) return { kind: 'any', max: Number(token.slice(1)) };
      return { kind: 'word', ...wordTest(token) };
    });
}

type Candidate = { steps: Step[]; pattern: number; id: number; needs: string[][] };

/** A set of patterns, indexed by the words they can start with (so a dream is scanned once per set). */
export type PatternSet = {
  byWord: Map<string, Candidate[]>;
  /** Patterns whose first word is a prefix or a gap: tried at every word. */
  anywhere: (Candidate & { first: Extract<Step, { kind: 'word' }> | undefined })[];
  /** How many spelled-out patterns the set holds (each candidate's `id` is below it). */
  size: number;
};

/** "(told me|said) that" → "told me that", "said that": a group with a phrase or an empty option is spelled out. */
function expand(pattern: string): string[] {
  const group = /\(([^()]*)\)/u.exec(pattern);
  if (!group) return [pattern];
  const options = (group[1] ?? '').split('|');
  const before = pattern.slice(0, group.index);
  const after = pattern.slice(group.index + group[0].length);
  if (!options.some((option) => option === '' || option === '^' || option.includes(' ')))
    return expand(after).map((rest) => `${before}${group[0]}${rest}`);
  return options.flatMap((option) => expand(`${before}${option}${after}`)).map((p) => p.replace(/\s+/gu, ' '));
}

export function patternSet(patterns: readonly string[]): PatternSet {
  const set: PatternSet = { byWord: new Map(), anywhere: [], size: 0 };
  patterns.forEach((pattern, index) => {
    for (const spelled of expand(pattern)) addPattern(set, spelled, index);
  });
  return set;
}

function addPattern(set: PatternSet, pattern: string, index: number) {
  const steps = compile(pattern);
  const first = steps.find((step) => step.kind !== 'start');
  // The words the pattern needs after its first, each one of a few literals: a dream without any of them is not tried.
  const needs = steps
    .filter((step): step is Extract<Step, { kind: 'word' }> => step.kind === 'word' && step !== first)
    .flatMap((step) => (step.literals ? [step.literals] : []));
  const candidate: Candidate = { steps, pattern: index, id: set.size++, needs };
  if (first?.kind === 'word' && first.literals) {
    for (const literal of first.literals) {
      const list = set.byWord.get(literal) ?? [];
      list.push(candidate);
      set.byWord.set(literal, list);
    }
  } else set.anywhere.push({ ...candidate, first: first?.kind === 'word' ? first : undefined });
}

/** The end (exclusive) of the match of `steps` from word `at`, or -1; within one sentence. */
function matchAt(doc: Doc, steps: readonly Step[], step: number, at: number, sentence: number): number {
  if (step === steps.length) return at;
  const current = steps[step];
  if (!current) return at;
  if (current.kind === 'start') return doc.clauseStart[at] ? matchAt(doc, steps, step + 1, at, sentence) : -1;
  if (current.kind === 'any' || current.kind === 'gap') {
    const max = current.kind === 'gap' ? GAP_MAX : current.max === -1 ? 1 : current.max;
    const min = current.kind === 'any' && current.max === -1 ? 1 : 0;
    for (let skip = min; skip <= max; skip++) {
      const word = doc.words[at + skip - 1];
      if (skip > 0 && (doc.sentence[at + skip - 1] !== sentence || word === undefined)) break;
      if (skip > 0 && current.kind === 'gap' && !GAP_WORDS.has(word ?? '')) break;
      // A gap never skips a negation: "meus dentes não caíram" is no fall of the teeth.
      if (skip > 0 && doc.isNegator[at + skip - 1]) break;
      const end = matchAt(doc, steps, step + 1, at + skip, sentence);
      if (end >= 0) return end;
    }
    return -1;
  }
  const word = doc.words[at];
  if (word === undefined || doc.sentence[at] !== sentence || !current.test(word)) return -1;
  return matchAt(doc, steps, step + 1, at + 1, sentence);
}

export type Span = { start: number; end: number; pattern: number };

const NO_CANDIDATES: Candidate[] = [];
// The patterns that can start at a word, worked out once per word and set and kept across dreams (a dream's words are
// mostly words other dreams had); the cache is emptied when it grows past a vocabulary's size.
const CANDIDATE_CACHE = new WeakMap<PatternSet, Map<string, Candidate[]>>();
const CANDIDATE_CACHE_WORDS = 50_000;

function candidatesOf(set: PatternSet, word: string): Candidate[] {
  let cache = CANDIDATE_CACHE.get(set);
  if (!cache) {
    cache = new Map();
    CANDIDATE_CACHE.set(set, cache);
  }
  let list = cache.get(word);
  if (list) return list;
  list = [
    ...(set.byWord.get(word) ?? []),
    ...set.anywhere.filter(({ first }) => first === undefined || first.test(word)),
  ];
  if (list.length === 0) list = NO_CANDIDATES;
  if (cache.size >= CANDIDATE_CACHE_WORDS) cache.clear();
  cache.set(word, list);
  return list;
}

/**
 * Every match of the set's patterns. `isNegationRead`: a match whose first word is denied ("não caí", "ninguém me
 * perseguia") is left out; a pattern may start with the negator itself ("não conseguia sair").
 */
export function findSpans(doc: Doc, set: PatternSet, isNegationRead = true): Span[] {
  const spans: Span[] = [];
  // 1: the dream has a word for each of the pattern's later steps; 2: it lacks one (worked out on first use).
  const viable = new Uint8Array(set.size);
  for (let at = 0; at < doc.words.length; at++) {
    const word = doc.words[at] ?? '';
    const sentence = doc.sentence[at] ?? 0;
    for (const { steps, pattern, id, needs } of candidatesOf(set, word)) {
      if (viable[id] === 0)
        viable[id] = needs.every((literals) => literals.some((literal) => doc.present.has(literal))) ? 1 : 2;
      if (viable[id] === 2) continue;
      // A leading "^" is tested at this word, not before it.
      const end = matchAt(doc, steps, 0, at, sentence);
      if (end < 0 || end === at) continue;
      if (isNegationRead && doc.negated[at]) continue;
      spans.push({ start: at, end, pattern });
    }
  }
  return spans;
}

export const overlaps = (a: Pick<Span, 'start' | 'end'>, b: Pick<Span, 'start' | 'end'>) =>
  a.start < b.end && b.start < a.end;
