// What is in a dream, in the categories of the Hall–Van de Castle system (decision 059): the people and
// who they are to the dreamer, a person the text says has died, what was said, the social interactions (friendly,
// aggressive, sexual), success and failure, misfortune and good fortune, and the objects a work or school dream turns
// on. Read by small word patterns on the folded words, with negation ("não me abraçou" is no hug); used by the
// classic-dream recognisers (classic-dreams.ts) and the reading's texts (reading-text.ts).
import type { Bilingual } from './lexicon.ts';

type Lang = 'pt' | 'en';

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

// --- people ---------------------------------------------------------------------------------------------------

/** A person of the dreamer's life, named as the reading addresses the dreamer ("seu avô", "your grandfather"). */
export type Person = { id: string; name: Bilingual; isFemale: boolean };

// Folded word → person. "vô" and "vó" fold to the same word: the article or possessive before it decides.
const PEOPLE: Record<string, [id: string, pt: string, en: string, isFemale: boolean]> = {
  avo_m: ['avo_m', 'seu avô', 'your grandfather', false],
  avo_f: ['avo_f', 'sua avó', 'your grandmother', true],
  mae: ['mae', 'sua mãe', 'your mother', true],
  pai: ['pai', 'seu pai', 'your father', false],
  irmao: ['irmao', 'seu irmão', 'your brother', false],
  irma: ['irma', 'sua irmã', 'your sister', true],
  tio: ['tio', 'seu tio', 'your uncle', false],
  tia: ['tia', 'sua tia', 'your aunt', true],
  primo: ['primo', 'seu primo', 'your cousin', false],
  prima: ['prima', 'sua prima', 'your cousin', true],
  filho: ['filho', 'seu filho', 'your son', false],
  filha: ['filha', 'sua filha', 'your daughter', true],
  marido: ['marido', 'seu marido', 'your husband', false],
  esposa: ['esposa', 'sua esposa', 'your wife', true],
  namorado: ['namorado', 'seu namorado', 'your boyfriend', false],
  namorada: ['namorada', 'sua namorada', 'your girlfriend', true],
  amigo: ['amigo', 'seu amigo', 'your friend', false],
  amiga: ['amiga', 'sua amiga', 'your friend', true],
  madrinha: ['madrinha', 'sua madrinha', 'your godmother', true],
  padrinho: ['padrinho', 'seu padrinho', 'your godfather', false],
  cachorro: ['cachorro', 'seu cachorro', 'your dog', false],
  gato: ['gato', 'seu gato', 'your cat', false],
};
const PERSON_BY_WORD: Record<string, string> = {
  vovo: 'avo_m',
  bisavo: 'avo_m',
  mamae: 'mae',
  mainha: 'mae',
  papai: 'pai',
  painho: 'pai',
  esposo: 'marido',
  cachorrinho: 'cachorro',
  cachorrinha: 'cachorro',
  gatinho: 'gato',
  grandfather: 'avo_m',
  grandpa: 'avo_m',
  papa: 'avo_m',
  grandmother: 'avo_f',
  grandma: 'avo_f',
  granny: 'avo_f',
  nana: 'avo_f',
  gran: 'avo_f',
  mom: 'mae',
  mum: 'mae',
  mother: 'mae',
  mommy: 'mae',
  dad: 'pai',
  father: 'pai',
  daddy: 'pai',
  brother: 'irmao',
  sister: 'irma',
  uncle: 'tio',
  aunt: 'tia',
  cousin: 'primo',
  son: 'filho',
  daughter: 'filha',
  husband: 'marido',
  wife: 'esposa',
  boyfriend: 'namorado',
  girlfriend: 'namorada',
  friend: 'amigo',
  dog: 'cachorro',
  puppy: 'cachorro',
  cat: 'gato',
  godmother: 'madrinha',
  godfather: 'padrinho',
};
const FEMININE_BEFORE = new Set('minha a da na dela sua ma'.split(' '));

/** The person a word at `at` names, or undefined. */
function personAt(doc: Doc, at: number): Person | undefined {
  const word = doc.words[at] ?? '';
  let id = PERSON_BY_WORD[word] ?? (PEOPLE[word] ? word : undefined);
  if (word === 'vo' || word === 'avo') {
    const raw = doc.raw[at] ?? '';
    const isFemale = raw.endsWith('ó') || (!raw.endsWith('ô') && FEMININE_BEFORE.has(doc.words[at - 1] ?? ''));
    id = isFemale ? 'avo_f' : 'avo_m';
  }
  if (word === 'vovo') id = (doc.raw[at] ?? '').endsWith('ó') ? 'avo_f' : 'avo_m';
  const row = id ? PEOPLE[id] : undefined;
  return row ? { id: row[0], name: { pt: row[1], en: row[2] }, isFemale: row[3] } : undefined;
}

// "meu vô", "my grandma", "o pai dela": the dreamer's own people, or people of theirs named with a possessive or an
// article ("um amigo" is somebody; "o cachorro" may be any dog, so pets need "meu"/"my").
const POSSESSIVES = new Set('meu minha meus minhas my our nosso nossa'.split(' '));
const PERSON_ADJECTIVES = new Set(
  'late falecido falecida finado finada querido querida dear old best saudoso saudosa'.split(' '),
);
const DETERMINERS = new Set('o a do da no na pro pra com my our the seu sua meu minha'.split(' '));

/** The people the dream names, in order of first mention, each once. */
export function findPeople(doc: Doc): { person: Person; at: number }[] {
  const found: { person: Person; at: number }[] = [];
  doc.words.forEach((word, at) => {
    if (!PERSON_WORDS.has(word)) return;
    const person = personAt(doc, at);
    if (!person) return;
    let back = at - 1;
    while (back > at - 3 && PERSON_ADJECTIVES.has(doc.words[back] ?? '')) back--;
    const before = doc.words[back] ?? '';
    const isPet = person.id === 'cachorro' || person.id === 'gato';
    if (isPet ? !POSSESSIVES.has(before) : !DETERMINERS.has(before) && !POSSESSIVES.has(before)) return;
    if (!found.some((entry) => entry.person.id === person.id)) found.push({ person, at });
  });
  return found;
}

// A person the text says has died: "meu vô que já morreu", "minha avó falecida", "my late grandmother", "my dad, who
// died two years ago". Not a death that happens in the dream ("meu pai morria no sonho").
const DEATH_MARKERS = patternSet([
  '@person ~2 que (ja|tinha|ja) ~1 (morreu|faleceu|falecido|falecida|partiu|morrido|falecido)',
  '@person ~2 que (morreu|faleceu|partiu)',
  '@person (ja|que) ~1 (falecid*|finad*|morto|morta)',
  '@person (falecid*|finad*)',
  '(falecid*|finad*) (vo|avo|vovo|mae|pai|tio|tia|marido|esposa|irmao|irma|amigo|amiga)',
  '@person ~3 (morreu|faleceu) (ha|faz) ~2',
  '@person ~3 (morreu|faleceu) (ano|mes) passado',
  '@person ~3 (morreu|faleceu) (no|em) (ano|mes|inicio|final|comeco)',
  'desde que (ele|ela) (morreu|faleceu|partiu|se foi)',
  'mesmo (ele|ela) (ja|tendo) ~1 (morto|morta|morrido|falecido|falecida)',
  'late @person',
  '@person ~2 who (died|passed|had died|has died|is dead|was dead|had passed|has passed)',
  '@person ~3 (died|passed away|passed) ~3 (ago|last year|last month|years|months)',
  '@person ~3 (passed away|has passed|had passed|has died|had died)',
  'since (he|she) (died|passed)',
  'in memory of',
  'deceased @person',
  '@person (who|that) ~1 (is|was) (gone|dead|no longer)',
  'dead @person',
  // "she is actually dead in reality", "[He died in September.]", "ela morreu ano passado": said of the real person.
  '(is|was|are) (actually|really|already) dead',
  'dead in (reality|real life)',
  '(morreu|faleceu|morta|morto) na vida real',
  '(he|she|ele|ela) (died|passed away|morreu|faleceu|partiu) (in|last|em|no|na|ano|mes|ha|faz|years|months|two|three|a)',
  'even though (he|she) ~2 (dead|died|gone)',
]);

/** Where the text says someone has died, and who (the person named in the marker), if anyone. */
export function findDeceased(doc: Doc): { person: Person | undefined; start: number; end: number }[] {
  return findSpans(doc, DEATH_MARKERS).map(({ start, end }) => {
    let person: Person | undefined;
    for (let at = start; at < end && !person; at++) person = personAt(doc, at);
    // "meu vô que já morreu" names the person before the marker; "o finado meu avô" after it.
    for (let at = end; at < end + 3 && !person; at++)
      if (doc.sentence[at] === doc.sentence[start]) person = personAt(doc, at);
    return { person, start, end };
  });
}

// --- what was said --------------------------------------------------------------------------------------------

export type Speech = {
  /** The words, turned to direct speech when they were reported ("disse que estava tudo bem" → "está tudo bem"). */
  text: string;
  /** Whether `text` holds the speaker's own words (a quote, or reported speech turned back to them). */
  isDirect: boolean;
  /** An instruction to the dreamer ("told me to stop worrying", "me disse pra ter calma"): `text` is what to do. */
  isInstruction?: boolean;
  speaker: Person | undefined;
  language: Lang;
};

const SAY = patternSet([
  '(disse|dizia|falou|falava|sussurrou|respondeu|avisou|repetia|repetiu|garantiu) ~1 que',
  '(disse|falou|falava|dizia) (pra|para) (mim|eu) que',
  'me (disse|falou|dizia|falava|garantiu|avisou) que',
  '(said|says|whispered|kept saying|told me|tells me|assured me|promised me|promised)',
  // An instruction: "me disse pra ter calma", "falou pra eu parar", "asked me to", "told me to" (the last by its "to").
  'me (disse|falou|pediu|mandou) (pra|para)',
  '(disse|falou|pediu|mandou) (pra|para) (eu|mim)',
  '(asked me|begged me|wanted me) to',
]);
const INSTRUCTION_ENDS = new Set(['pra', 'para', 'eu', 'mim', 'to']);
const SPEECH_ENDS = new Set('e mas entao depois and but then so'.split(' '));
const FIRST_PERSON = new Set('eu me mim meu minha meus minhas comigo i me my mine myself'.split(' '));
// Reported speech turned back: the first verb goes back to the present ("estava tudo bem" → "está tudo bem",
// "everything was okay" → "everything is okay").
const BACKSHIFT: Record<string, string> = {
  tava: 'tá',
  estava: 'está',
  era: 'é',
  ia: 'vai',
  tinha: 'tem',
  podia: 'pode',
  queria: 'quer',
  precisava: 'precisa',
  devia: 'deve',
  sabia: 'sabe',
  iria: 'vai',
  ficaria: 'vai ficar',
  estavam: 'estão',
  eram: 'são',
  was: 'is',
  were: 'are',
  would: 'will',
  could: 'can',
  had: 'has',
  wanted: 'wants',
  needed: 'needs',
  loved: 'loves',
  missed: 'misses',
  knew: 'knows',
};
const PT_SPEECH_WORDS = new Set('que tava estava era ia tinha tudo bem ele ela voce vc nao sempre'.split(' '));

// A verb of saying just before a quote, or a colon: what follows is said ("she said, 'hurry'", "ele disse: 'calma'").
const SAID_BEFORE =
  /(?:\b(?:said|says|say|asked|asks|told|tells|yelled|yells|screamed|screams|shouted|shouts|whispered|whispers|called|calls|replied|answered|wondered|cried|sang|read|disse|diz|dizia|falou|fala|falava|perguntou|pergunta|gritou|grita|gritava|respondeu|responde|pediu|pede|sussurrou|chamou|cantou|leu|escrito|written)\b[^.!?"“”«»]{0,12}|:\s*)$/iu;

/**
 * Things said in quotes: a sentence of three words or more, a question or an exclamation, or any quote after a verb of
 * saying. Not a name or a title in quotes ("The Red Hot Chili Peppers"), a word in scare quotes ("best friend"), or an
 * editor's note in brackets ("[my home state]").
 */
function quotedSpeech(text: string): string[] {
  const quotes: string[] = [];
  for (const match of text.matchAll(/["“«]([^"“”«»\n]{3,90})["”»]/gu)) {
    const quoted = (match[1] ?? '').trim();
    const words = quoted.split(/\s+/u);
    if (words.length < 2 || words.length > 14 || quoted.startsWith('[')) continue;
    const isTitle = words.every((word) => word.length <= 3 || /^\p{Lu}/u.test(word));
    const isSaid = SAID_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index));
    const isSentence = words.length >= 3 || /[?!]$/u.test(quoted);
    if ((isSaid || isSentence) && !(isTitle && !isSaid)) quotes.push(quoted.replace(/[.,;!]+$/u, ''));
  }
  return quotes;
}

/**
 * The first thing said in the dream: a quote ("ele disse: 'tá tudo bem'"), or reported speech ("disse que estava
 * tudo bem", "told me that everything was okay") turned back to the speaker's words where that is safe; and who said
 * it (a person named just before the verb, or `fallbackSpeaker` for "ele"/"she").
 */
const DREAMER_SUBJECT = new Set(['i', 'eu']);
const ADDRESSEE_AFTER_TO = new Set(
  'the a an my his her their our your them him me us everyone everybody someone'.split(' '),
);

export function findSpeech(text: string, doc: Doc, fallbackSpeaker?: Person): Speech | undefined {
  const language: Lang = [...doc.present].filter((word) => PT_SPEECH_WORDS.has(word)).length >= 2 ? 'pt' : 'en';
  const speakerBefore = (at: number) => {
    for (let i = at - 1; i >= Math.max(0, at - 6) && doc.sentence[i] === doc.sentence[at]; i--) {
      const person = personAt(doc, i);
      if (person) return person;
    }
    return fallbackSpeaker;
  };
  const quote = quotedSpeech(text)[0];
  if (quote) {
    const at = doc.raw.findIndex((word) => fold(quote).startsWith(fold(word)));
    return { text: quote, isDirect: true, speaker: at > 0 ? speakerBefore(at) : fallbackSpeaker, language };
  }
  const said = findSpans(doc, SAY)[0];
  if (!said) return undefined;
  // What the dreamer said ("I said to the others that I was freaking out") is not said to them.
  if (DREAMER_SUBJECT.has(doc.words[said.start - 1] ?? '')) return undefined;
  const words: string[] = [];
  for (let at = said.end; at < said.end + 10; at++) {
    const word = doc.words[at];
    if (word === undefined || doc.sentence[at] !== doc.sentence[said.start] || (at > said.end && doc.clauseStart[at]))
      break;
    if (SPEECH_ENDS.has(word) && words.length > 0) break;
    words.push(doc.raw[at] ?? word);
  }
  if (fold(words[0] ?? '') === 'that') words.shift();
  // "told me to stop worrying": what to do, not what is so.
  // "said to the others that…" is to whom it was said, not what to do ("told me to stop").
  const isInstruction =
    INSTRUCTION_ENDS.has(doc.words[said.end - 1] ?? '') ||
    (fold(words[0] ?? '') === 'to' && !ADDRESSEE_AFTER_TO.has(fold(words[1] ?? '')) && words.shift() !== undefined);
  if (words.length < 2) return undefined;
  const speaker = speakerBefore(said.start);
  if (isInstruction) return { text: words.join(' '), isDirect: false, isInstruction: true, speaker, language };
  // "disse que me amava" cannot be turned back without guessing the pronouns: kept as reported.
  if (words.some((word) => FIRST_PERSON.has(fold(word))))
    return { text: words.join(' '), isDirect: false, speaker, language };
  // "disse que ele estava bem": the speaker's own "ele" is "eu" in direct speech; left as reported.
  if (/^(ele|ela|he|she)$/u.test(fold(words[0] ?? '')))
    return { text: words.join(' '), isDirect: false, speaker, language };
  const verbAt = words.findIndex((word) => BACKSHIFT[fold(word)] !== undefined);
  if (verbAt < 0 || verbAt > 2) return { text: words.join(' '), isDirect: false, speaker, language };
  const direct = [...words];
  direct[verbAt] = BACKSHIFT[fold(words[verbAt] ?? '')] ?? words[verbAt] ?? '';
  return { text: direct.join(' '), isDirect: true, speaker, language };
}

// --- interactions, success and failure, fortune ----------------------------------------------------------------

export type ContentKind = 'friendly' | 'aggressive' | 'sexual' | 'success' | 'failure' | 'misfortune' | 'goodFortune';

/** Each kind: patterns, each with the name of what happened, for the prose ("um abraço", "a hug"). */
// prettier-ignore
const CONTENT_RULES: Record<ContentKind, [pattern: string, pt: string, en: string][]> = {
  friendly: [
    ['(abracou|abracei|abracamos|abraco|abracando|abracava|abracar|hug|hugged|hugging|hugs|embraced)', 'um abraço', 'a hug'],
    ['(sorriu|sorria|sorrindo|smiled|smiling)', 'um sorriso', 'a smile'],
    ['(segurou|segurava|pegou) (minha|na minha) mao', 'mãos dadas', 'a held hand'],
    ['(held|holding) (my|his|her) hand', 'mãos dadas', 'a held hand'],
    ['(me ajudou|ajudou|ajudava|ajudei|helped|helping)', 'ajuda', 'help'],
    ['(conversamos|conversando|conversou|conversava|conversei|batemos papo|talked with|talking with|talked to|chatted|we talked)', 'uma conversa', 'a conversation'],
    ['(me consolou|consolou|comforted|consoled)', 'consolo', 'comfort'],
    ['(brincamos|brincando|played with)', 'uma brincadeira', 'play'],
    ['me deu (um|uma) presente', 'um presente', 'a gift'],
    ['gave me a (gift|present)', 'um presente', 'a gift'],
  ],
  aggressive: [
    ['(me bateu|bateu em|bateram em|me bateram|hit me|punched|beat me)', 'golpes', 'blows'],
    ['(atacou|atacava|atacando|me atacou|attacked|attacking)', 'um ataque', 'an attack'],
    ['(brigamos|brigando|brigou|briguei|discutimos|discutindo|fought|fighting|argued|arguing)', 'uma briga', 'a fight'],
    ['(gritou|gritava|gritando) comigo', 'gritos', 'shouting'],
    ['(yelled|screamed|shouted) at', 'gritos', 'shouting'],
    ['(empurrou|empurrava|pushed)', 'um empurrão', 'a push'],
    ['(matou|matava|matei|mataram|killed|kills|murdered)', 'uma morte violenta', 'a killing'],
    ['(esfaqueou|esfaqueada|esfaqueado|facada|stabbed|stabbing)', 'uma facada', 'a stabbing'],
    ['(atirou|atiraram|atirando|tiro|tiros|shot at|shooting|shot me|shot him|shot her)', 'tiros', 'shooting'],
    ['(me persegu*|perseguindo|chased me|chasing me|chased us|chasing us)', 'uma perseguição', 'a chase'],
    ['(ameacou|ameacava|threatened|threatening)', 'uma ameaça', 'a threat'],
    ['(me mordeu|mordeu|bit me)', 'uma mordida', 'a bite'],
    ['(assaltou|assalto|roubou|roubaram|robbed|mugged)', 'um roubo', 'a robbery'],
  ],
  sexual: [
    ['(beijou|beijamos|beijei|beijando|beijo|kissed|kissing|kiss)', 'um beijo', 'a kiss'],
    ['(transamos|transando|transei|sexo|had sex|having sex|slept with|made out|making out)', 'sexo', 'sex'],
  ],
  success: [
    ['consegui (escapar|fugir|passar|terminar|chegar|voar|salvar|sair|abrir|achar|encontrar|vencer)', 'algo que você conseguiu', 'something you managed'],
    ['(passei|passamos) (na|no) (prova|exame|teste|vestibular|entrevista)', 'uma prova vencida', 'a test passed'],
    ['(ganhei|ganhamos|venci|vencemos) (o|a|um|uma|na|no)', 'uma vitória', 'a win'],
    ['managed to (escape|get|finish|open|find|save|reach|fly)', 'algo que você conseguiu', 'something you managed'],
    ['(i|we) (won|made it|escaped|succeeded)', 'uma conquista', 'a success'],
    ['passed (the|my) (exam|test|interview)', 'uma prova vencida', 'a test passed'],
  ],
  failure: [
    ['(reprovei|reprovado|reprovada|tirei zero|tirei nota baixa)', 'uma reprovação', 'a failed test'],
    ['(nao|n) (consegui|conseguia) (terminar|chegar|passar|abrir|ligar|achar|encontrar|fazer|entregar|responder)', 'algo que não deu certo', 'something that did not work out'],
    ['(perdi|perdemos) (o|a) (jogo|partida|corrida|disputa)', 'uma derrota', 'a defeat'],
    ['(falhei|deu tudo errado|deu errado)', 'algo que não deu certo', 'something that did not work out'],
    ['(nao|n) (estava|tava|tinha|ficou) ~1 (pronto|pronta|terminado|terminada|feito|feita)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
    ['(failed|flunked) (the|my|a)', 'uma reprovação', 'a failed test'],
    ['(could not|can not|did not) (finish|get there|open|find|answer|reach|make it|start)', 'algo que não deu certo', 'something that did not work out'],
    ['(lost) (the|a) (game|match|race|fight)', 'uma derrota', 'a defeat'],
    ['(was not|were not|is not) (ready|finished|done)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
    ['(unfinished|incomplete)', 'uma tarefa que não ficou pronta', 'a task left unfinished'],
  ],
  misfortune: [
    ['(acidente|accident|batida de carro|crashed|crash)', 'um acidente', 'an accident'],
    ['(me machuquei|machucado|machucada|ferido|ferida|got hurt|was hurt|injured)', 'um ferimento', 'an injury'],
    ['(pegou fogo|pegando fogo|incendio|caught fire|on fire|burned down)', 'um incêndio', 'a fire'],
    ['(quebrou|quebrado|quebrada|quebrei|broke|broken) (o|a|meu|minha|my|the)', 'algo quebrado', 'something broken'],
    ['(fiquei doente|estava doente|tava doente|got sick|was sick|fell ill)', 'uma doença', 'an illness'],
    ['(atropelad*|run over|ran over)', 'um atropelamento', 'being run over'],
  ],
  goodFortune: [
    ['(achei|encontrei) (dinheiro|um tesouro|ouro|uma fortuna)', 'um achado valioso', 'a valuable find'],
    ['found (money|a treasure|gold|a fortune)', 'um achado valioso', 'a valuable find'],
    ['(ganhei|ganhamos) (na loteria|um premio|uma heranca|dinheiro|um presente)', 'um golpe de sorte', 'a stroke of luck'],
    ['won (the lottery|a prize|money)', 'um golpe de sorte', 'a stroke of luck'],
    ['(inherited|heranca)', 'uma herança', 'an inheritance'],
    ['(que sorte|por sorte|luckily|lucky)', 'sorte', 'luck'],
  ],
};

// One set for every kind (each pattern knows its kind and its name): the dream is scanned once.
const CONTENT_ROWS = (Object.keys(CONTENT_RULES) as ContentKind[]).flatMap((kind) =>
  CONTENT_RULES[kind].map(([pattern, pt, en]) => ({ kind, pattern, name: { pt, en } })),
);
const CONTENT_SET = patternSet(CONTENT_ROWS.map((row) => row.pattern));

export type ContentEvent = { kind: ContentKind; name: Bilingual; at: number };

/** The interactions, successes and failures, misfortunes and good fortunes the dream holds, each name once. */
export function findContent(doc: Doc): ContentEvent[] {
  const events: ContentEvent[] = [];
  for (const span of findSpans(doc, CONTENT_SET)) {
    const row = CONTENT_ROWS[span.pattern];
    if (!row || events.some((event) => event.kind === row.kind && event.name.pt === row.name.pt)) continue;
    events.push({ kind: row.kind, name: row.name, at: span.start });
  }
  // In the order of the kinds (friendly first), then of the text.
  const order = Object.keys(CONTENT_RULES);
  return events.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.at - b.at);
}

// --- objects a dream turns on that the lexicon does not name ----------------------------------------------------

// Work and school things the classic stress dreams are made of: named in the reading and its questions as written.
const THINGS = new Set(
  'planilha relatorio cracha apresentacao prazo email notebook laptop celular computador slide slides projeto contrato documento documentos chaves carteira mochila uniforme spreadsheet report badge presentation deadline laptop essay project contract document documents keys wallet backpack uniform passport passaporte ingresso ticket'.split(
    ' ',
  ),
);
const ARTICLES: Record<string, string> = {
  o: 'o',
  a: 'a',
  os: 'os',
  as: 'as',
  meu: 'seu',
  minha: 'sua',
  meus: 'seus',
  minhas: 'suas',
  um: 'um',
  uma: 'uma',
  the: 'the',
  my: 'your',
  our: 'your',
};
// "esqueci o crachá", "forgot my badge"; "a planilha não tava pronta", "the report wasn't finished".
const FORGOTTEN = patternSet([
  '(esqueci|esquecido|esquecida|esqueceu|perdi|forgot|forgotten|lost|left) ~1 (o|a|os|as|meu|minha|meus|minhas|my|the|our)',
]);
const UNFINISHED = patternSet([
  '(o|a|meu|minha|my|the) ~ (nao|n) (estava|tava|ficou|tinha ficado) (pronto|pronta|terminado|terminada|feito|feita)',
  '(o|a|meu|minha|my|the) ~ (was not|were not|is not|had not been) (ready|finished|done)',
  '(unfinished|incomplete|half done) ~',
  '(nao|n) (terminei|tinha terminado|acabei|tinha acabado) (o|a|meu|minha)',
  '(did not|had not|could not) finish (my|the)',
]);

/** A thing named with its determiner, as the reading addresses the dreamer ("o crachá", "your badge"). */
export type Thing = { text: string; word: string };

function thingAfter(doc: Doc, from: number, to: number): Thing | undefined {
  for (let at = from; at < Math.min(to + 2, doc.words.length); at++) {
    const word = doc.words[at] ?? '';
    if (!THINGS.has(word) || doc.sentence[at] !== doc.sentence[from]) continue;
    const article = ARTICLES[doc.words[at - 1] ?? ''];
    return { text: article ? `${article} ${doc.raw[at] ?? word}` : (doc.raw[at] ?? word), word };
  }
  return undefined;
}

/** Things forgotten or left unfinished in the dream: the elements a work or school dream's questions are made of. */
export function findLooseEnds(doc: Doc): { forgotten: Thing[]; unfinished: Thing[] } {
  const collect = (set: PatternSet) => {
    const things: Thing[] = [];
    for (const span of findSpans(doc, set)) {
      const thing = thingAfter(doc, span.start, span.end);
      if (thing && !things.some((other) => other.word === thing.word)) things.push(thing);
    }
    return things;
  };
  return { forgotten: collect(FORGOTTEN), unfinished: collect(UNFINISHED) };
}

/** The work and school things the dream names (as written), in order, each once. */
export function findThings(doc: Doc): string[] {
  const things: string[] = [];
  doc.words.forEach((word, at) => {
    if (THINGS.has(word) && !doc.negated[at] && !things.includes(doc.raw[at] ?? word)) things.push(doc.raw[at] ?? word);
  });
  return things;
}
