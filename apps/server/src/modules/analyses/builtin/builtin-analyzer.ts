// The builtin provider: an offline, deterministic symbolic reading from the lexicon (decisions 025, 058). It never
// pretends to be generative AI; every text it writes says so and leaves the meaning to the dreamer.
import type { AnalysisLanguage, AnalysisResult, DreamType } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { foldText, tokenize } from '../../dreams/dreams.search.ts';
import { enForms, ptForms } from './inflections.ts';
import { writeReading } from './reading-text.ts';
import { assessDistress } from '../../safety/distress.ts';
import {
  DREAM_CHARACTERS,
  DREAM_SETTINGS,
  DREAM_SYMBOLS,
  DREAM_THEMES,
  EMOTION_LEXICON,
  LUCIDITY_PHRASES,
  NIGHTMARE_PHRASES,
  BLOCKED_PHRASES,
  WORD_SENSES,
  type EmotionEntry,
  type LexiconEntry,
} from './lexicon.ts';

export type BuiltinAnalysisInput = {
  title?: string | null;
  content: string;
  emotions?: Emotion[];
  isNightmare?: boolean;
  isRecurring?: boolean;
  lucidity?: number;
  vividness?: number | null;
};

export type BuiltinAnalysisOptions = {
  language: AnalysisLanguage;
  /** Counts of symbol ids over the user's last `dreamCount` dreams (this one excluded). */
  history?: { symbolCounts: Record<string, number>; dreamCount: number };
};

type Lang = 'pt' | 'en';

const LIMITS = { symbols: 3, themes: 4, historyMentions: 2, questions: 4 } as const;

// --- matching ---------------------------------------------------------------------------------------------

/** Folded words separated by single spaces, padded, so a phrase matches on word boundaries with `includes`. */
function normalizePhrase(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// A dream is read with the lexicon of its language only: across languages short words collide ("gate" and the
// Portuguese "gato", "grade" and the Portuguese "grade" of a cell, "mascara" and "máscara").
// In Portuguese, a word of seven letters or more that misses by one letter ("cachoro", "elevadro") still matches a
// form of the same first letter and the same last two (the ending carries the inflection: "caminhou" is not
// "caminho"). Not in English, where one letter apart is usually another word ("stopping" and "shopping").
const MIN_TYPO_WORD = 7;

/**
 * Forms that rules would generate but that are, far more often, other words: "nada" (nothing) from nadar, "mata"
 * (kills) from matar. Only a trigger that names them itself can match them.
 */
const AMBIGUOUS_FORMS = new Set(
  'nada nado nadas mata matas muda mudas morro corro corre vela liga ligo pega toca cola bota sela tira para pesa conta prova como carrinho maca macas mate mato metros plano planos voo voos glasses letters fogos botao botoes'.split(
    ' ',
  ),
);

type Index<T> = {
  forms: Record<Lang, Map<string, T[]>>;
  /** For typo tolerance: each long form, and the form with one letter deleted, to the forms they came from. */
  near: Record<Lang, Map<string, string[]>>;
  /** Multi-word triggers, padded with spaces, and their first word (a dream without it cannot hold the phrase). */
  phrases: { phrase: string; first: string; target: T }[];
  /** The same phrases' words, by their first word, with their place in `phrases`: one map read per word of a dream. */
  phraseWords: Map<string, { words: string[]; at: number }[]>;
};

/** Stopwords and one-letter words: never a trigger, never a form. */
const isStopword = (word: string) => tokenize(word).length === 0;

function add<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** The trigger as matched: one folded word, or undefined for a phrase (several words). */
export function triggerWord(trigger: string): string | undefined {
  const words = normalizePhrase(trigger).split(' ');
  return words.length === 1 && !/[\s-]/.test(trigger.trim()) ? words[0] : undefined;
}

function buildIndex<T extends { triggers: { pt: readonly string[]; en: readonly string[] } }>(
  entries: readonly T[],
): Index<T> {
  const index: Index<T> = {
    forms: { pt: new Map(), en: new Map() },
    near: { pt: new Map(), en: new Map() },
    phrases: [],
    phraseWords: new Map(),
  };
  // A word that some trigger names itself is matched only for the triggers naming it: a rule-made form of
  // another trigger ("morro", I die, from morrer) does not take it over ("morro", a hill).
  const named = { pt: new Set<string>(), en: new Set<string>() };
  for (const target of entries) {
    for (const lang of ['pt', 'en'] as const) {
      for (const trigger of target.triggers[lang]) {
        const word = triggerWord(trigger);
        if (word === undefined) {
          const phrase = normalizePhrase(trigger);
          index.phrases.push({ phrase: ` ${phrase} `, first: phrase.split(' ')[0] ?? '', target });
        } else named[lang].add(word);
      }
    }
  }
  for (const target of entries) {
    for (const lang of ['pt', 'en'] as const) {
      for (const trigger of target.triggers[lang]) {
        const word = triggerWord(trigger);
        if (word === undefined) continue;
        add(index.forms[lang], word, target);
        for (const form of lang === 'pt' ? ptForms(word, /ç(?:ar|er|ir)$/iu.test(trigger.trim())) : enForms(word)) {
          if (form === word || named[lang].has(form) || AMBIGUOUS_FORMS.has(form) || isStopword(form)) continue;
          add(index.forms[lang], form, target);
        }
      }
    }
  }
  index.phrases.forEach(({ phrase }, at) => {
    const words = phrase.trim().split(' ');
    const list = index.phraseWords.get(words[0] ?? '');
    if (list) list.push({ words, at });
    else index.phraseWords.set(words[0] ?? '', [{ words, at }]);
  });
  for (const lang of ['pt', 'en'] as const) {
    for (const form of named[lang]) {
      if (form.length < MIN_TYPO_WORD) continue;
      add(index.near[lang], form, form);
      for (let i = 1; i < form.length - 2; i++) add(index.near[lang], form.slice(0, i) + form.slice(i + 1), form);
    }
  }
  return index;
}

/**
 * True when `word` is `form` with one letter dropped, doubled or added, or two neighbours swapped, inside the word
 * ("cachoro", "cahcorro"). A changed letter does not count: that is usually another word ("contando" and
 * "cantando", "porteiro" and "ponteiro").
 */
function isOneTypoApart(word: string, form: string): boolean {
  if (word === form || word[0] !== form[0] || word.slice(-2) !== form.slice(-2)) return false;
  const [short, long] = word.length <= form.length ? [word, form] : [form, word];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length)
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  return short.slice(i) === long.slice(i + 1);
}

function lookup<T>(index: Index<T>, lang: Lang, word: string): readonly T[] {
  const exact = index.forms[lang].get(word);
  if (exact) return exact;
  // A word some part of the lexicon knows is that word, not a typo of another ("atrasado" is not "arrasado").
  if (lang === 'en' || word.length < MIN_TYPO_WORD || KNOWN_FORMS.has(word)) return [];
  const candidates = new Set(index.near[lang].get(word) ?? []);
  for (let i = 1; i < word.length - 2; i++)
    for (const form of index.near[lang].get(word.slice(0, i) + word.slice(i + 1)) ?? []) candidates.add(form);
  const found: T[] = [];
  for (const form of candidates) {
    if (!isOneTypoApart(word, form)) continue;
    for (const target of index.forms[lang].get(form) ?? []) if (!found.includes(target)) found.push(target);
  }
  return found;
}

// Built once at module load: every analysis is then a map lookup or two per word.
const SYMBOL_INDEX = buildIndex(DREAM_SYMBOLS);
const THEME_INDEX = buildIndex(DREAM_THEMES);
const EMOTION_INDEX = buildIndex(EMOTION_LEXICON);
const CHARACTER_INDEX = buildIndex(DREAM_CHARACTERS);
const SETTING_INDEX = buildIndex(DREAM_SETTINGS);
const KNOWN_FORMS = new Set(
  [SYMBOL_INDEX, THEME_INDEX, EMOTION_INDEX, CHARACTER_INDEX, SETTING_INDEX].flatMap((index) => [
    ...index.forms.pt.keys(),
    ...index.forms.en.keys(),
  ]),
);
const LUCIDITY = LUCIDITY_PHRASES.map((entry) => ({
  entry,
  phrases: [...entry.phrases.pt, ...entry.phrases.en].map((phrase) => ` ${normalizePhrase(phrase)} `),
}));
const NIGHTMARE = NIGHTMARE_PHRASES.map((phrase) => ` ${normalizePhrase(phrase)} `);
const NIGHTMARE_WORDS = ['pesadelo', 'pesadelos', 'pesadelao', 'nightmare', 'nightmares'].map((word) => ` ${word} `);
const NIGHTMARE_INDEX = byFirstWord([...NIGHTMARE, ...NIGHTMARE_WORDS]);
const NIGHTMARE_WORD_SET = new Set(NIGHTMARE_WORDS.map((word) => word.trim()));
/** What a dream is when it is said to be none ("it wasn't a scary dream", "não foi um sonho ruim"). */
const DREAD_DREAM = [
  ['scary', 'dream'],
  ['bad', 'dream'],
  ['frightening', 'dream'],
  ['sonho', 'ruim'],
  ['sonho', 'assustador'],
];
/** "It was a nightmare" is the dream; "walking to the elevator was a nightmare" is a figure of speech. */
const DREAM_SUBJECTS = new Set('it this that dream which there isso esse este aquilo sonho tudo'.split(' '));
const COPULAS = new Set('was is been be being foi e era virou'.split(' '));

/**
 * How the report speaks of nightmares: said of the dream ("I had a nightmare", "foi um pesadelo"), or denied ("it
 * didn't seem to be a scary dream", "não foi pesadelo"). A nightmare word as a figure of speech about one moment
 * ("getting to the elevator was a nightmare") is neither.
 */
function nightmareWords({ words, negated, clauseEnds }: Words): { isSaid: boolean; isDenied: boolean } {
  let isSaid = false;
  let isDenied = false;
  words.forEach((word, at) => {
    const isDreadDream = DREAD_DREAM.some((phrase) => phrase.every((w, i) => words[at + i] === w));
    if (!NIGHTMARE_WORD_SET.has(word) && !isDreadDream) return;
    if (negated[at]) {
      isDenied = true;
      return;
    }
    if (!NIGHTMARE_WORD_SET.has(word)) return;
    const article = words[at - 1] ?? '';
    const copula = words[at - 2] ?? '';
    const subject = words[at - 3];
    const isFigure =
      (article === 'a' || article === 'um') &&
      COPULAS.has(copula) &&
      subject !== undefined &&
      clauseEnds[at - 3] === clauseEnds[at] &&
      !DREAM_SUBJECTS.has(subject);
    if (!isFigure) isSaid = true;
  });
  return { isSaid, isDenied };
}

// The language of the text itself, not of the interface (issue 31): a short dream often has no "the" or "que" ("A
// huge dog chased me through a dark forest."). Each language scores its function words (those of one language only:
// "a", "me", "no", "so" are both), the spellings the other language lacks (ã, õ, ç, "nh", "lh", "-ção" in Portuguese;
// "th", "w", "y", "k", "-ing" in English) and the words its lexicon knows; a tie is read in the interface's
// language. A pure function on the words (docs/decisions/058): a few microseconds, no model to load.
const PT_MARKERS = new Set(
  'que q nao um uma uns umas eu estava estavam tava tavam com para pra pro pros minha meu minhas meus era eram muito mt mas sonhei sonho entao quando qdo ele ela eles elas tinha tinham de da das dos em na nas os ao aos se isso esse essa isto aquele aquela foi fui pq vc voce tb tambem ai dai la ja aqui tudo todo toda todos depois fiquei ficou estou tipo agr ngm gnt kkk kkkk kkkkk mim sem mais muita num numa pela pelo nem nunca ninguem nada porque onde quem hoje ontem acordei'.split(
    ' ',
  ),
);
const EN_MARKERS = new Set(
  'the and was my of to it with dreamed dreamt dream that then when he she had were i we you they is are in on at through into from but this his her our their there what been did didn couldn wasn weren don doesn t s ll ve an by for out up down over just all about around after before because while who which not would could should some something someone someplace got went came saw felt woke like'.split(
    ' ',
  ),
);
const PT_SPELLING = /[ãõç]|nh|lh|(?:cao|coes|oes|ado|ada|ando|endo|indo|ava|avam|ei|eu|ou|inha|inho)$/u;
const EN_SPELLING = /th|wh|sh|w|y|k|(?:ing|ed|ly|ght)$/u;

/** The language a text is written in, from its words (folded, lowercase) and raw text; `fallback` on a tie. */
export function detectLanguage(words: readonly string[], fallback: Lang = 'pt', raw = ''): Lang {
  let pt = 0;
  let en = 0;
  for (const word of words) {
    if (PT_MARKERS.has(word)) pt += 2;
    else if (EN_MARKERS.has(word)) en += 2;
    else if (word.length >= 3) {
      const isPt = SYMBOL_INDEX.forms.pt.has(word) || EMOTION_INDEX.forms.pt.has(word);
      const isEn = SYMBOL_INDEX.forms.en.has(word) || EMOTION_INDEX.forms.en.has(word);
      if (isPt && !isEn) pt += 1;
      else if (isEn && !isPt) en += 1;
      if (PT_SPELLING.test(word)) pt += 0.5;
      if (EN_SPELLING.test(word)) en += 0.5;
    }
  }
  // Accents Portuguese writes and English does not (the words are folded, the raw text is not).
  pt += Math.min(4, (raw.match(/[ãõçáéíóúâêô]/giu) ?? []).length);
  return pt === en ? fallback : en > pt ? 'en' : 'pt';
}

// Negation: a word is negated when a negator of the dream's language comes at most four words before it in the same
// clause, with no intensifier in between ("não tive medo", "I wasn't scared", "I can't remember the dog"; but "nunca
// senti tanta paz", "never felt so calm" are the feeling, strongly). "no" is Portuguese for "in the": it negates only
// in English.
const NEGATORS: Record<Lang, Set<string>> = {
  pt: new Set('nao nem nunca jamais'.split(' ')),
  en: new Set(
    'not never nor didn wasn weren don doesn isn aren couldn wouldn hadn haven hasn won shouldn nt t cannot refused refuse refuses refusing'.split(
      ' ',
    ),
  ),
};
// These negate only the next word or two (articles and prepositions not counted): "sem medo", "no fear", "nothing on
// the walls", "no one else" ("sem rosto me persegue" is a chase).
const SHORT_NEGATORS: Record<Lang, Set<string>> = {
  pt: new Set('sem nenhum nenhuma ninguem'.split(' ')),
  en: new Set('no without nobody nothing none neither'.split(' ')),
};
const NOT_COUNTED = new Set(
  'the a an any of on in at to into onto go went o os as de do da dos das no na nos nas um uma algum alguma qualquer ir'.split(
    ' ',
  ),
);
const SHORT_REACH = 2;
// Also ends a negation: "and", "then", a modal or "stop" ("não conseguia parar de cair" and "I couldn't stop
// falling" are falls).
const INTENSIFIERS = new Set(
  'e and que then entao depois tanto tanta tantos tantas tao mais so such more conseguia consegui conseguir conseguiu conseguimos parar parava parei could can stop stopped keep kept'.split(
    ' ',
  ),
);
const NEGATION_REACH = 4;
// A clause that is only a negated auxiliary denies the attempt in the clause before it: "I tried to scream, but I
// couldn't", "tentei gritar mas não consegui". Not what someone else did: "she swam in the lake, but I didn't" keeps
// the lake.
const ELLIPSIS_WORDS = new Set(
  'but mas and e i eu it he she we they ele ela nos a gente could couldn can t didn did wasn wouldn would nao conseguia consegui conseguiu conseguimos dava deu nothing nada happened aconteceu work worked funcionou funcionava adiantou so just mesmo'.split(
    ' ',
  ),
);
const ELLIPSIS_REACH = 6;
const ATTEMPTS = new Set(
  'tried try trying attempted wanted tentei tentava tentou tentamos tentando queria quis'.split(' '),
);

/** Idioms whose words are not the images they name ("fell asleep", "do nada", "post office"): never a trigger. */
const BLOCKERS = BLOCKED_PHRASES.map((phrase) => ` ${normalizePhrase(phrase)} `);
/** The blockers by their first word (phraseList, below): each word of a dream is one map read. */
const BLOCKER_WORDS = new Map<string, string[][]>();
for (const phrase of BLOCKERS) {
  const words = phrase.trim().split(' ');
  const list = BLOCKER_WORDS.get(words[0] ?? '');
  if (list) list.push(words);
  else BLOCKER_WORDS.set(words[0] ?? '', [words]);
}

// Words that are not the dream's images. A figure of speech names a thing the dream does not contain ("cor de
// sangue", "do tamanho de um cavalo", "like a big dog", "the size of a cat"): the words just after a comparison are
// not read as symbols. Waking life is not the dream either: what the dreamer did or thought after waking ("acordei e
// fui correndo olhar o portal", "woke up and checked on the kids"), up to a return to the dream ("no sonho", "in the
// dream"), and a sentence about real life ("na vida real", "she's actually fine", "he died when I was 10").
const COMPARISONS = {
  pt: [
    'tipo',
    'igual',
    'que nem',
    'feito um',
    'feito uma',
    'como um',
    'como uma',
    'como se fosse',
    'tamanho de',
    'cor de',
    'parecia um',
    'parecia uma',
    'parecendo um',
    'parecendo uma',
    'parece um',
    'parece uma',
    'lembrava um',
    'lembrava uma',
    'parecia meu',
    'parecia minha',
    'parecia o',
    'parecia a',
    'parecia com',
    'parecido com',
    'parecida com',
  ],
  en: ['like', 'size of', 'as if', 'as though', 'the shape of', 'kind of like', 'sort of like', 'resembled'],
};
const COMPARISON_REACH = 4;
/** "I like", "would like", "felt like" (a feeling, not a likeness): "like" is then no comparison. */
const NOT_COMPARING_BEFORE_LIKE = new Set('i you we they would d don didn really just also nothing'.split(' '));
const WAKE_MARKERS = ['acordei', 'acordo', 'woke up', 'i woke', 'wake up', 'woke'];
/** A wake-up inside the dream, or none: "quase acordei", "tried to wake up", "I woke up (in the dream)". */
const NOT_WAKING_BEFORE = new Set(
  'quase tentei tentava nao queria almost tried trying kept didn couldn never'.split(' '),
);
/** The dream goes on after a wake-up: it was a false awakening ("ainda tava sonhando", "I was still dreaming"). */
const STILL_DREAMING = [
  'ainda estava sonhando',
  'ainda tava sonhando',
  'ainda to sonhando',
  'ainda estou sonhando',
  'ainda era sonho',
  'ainda era um sonho',
  'ainda estava no sonho',
  'ainda tava no sonho',
  'continuava sonhando',
  'continuava no sonho',
  'sonho dentro do sonho',
  'falso despertar',
  'achei que tinha acordado',
  'achei q tinha acordado',
  'still dreaming',
  'still in the dream',
  'still asleep',
  'dream within a dream',
  'false awakening',
  'or thought i did',
  'thought i had woken',
  'thought i woke up',
];
/** After a wake-up, this much of the report (words, and share of all words) is more dream, not the morning. */
const DREAM_GOES_ON = { words: 40, share: 0.5 };
const DREAM_RETURN = [
  'no sonho',
  'sonhei',
  'sonho de novo',
  'in the dream',
  'i dreamt',
  'i dreamed',
  'dreamt',
  'dreamed',
];
/** The wake-up is the dream's last moment: "acordo na hora que...", "woke up right before I hit the ground". */
const WAKING_MOMENT =
  /^(na hora|bem na hora|quando|antes|assim que|logo antes|no momento|right before|just before|before|just as|as|when|the moment|right as)\b/;
const REAL_LIFE = [
  'na vida real',
  'na real',
  'quando eu era',
  'in real life',
  'irl',
  'actually fine',
  'when i was',
  'since i was',
  'years ago',
  'all week',
  'this week',
  'last week',
  'semana passada',
  'essa semana',
  'esta semana',
  'since i started',
  'in reality',
  // Present perfect and durations longer than a dream: "we haven't spoken in six years", "I cried for a week".
  'haven t',
  'hasn t',
  'for a week',
  'for weeks',
  'for months',
  'por uma semana',
  'por semanas',
  'por meses',
  'when she died',
  'when he died',
  'after she died',
  'after he died',
  'quando ela morreu',
  'quando ele morreu',
  'depois que ela morreu',
  'depois que ele morreu',
  // What is still to come: "the wedding is in June", "tenho entrevista semana que vem".
  'next week',
  'next month',
  'next year',
  'semana que vem',
  'mes que vem',
  'ano que vem',
  ...'january february march april may june july august september october november december'
    .split(' ')
    .map((month) => `is in ${month}`),
];
/** A year ("in 1979", "since 2015", "em 2019", "desde 2010") is real life, not the dream's time. */
const YEAR = /^(19|20)\d\d$/;
const BEFORE_YEAR = new Set('in since em desde back de'.split(' '));

const IRREALIS = {
  pt: [
    'vontade de',
    'quase',
    'medo de',
    'com medo de',
    'fingir',
    'fingir que',
    'fingindo',
    'fingindo que',
    'em vez de',
    'ao inves de',
    'sem conseguir',
    'sem saber se',
    'nao sabia se',
    'fingir q',
    'fingindo q',
    'provavelmente',
  ],
  en: [
    'almost',
    'nearly',
    'wanted to',
    'want to',
    'waiting to',
    'about to',
    'afraid of',
    'scared of',
    'terrified of',
    'could have',
    'would have',
    'instead of',
    'pretend to',
    'pretending to',
    'pretended to',
    'dying to',
    'probably',
  ],
};
const IRREALIS_REACH = 3;
// What was asked, talked or thought about, or expected, is the topic of a sentence, not a scene: "asking if we'd fed
// the dog", "perguntando se ela era da igreja", "só pensava em fugir", "esperando alguém cair da escada". To the end
// of the clause.
const TOPICS = {
  pt: [
    'perguntando se',
    'perguntou se',
    'perguntava se',
    'perguntei se',
    'falando de',
    'falando sobre',
    'falou de',
    'falou sobre',
    'conversando sobre',
    'conversamos sobre',
    'contou sobre',
    'contando sobre',
    'esperando alguem',
    'esperando algo',
    'esperando que',
    'pensava em',
    'pensei em',
    'pensando em',
  ],
  en: [
    'asked if',
    'asking if',
    'asks if',
    'asked whether',
    'asking whether',
    'whether',
    'talked about',
    'talking about',
    'told me about',
    'telling me about',
    'told us about',
    'asked about',
    'asking about',
    'asked me about',
    'thinking about',
    'thought about',
    'expecting',
    // A change only tried: "I tried to make the snow turn into sand".
    'turn into',
  ],
};
const TOPIC_REACH = 10;
/** Phrases by their first word, longest first: a phrase lookup per word is then one map read. */
type PhraseIndex = Map<string, string[][]>;
function phraseList(phrases: readonly string[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const phrase of phrases)
    add(index, normalizePhrase(phrase).split(' ')[0] ?? '', normalizePhrase(phrase).split(' '));
  for (const list of index.values()) list.sort((a, b) => b.length - a.length);
  return index;
}
const COMPARISON_WORDS = phraseList([...COMPARISONS.pt, ...COMPARISONS.en]);
const WAKE_WORDS = phraseList(WAKE_MARKERS);
const DREAM_RETURN_WORDS = phraseList(DREAM_RETURN);
const STILL_DREAMING_WORDS = phraseList(STILL_DREAMING);
const REAL_LIFE_WORDS = phraseList(REAL_LIFE);
const IRREALIS_WORDS = phraseList([...IRREALIS.pt, ...IRREALIS.en]);
const TOPIC_WORDS = phraseList([...TOPICS.pt, ...TOPICS.en]);
const DREAM_WORDS = phraseList(['sonho', 'sonhei', 'sonhando', 'dream', 'dreamt', 'dreamed', 'dreaming']);

/** Whether the words `phrase` are the dream's words from `at` on. */
function isAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  for (let i = 0; i < phrase.length; i++) if (words[at + i] !== phrase[i]) return false;
  return true;
}

type FirstWordIndex = Map<string, { text: string; words: string[] }[]>;

/** Padded phrases (" heart racing ") by their first word. */
function byFirstWord(phrases: Iterable<string>): FirstWordIndex {
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
function firstPlaces(words: readonly string[], index: FirstWordIndex): Map<string, number> {
  const places = new Map<string, number>();
  words.forEach((word, at) => {
    for (const phrase of index.get(word) ?? [])
      if (!places.has(phrase.text) && isAt(words, at, phrase.words)) places.set(phrase.text, at);
  });
  return places;
}

/** The length of the first (longest) phrase of `phrases` that starts at `at`, or 0. */
function phraseAt(words: readonly string[], at: number, phrases: PhraseIndex): number {
  for (const phrase of phrases.get(words[at] ?? '') ?? []) {
    let i = 1;
    while (i < phrase.length && words[at + i] === phrase[i]) i++;
    if (i === phrase.length) return i;
  }
  return 0;
}

/** The number of words of a title, which may be capitalized throughout ("The Flood"): no names there. */
const titleLength = (title: string | null | undefined) =>
  title
    ? foldText(title)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean).length
    : 0;

/** A dream's words in order, each with whether it is negated, and whether it names no image of the dream. */
type Words = {
  words: string[];
  negated: boolean[];
  /** In a figure of speech, after waking, in a sentence about real life, or a name: no symbol, no theme. */
  notImage: boolean[];
  /** The same with names read as words, for a dream that names no image otherwise. */
  namesRead: boolean[];
  present: Set<string>;
  blocked: Set<number>;
  /** The language the text is written in (detectLanguage), whatever the interface's. */
  lang: Lang;
  /** Where the dreamer wakes up and the dream goes on (a false awakening: read through, not the end). */
  falseAwakenings: number[];
  /** Where the dreamer really wakes up (the dream's words end there), or -1. */
  wakeAt: number;
  /** The end (exclusive) of each word's clause. */
  clauseEnds: number[];
};

function splitWords(text: string, titleLength = 0, fallback: Lang = 'pt'): Words {
  const words: string[] = [];
  const sentenceStarts: number[] = [];
  /** The end (exclusive) of each word's clause. */
  const clauseEnds: number[] = [];
  const clauses: [start: number, end: number][] = [];
  /** A capitalized word inside a sentence of the report (not its title): a name ("Linden Road", "Rose"). */
  const isName: boolean[] = [];
  const unaccented = text.normalize('NFD').replace(/\p{M}+/gu, '');
  let sentenceIndex = 0;
  for (const sentence of unaccented.split(/[.!?\n]+/u)) {
    sentenceStarts.push(words.length);
    let isSentenceStart = true;
    for (const casedClause of sentence.split(/[;:,()"“”]+|\s(?=(?:mas|but|porem|Mas|But|Porem)\s)/u)) {
      // A word and a number glued together are two words ("Very frightened3.", a numbered questionnaire's answer);
      // a short code is one ("Q3", "mp3", "3rd", "10am").
      const casedWords = casedClause
        .split(/[^\p{L}\p{N}]+|(?<=\p{L}{3})(?=\p{N})|(?<=\p{N})(?=\p{L}{3})/u)
        .filter(Boolean);
      const clauseEnd = words.length + casedWords.length;
      if (casedWords.length > 0) clauses.push([words.length, clauseEnd]);
      casedWords.forEach((cased, at) => {
        clauseEnds.push(clauseEnd);
        words.push(cased.toLowerCase());
        isName.push(
          !isSentenceStart &&
            !(at === 0 && sentenceIndex === 0) &&
            cased.length > 1 &&
            cased !== 'I' &&
            /^\p{Lu}\p{Ll}/u.test(cased),
        );
        isSentenceStart = false;
      });
    }
    sentenceIndex++;
  }
  sentenceStarts.push(words.length);

  const lang = detectLanguage(words, fallback, text);
  const negated = Array.from({ length: words.length }, () => false);
  const negators = NEGATORS[lang];
  const shortNegators = SHORT_NEGATORS[lang];
  clauses.forEach(([start, end], index) => {
    let negatorAt = -Infinity;
    let reach = NEGATION_REACH;
    let isShort = false;
    let counted = 0;
    for (let at = start; at < end; at++) {
      const word = words[at] ?? '';
      if (INTENSIFIERS.has(word)) negatorAt = -Infinity;
      if (at - negatorAt <= reach) {
        negated[at] = true;
        // Reach is counted in content words: "nothing on the walls" reaches "walls", "refused to go into the
        // basement" reaches "basement".
        if (!NOT_COUNTED.has(word) && ++counted >= (isShort ? SHORT_REACH : NEGATION_REACH)) negatorAt = -Infinity;
      }
      // "t" is a negator only as "n't" ("can't", "don't"), not in "T-shirt".
      if (negators.has(word) && (word !== 't' || (words[at - 1] ?? '').endsWith('n'))) {
        negatorAt = at;
        reach = NEGATION_REACH + 3;
        isShort = false;
        counted = 0;
      } else if (shortNegators.has(word)) {
        negatorAt = at;
        reach = SHORT_REACH + 3;
        isShort = true;
        counted = 0;
      }
    }
    // An elliptic denial ("but I couldn't", "mas não consegui") negates the end of the clause before it.
    const clauseWords = words.slice(start, end);
    const previous = clauses[index - 1];
    if (
      previous &&
      clauseWords.some((word) => negators.has(word)) &&
      clauseWords.every((word) => ELLIPSIS_WORDS.has(word) || negators.has(word) || shortNegators.has(word)) &&
      !sentenceStarts.includes(start)
    ) {
      const from = Math.max(previous[0], previous[1] - ELLIPSIS_REACH);
      const attempt = words.slice(previous[0], previous[1]).findIndex((word) => ATTEMPTS.has(word));
      if (attempt >= 0) for (let at = Math.max(from, previous[0] + attempt); at < previous[1]; at++) negated[at] = true;
    }
  });

  // Waking up ends the dream only when it is the last awakening (issue 31): a wake-up followed by another one ("acordei
  // de verdade", "woke up for real"), by a return to the dream ("percebi q ainda tava sonhando", "then I realized I
  // was still dreaming") or by most of the report is a false awakening, read through.
  const wakes: number[] = [];
  for (let at = 0, sentence = 0; at < words.length; at++) {
    while (at >= (sentenceStarts[sentence + 1] ?? Infinity)) sentence++;
    if (
      phraseAt(words, at, WAKE_WORDS) > 0 &&
      sentence > 0 &&
      !NOT_WAKING_BEFORE.has(words[at - 1] ?? '') &&
      !NOT_WAKING_BEFORE.has(words[at - 2] ?? '')
    )
      wakes.push(at);
  }
  const isFalseAwakening = new Set<number>();
  const last = wakes.at(-1) ?? -1;
  let isLastFalse = false;
  for (let at = last + 1; at < words.length && !isLastFalse; at++)
    isLastFalse = phraseAt(words, at, STILL_DREAMING_WORDS) > 0;
  const lastSentenceEnd = sentenceStarts.find((start) => start > last) ?? words.length;
  const after = words.length - lastSentenceEnd;
  if (after >= DREAM_GOES_ON.words && after >= DREAM_GOES_ON.share * words.length) isLastFalse = true;
  // "I woke up" is found at "i woke" and at "woke up": one wake-up, the last one's.
  for (const at of wakes) if (isLastFalse || last - at > 2) isFalseAwakening.add(at);
  const falseAwakenings = [...isFalseAwakening].filter((at) => !isFalseAwakening.has(at - 1));

  const notImage = Array.from({ length: words.length }, () => false);
  const names = Array.from({ length: words.length }, () => false);
  let isAwake = false;
  let awakeFrom = 0;
  let wakeAt = -1;
  let sentence = 0;
  for (let at = 0; at < words.length; at++) {
    while (at >= (sentenceStarts[sentence + 1] ?? Infinity)) sentence++;
    const start = sentenceStarts[sentence] ?? 0;
    const end = sentenceStarts[sentence + 1] ?? words.length;
    if (at === start) {
      // A sentence that speaks of real life, and not of the dream, is none of the dream from the marker on (and the
      // few words before it: "he died when I was 10").
      let isAboutDream = false;
      let realAt = -1;
      for (let i = at; i < end; i++) {
        if (phraseAt(words, i, DREAM_WORDS) > 0) isAboutDream = true;
        if (realAt < 0 && phraseAt(words, i, REAL_LIFE_WORDS) > 0) realAt = i;
        if (realAt < 0 && YEAR.test(words[i] ?? '') && BEFORE_YEAR.has(words[i - 1] ?? '')) realAt = i - 1;
      }
      if (realAt >= 0 && !isAboutDream) for (let j = Math.max(at, realAt - 3); j < end; j++) notImage[j] = true;
    }
    if (phraseAt(words, at, DREAM_RETURN_WORDS) > 0) {
      isAwake = false;
      awakeFrom = 0;
    }
    const wake = phraseAt(words, at, WAKE_WORDS);
    // Waking up in the first sentence frames the dream ("acordei jurando que tinha uma aranha"); later, it ends it,
    // after the moment of waking ("acordo na hora que a onda cobre o sol", "woke up right before I hit the ground").
    if (
      wake > 0 &&
      start > 0 &&
      !isFalseAwakening.has(at) &&
      !NOT_WAKING_BEFORE.has(words[at - 1] ?? '') &&
      !NOT_WAKING_BEFORE.has(words[at - 2] ?? '')
    ) {
      wakeAt = at;
      const next = words.slice(at + wake, at + wake + 4).join(' ');
      if (!WAKING_MOMENT.test(next)) isAwake = true;
      else awakeFrom = Math.max(awakeFrom, end);
    }
    if (at >= awakeFrom && awakeFrom > 0 && !isAwake) {
      isAwake = true;
    }
    if (isAwake) notImage[at] = true;
    if (at >= titleLength && isName[at] === true) names[at] = true;
    // What the dreamer only wanted, feared or almost did did not happen: "vontade de chorar", "medo de cair",
    // "waiting to fall", "I could have cried", "instead of yelling".
    const irrealis = phraseAt(words, at, IRREALIS_WORDS);
    if (irrealis > 0) {
      const stop = Math.min(at + irrealis + IRREALIS_REACH, end);
      for (let i = at + irrealis; i < stop; i++) notImage[i] = true;
    }
    const topic = phraseAt(words, at, TOPIC_WORDS);
    if (topic > 0) {
      const stop = Math.min(at + topic + TOPIC_REACH, clauseEnds[at] ?? end);
      for (let i = at + topic; i < stop; i++) notImage[i] = true;
    }
    const comparison = phraseAt(words, at, COMPARISON_WORDS);
    if (comparison > 0 && !(words[at] === 'like' && NOT_COMPARING_BEFORE_LIKE.has(words[at - 1] ?? ''))) {
      const stop = Math.min(at + comparison + COMPARISON_REACH, end);
      for (let i = at + comparison; i < stop; i++) notImage[i] = true;
    }
  }

  // A capitalized word inside a sentence is a name, no image ("Linden Road", "Rose"), except in a dream that names no
  // image otherwise (`namesRead`: "friends from Highschool").
  const namesRead = notImage.slice();
  names.forEach((isName, at) => {
    if (isName) notImage[at] = true;
  });

  const blocked = new Set<number>();
  words.forEach((word, start) => {
    for (const phrase of BLOCKER_WORDS.get(word) ?? [])
      if (isAt(words, start, phrase)) for (let i = 0; i < phrase.length; i++) blocked.add(start + i);
  });
  return {
    words,
    negated,
    notImage,
    namesRead,
    present: new Set(words),
    blocked,
    lang,
    falseAwakenings,
    wakeAt,
    clauseEnds,
  };
}

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
    for (const form of forms.split(',')) add(SENSES[lang], normalizePhrase(form), sense);
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
const IMAGE_READ = { isNegationRead: true, isImageRead: true } as const;

type Hit = { first: number; count: number; positions: number[] };

const idOf = (target: unknown) => (target as { id: string }).id;

function match<T>(
  index: Index<T>,
  { words, negated, notImage, present, blocked }: Words,
  padded: string,
  primary: Lang,
  options: { isNegationRead?: boolean; isImageRead?: boolean } = {},
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
  const senses = options.isImageRead ? SENSES[primary] : undefined;
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
function wordsBefore(padded: string, at: number): number {
  // `at` is the space before the word: the spaces after the padding one, up to it, each end a word.
  let position = 0;
  for (let i = 1; i <= at; i++) if (padded.charCodeAt(i) === 32) position++;
  return position;
}

// Salience: what the dream is about comes first. Each mention counts, events (a chase, a fall, a death, an attack)
// weigh more than the furniture of the scene, and so does a symbol with a feeling named close to it.
const EVENT_SYMBOLS = new Set(
  'perseguicao ataque briga morte_simbolo queda voo afogamento acidente roubo traicao guerra fim_do_mundo sexo beijo nudez prova_simbolo atraso perda procura esconder choro terremoto enchente casamento festa mudanca gravidez paralisia dentes sangue vomito sequestro'.split(
    ' ',
  ),
);
// Who acts in the scene: animals, creatures, a monster.
const ACTOR_SYMBOLS = new Set(
  'cachorro gato cobra aranha passaro peixe cavalo leao lobo rato inseto borboleta urso macaco jacare coruja vaca monstro dragao sombra anjo alienigena policia celebridade bebe'.split(
    ' ',
  ),
);
// The backdrop of a scene: hands, clothes, light, walls, a bed, a door, a window. They are in most dreams and matter to
// few (on the DreamBank tune split, 17 of the 106 times the reader gave them they were among the images that matter):
// one mention is not enough for them to be a symbol of the dream; something has to keep coming back to them, or an
// event has to happen to or with them.
const BACKDROP_SYMBOLS = new Set(
  'maos roupa luz muro olhos cama sol janela bolsa cabelo arvore chave espelho porta lua boca trancado numero vidro'.split(
    ' ',
  ),
);
const EVENT_WEIGHT = 1.5;
const ACTOR_WEIGHT = 0.5;
const FEELING_NEAR = 5;
const FEELING_WEIGHT = 0.5;
/** Words between an event and the backdrop image it happens to or with. */
const EVENT_NEAR = 3;
const BACKDROP_WEIGHT = 1;
/** Mentions count up to this many: a long dream that names the house ten times is still about what happens in it. */
const MENTIONS_COUNTED = 3;
/** The salience a symbol needs to be one of the dream's (the first always is). */
const SALIENT = 1;

/**
 * The symbols that matter to the dream, most salient first: what happens (a chase, a fall, a kiss), an image that
 * comes back, one with a feeling named beside it; not the backdrop named once. At most `limit`, at least one when the
 * dream names any (decision 063: the cap and the weights measured on the DreamBank tune split).
 */
function bySalience(hits: Map<LexiconEntry, Hit>, emotionPositions: readonly number[], limit: number): LexiconEntry[] {
  const eventPositions = [...hits.entries()].flatMap(([symbol, hit]) =>
    EVENT_SYMBOLS.has(symbol.id) ? hit.positions : [],
  );
  const isNear = (hit: Hit, positions: readonly number[], reach: number) =>
    hit.positions.some((p) => positions.some((q) => q !== p && Math.abs(q - p) <= reach));
  // The backdrop counts when something happens to or with it: the event is named beside it ("voei até a lua").
  const isBackdrop = (symbol: LexiconEntry, hit: Hit) =>
    BACKDROP_SYMBOLS.has(symbol.id) && !isNear(hit, eventPositions, EVENT_NEAR);
  const weight = (symbol: LexiconEntry, hit: Hit) =>
    Math.min(hit.count, MENTIONS_COUNTED) +
    (EVENT_SYMBOLS.has(symbol.id) ? EVENT_WEIGHT : ACTOR_SYMBOLS.has(symbol.id) ? ACTOR_WEIGHT : 0) -
    (isBackdrop(symbol, hit) ? BACKDROP_WEIGHT : 0) +
    (isNear(hit, emotionPositions, FEELING_NEAR) ? FEELING_WEIGHT : 0);
  const ranked = [...hits.entries()]
    .map(([symbol, hit]) => ({ symbol, hit, weight: weight(symbol, hit) }))
    .sort((a, b) => b.weight - a.weight || a.hit.first - b.hit.first);
  return ranked
    .filter((item, at) => at === 0 || item.weight >= SALIENT)
    .slice(0, limit)
    .map(({ symbol }) => symbol);
}

// Themes that matter: a house is where most dreams happen, and the Houses theme ("the house as the self") is the
// dream's only when the house keeps coming back (on the DreamBank tune split it was given 41 times and mattered once);
// water or a trip as the scene, or a movement said in passing (a fall, flying, being lost), needs two mentions; in a
// dream under 30 words one mention is enough, under 90 the Houses theme needs three. Tune split: strict theme
// precision 0.21 -> 0.32, recall 0.77 -> 0.74. (Animals and school with two mentions too gave
// 0.38 / 0.72 there but cost the gold set, whose themes are what each dream is about, a third of its English recall.)
const THEME_MENTIONS: Record<string, number> = { casas: 4, agua: 2, viagem: 2, queda: 2, voo: 2, perdido: 2 };
/** Words per further mention a theme needs: in a short dream, one mention is what it is about ("caí de um prédio"). */
const WORDS_PER_MENTION = 30;
const themeMentions = (id: string, words: number) =>
  Math.min(THEME_MENTIONS[id] ?? 1, 1 + Math.floor(words / WORDS_PER_MENTION));

const SYMBOL_BY_ID = new Map(DREAM_SYMBOLS.map((symbol) => [symbol.id, symbol]));

/** The symbols of the places a dream is set in (the setting "escola" is the symbol "escola_simbolo"). */
function settingSymbols(settings: readonly LexiconEntry[]): LexiconEntry[] {
  const found: LexiconEntry[] = [];
  for (const setting of settings) {
    const symbol = SYMBOL_BY_ID.get(setting.id) ?? SYMBOL_BY_ID.get(`${setting.id}_simbolo`);
    if (symbol && !found.includes(symbol)) found.push(symbol);
  }
  return found;
}

function byAppearance<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()].sort((a, b) => a[1].first - b[1].first).map(([target]) => target);
}

function byWeight<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([target]) => target);
}

// --- texts (reading-text.ts writes the summary, the interpretation and the questions) -------------------------

const round2 = (value: number) => Math.round(value * 100) / 100;

const LUCIDITY_LEVEL_NAMES: Record<Lang, readonly string[]> = {
  pt: ['nenhuma', 'leve', 'moderada', 'controle total'],
  en: ['none', 'slight', 'moderate', 'full control'],
};

// --- analysis ---------------------------------------------------------------------------------------------

const INTENSIFIED_AFTER = new Set(
  'muito mt mto muita tanto tanta tao demais super so really very extremely absolutely totally completely incredibly genuinely'.split(
    ' ',
  ),
);
const INTENSIFIED_BEFORE = new Set('enorme absurdo absurda horrivel terrivel danado danada'.split(' '));
// Whose feeling it is: "he was scared", "she's afraid", "todo mundo tinha medo", "it scared him" are someone else's;
// "I was scared", "he scared me", "fiquei com medo dele" are the dreamer's. The nearest person named before the feeling
// word (up to three words) decides; a feeling word followed by "him", "her", "them" is theirs ("it scared him"), unless
// it is felt for them ("I loved him", "I hated her").
const OTHERS_BEFORE = new Set(
  'he she they his her their everyone everybody ele ela eles elas mundo pessoal todos'.split(' '),
);
const SELF_BEFORE = new Set('i me my myself we us our eu mim minha meu nos a gente'.split(' '));
const OTHERS_AFTER = new Set('him her them'.split(' '));
const FELT_FOR = new Set('love loved loving hate hated hating adore adored miss missed'.split(' '));
const FEELER_REACH = 3;

/** The words before an "'s" that is "is" or "has", not a possessive ("it's", "that's", "he's"). */
const NOT_POSSESSIVE = new Set('it that there what he she who let where here'.split(' '));

function isOthersFeeling(words: readonly string[], at: number): boolean {
  if (OTHERS_AFTER.has(words[at + 1] ?? '') && !FELT_FOR.has(words[at] ?? '')) return true;
  for (let i = at - 1; i >= Math.max(0, at - FEELER_REACH); i--) {
    if (SELF_BEFORE.has(words[i] ?? '')) return false;
    if (OTHERS_BEFORE.has(words[i] ?? '')) return true;
    // "much to the boy's horror", "the dog's fear": a possessive names someone else.
    if (words[i] === 's' && i > 0 && !NOT_POSSESSIVE.has(words[i - 1] ?? '')) return true;
  }
  return false;
}

// A feeling said small: "a little afraid", "a bit scared", "slightly nervous", "um pouco de medo", "meio assustada".
const DIMINISHED_BEFORE: readonly (readonly string[])[] = [
  ['a', 'little'],
  ['a', 'bit'],
  ['a', 'tad'],
  ['slightly'],
  ['somewhat'],
  ['mildly'],
  ['kind', 'of'],
  ['kinda'],
  ['sort', 'of'],
  ['um', 'pouco'],
  ['um', 'pouco', 'de'],
  ['um', 'pouquinho'],
  ['um', 'pouquinho', 'de'],
  ['meio'],
  ['levemente'],
  ['ligeiramente'],
];

function isDiminished(words: readonly string[], at: number): boolean {
  return DIMINISHED_BEFORE.some((phrase) => phrase.every((word, i) => words[at - phrase.length + i] === word));
}

function dreamersFeelings<T>(hits: Map<T, Hit>, { words }: Words): Map<T, Hit> {
  const mine = new Map<T, Hit>();
  for (const [target, hit] of hits) {
    const positions = hit.positions.filter((at) => !isOthersFeeling(words, at));
    if (positions.length > 0) mine.set(target, { first: Math.min(...positions), count: positions.length, positions });
  }
  return mine;
}

// Awareness of dreaming, in any wording: "percebi q tava sonhando", "caiu a ficha que era sonho", "I realized I was
// still dreaming", "knew it was just a dream". Read on the words with Portuguese shorthand spelled out, not negated
// ("não percebi que era um sonho").
const COLLOQUIAL: Record<string, string> = {
  q: 'que',
  tava: 'estava',
  tavam: 'estavam',
  to: 'estou',
  ta: 'esta',
  pra: 'para',
};
const AWARE = {
  pt: / (?:percebi|percebo|descobri|notei|entendi|entendo|vi|sabia|sei|lembrei|me dei conta|me toquei|caiu a ficha|consciencia)(?: de)? que(?: eu)?(?: ainda)? (?:estava|estou|era|esta|to|so podia estar|devia estar) (?:sonhando|so um sonho|um sonho|sonho|num sonho)/u,
  en: / (?:realize|realized|realise|realised|know|knew|notice|noticed|understand|understood|figure out|figured out|aware|awareness|remembered|recognized|recognised|dawned on me|the fact)(?: of the fact)?(?: that)? (?:i was|i m|i am|i must be|i must have been|it was|this was|this is|it s|it is|it must be|we were)(?: just| only| still| actually| really)? (?:dreaming|a dream|in a dream)/u,
};
const AWARE_ENTRY = LUCIDITY_PHRASES.find((entry) => entry.id === 'realized');
const LUCIDITY_WORDS = byFirstWord(LUCIDITY.flatMap(({ phrases }) => phrases));

function readLucidity({ words, negated, lang }: Words) {
  const spelled = words.map((word) => (lang === 'pt' ? (COLLOQUIAL[word] ?? word) : word));
  const padded = ` ${spelled.join(' ')} `;
  const isSaid = (at: number) => at >= 0 && !negated[wordsBefore(padded, at)];
  // Each phrase's first place in the dream (one pass over the words): it is said there unless negated there.
  const firstAt = firstPlaces(spelled, LUCIDITY_WORDS);
  const isFirstSaid = (phrase: string) => {
    const at = firstAt.get(phrase);
    return at !== undefined && !negated[at];
  };
  const found = LUCIDITY.filter(({ phrases }) => phrases.some(isFirstSaid)).map(({ entry }) => entry);
  const aware = AWARE[lang].exec(padded);
  if (aware && isSaid(aware.index) && AWARE_ENTRY && !found.includes(AWARE_ENTRY)) found.push(AWARE_ENTRY);
  return found;
}

function isIntensified(words: readonly string[], at: number): boolean {
  if (INTENSIFIED_AFTER.has(words[at - 1] ?? '') || INTENSIFIED_BEFORE.has(words[at + 1] ?? '')) return true;
  // "me deu um medo que...", "um medo que eu não sei explicar"
  return words[at - 1] === 'um' && words[at + 1] === 'que';
}

// Fear said twice (or once, intensified: "muito medo", "so scared") makes a nightmare of any dream.
const STRONG_FEAR = 0.6;
const FEAR_WITH_THREAT = 0.45;
const THREAT_THEMES = new Set(['perseguicao', 'morte', 'queda']);
// Dangers that make even a little fear a nightmare.
const DANGER_SYMBOLS = new Set(
  'perseguicao ataque monstro guerra fim_do_mundo afogamento paralisia enchente terremoto tempestade onda acidente fogo arma faca sangue morte_simbolo queda sombra aranha cobra escuridao'.split(
    ' ',
  ),
);
// Scenes that are a nightmare unless the dream says otherwise (its feelings lean positive): being chased, attacked,
// drowned or held down, a monster, a war, the end of the world.
const UNFELT_DANGER = 2;
/** The feelings that make a threat a nightmare: fear, anxiety, and the guilt or disgust of a scene of violence. */
const DREAD = new Set<Emotion>(['medo', 'ansiedade', 'culpa', 'nojo']);
const FEAR_DREAD = new Set<Emotion>(['medo', 'ansiedade']);
/** The sentiment under which a dream's feelings lean dark: one fear word among joy and love does not. */
const MIXED_FEELINGS = -0.1;
/** Words per mention of danger, at most, for a threat with no fear named to make a nightmare. */
const DANGER_DENSITY = 100;
const FLIGHT_SYMBOLS = new Set(['corrida', 'esconder', 'voz', 'preso', 'trancado']);
/** A threat the dreamer may be dealing, not suffering: an attack (a war, around the dreamer, is suffered). */
const DEALT_THREATS = new Set(['ataque']);
/** Words between an attack and the dreamer's flight from it ("he pulled a knife and I ran"). */
const FLIGHT_REACH = 30;
const AIMED_AFTER = new Set('me us mim nos'.split(' '));
const AIMED_BEFORE = new Set('me nos'.split(' '));
/** An attack on the dreamer: "trying to kill me", "shot at us", "me atacou", "I was shot", "fui atacada". */
function isAimedAtMe(words: readonly string[], at: number): boolean {
  for (let i = at + 1; i <= at + 3; i++) if (AIMED_AFTER.has(words[i] ?? '')) return true;
  if (AIMED_BEFORE.has(words[at - 1] ?? '')) return true;
  const before = `${words[at - 2] ?? ''} ${words[at - 1] ?? ''}`;
  return (
    before === 'i was' || before === 'we were' || (words[at - 1] ?? '') === 'fui' || (words[at - 1] ?? '') === 'fomos'
  );
}
const THREAT_SYMBOLS = new Set([
  'perseguicao',
  'ataque',
  'monstro',
  'guerra',
  'fim_do_mundo',
  'afogamento',
  'paralisia',
]);

export function analyzeDream(input: BuiltinAnalysisInput, options: BuiltinAnalysisOptions): AnalysisResult {
  const lang: Lang = options.language === 'en' ? 'en' : 'pt';
  const text = [input.title ?? '', input.content].join('\n');
  const padded = ` ${normalizePhrase(text)} `;
  const parsed = splitWords(text, titleLength(input.title), lang);
  // Read in the text's own language (a tie goes to the interface's); written in the interface's (`lang`). Exposed for
  // the composition: `textLanguage`, and where the dreamer woke up and the dream went on (`falseAwakenings`, word
  // positions) or really woke up (`finalWakeAt`, -1 when the report never says so after its first sentence).
  const primary = parsed.lang;
  const textLanguage: Lang = parsed.lang;
  const falseAwakenings: readonly number[] = parsed.falseAwakenings;
  const finalWakeAt = parsed.wakeAt;

  // Emotions: words in the text (not negated ones), and those the dreamer picked, which weigh more than any word.
  const emotionHits = dreamersFeelings(match(EMOTION_INDEX, parsed, padded, primary, { isNegationRead: true }), parsed);
  const emotionPositions = [...emotionHits.values()].flatMap((hit) => hit.positions);
  let symbolHits = match(SYMBOL_INDEX, parsed, padded, primary, IMAGE_READ);
  // Read as images: a negated place ('não era na escola') or one named in a comparison ('como um rio') is not where it happens.
  const settings = byAppearance(match(SETTING_INDEX, parsed, padded, primary, IMAGE_READ));
  // No dream of some length is read empty (issue 31). A dream that names no image but in a capitalized word reads it
  // ("friends from Highschool"); one that names none at all is about its place ("a party at his cabin"): the
  // setting, as a symbol.
  let salient = bySalience(symbolHits, emotionPositions, LIMITS.symbols);
  if (salient.length === 0) {
    symbolHits = match(SYMBOL_INDEX, { ...parsed, notImage: parsed.namesRead }, padded, primary, IMAGE_READ);
    salient = bySalience(symbolHits, emotionPositions, LIMITS.symbols);
  }
  // The place read as an image is (not negated, not a topic or a figure of speech, in the sense the lexicon means).
  const symbols =
    salient.length > 0
      ? salient
      : settingSymbols(byAppearance(match(SETTING_INDEX, parsed, padded, primary, IMAGE_READ))).slice(
          0,
          LIMITS.symbols,
        );
  const themeHits = match(THEME_INDEX, parsed, padded, primary, IMAGE_READ);
  // Every theme the words touch weighs on the dream's type; the reading names those that matter (decision 063).
  const touchedThemes = byWeight(themeHits).slice(0, LIMITS.themes);
  const themes = byWeight(themeHits)
    .filter((theme) => (themeHits.get(theme)?.count ?? 0) >= themeMentions(theme.id, parsed.words.length))
    .slice(0, LIMITS.themes);
  const characters = byAppearance(match(CHARACTER_INDEX, parsed, padded, primary));

  // The words say it was a nightmare ("pesadelo", "woke up screaming", "coração a mil"): fear is there even unnamed.
  const nightmarePlaces = firstPlaces(parsed.words, NIGHTMARE_INDEX);
  const isSaid = (phrase: string) => {
    const at = nightmarePlaces.get(phrase);
    return at !== undefined && !parsed.negated[at];
  };
  const isNightmareWord = (phrase: string) => NIGHTMARE_WORD_SET.has(phrase.trim());
  const isCalledNightmareBySign = NIGHTMARE.some((phrase) => !isNightmareWord(phrase) && isSaid(phrase));
  // The word itself ("pesadelo", "nightmare"), not only its signs ("heart racing but in a good way" in a lucid dream),
  // and said of the dream, not of one moment of it ("walking to the elevator was a nightmare").
  const nightmareSaid = nightmareWords(parsed);
  const isNamedNightmare = nightmareSaid.isSaid;
  const isCalledNightmare = isCalledNightmareBySign || isNamedNightmare;
  const chosen = new Set(input.emotions ?? []);
  const emotions: { entry: EmotionEntry; intensity: number }[] = [];
  for (const entry of EMOTION_LEXICON) {
    const hit = emotionHits.get(entry);
    // An intensified feeling counts twice: "muito medo", "um medo que eu não sei explicar", "so scared".
    // A feeling said small counts half: "a little afraid" alone is not the fear of a nightmare.
    const hits =
      (hit?.count ?? 0) +
      (hit?.positions.filter((at) => isIntensified(parsed.words, at)).length ?? 0) -
      0.5 * (hit?.positions.filter((at) => isDiminished(parsed.words, at)).length ?? 0);
    let intensity = 0;
    if (chosen.has(entry.id)) intensity = Math.min(1, 0.6 + 0.1 * hits);
    else if (hits > 0) intensity = Math.min(0.9, 0.3 + 0.15 * hits);
    else if (entry.id === 'medo' && (input.isNightmare || isCalledNightmare)) intensity = 0.5;
    if (intensity > 0) emotions.push({ entry, intensity: round2(intensity) });
  }
  emotions.sort((a, b) => b.intensity - a.intensity || EMOTIONS.indexOf(a.entry.id) - EMOTIONS.indexOf(b.entry.id));

  const weight = emotions.reduce((sum, { intensity }) => sum + intensity, 0);
  const sentiment =
    weight === 0
      ? 0
      : round2(Math.max(-1, Math.min(1, emotions.reduce((sum, e) => sum + e.entry.valence * e.intensity, 0) / weight)));

  const lucidityMatches = readLucidity(parsed);
  const lucidity = Math.max(0, Math.min(3, Math.floor(input.lucidity ?? 0)));
  const luciditySignals = lucidityMatches.map((entry) => entry.label[lang]);
  if (lucidity > 0) {
    luciditySignals.push(
      lang === 'pt'
        ? `Lucidez registrada por você: ${LUCIDITY_LEVEL_NAMES.pt[lucidity]}`
        : `Lucidity you recorded: ${LUCIDITY_LEVEL_NAMES.en[lucidity]}`,
    );
  }

  const fear = emotions.find((e) => e.entry.id === 'medo')?.intensity ?? 0;
  const hasThreat =
    touchedThemes.some((theme) => THREAT_THEMES.has(theme.id)) ||
    [...symbolHits.keys()].some((symbol) => DANGER_SYMBOLS.has(symbol.id));
  // A nightmare is said (the user's flag, "pesadelo") or felt: fear with intensity, or fear in a threatening scene
  // (issue 31: a chase or an attack alone, with no fear, is not one). A dream the dreamer knew was a dream is lucid
  // even with some fear in it ("percebi que estava sonhando", a reality check), unless it is called a nightmare.
  let dreamType: DreamType = 'comum';
  const isLucid = lucidity > 0 || lucidityMatches.length > 0;
  // A threat (a chase, an attack, a monster, a war, drowning, paralysis) is a nightmare with fear or anxiety named, or,
  // with no such feeling, when the scene insists on danger and flight (wolves chasing, running, nowhere to go): two
  // mentions or more, at least one in every 50 words. A long dream where a fight or a ghost passes by is not one.
  let dangerMentions = 0;
  for (const [symbol, hit] of symbolHits)
    if (DANGER_SYMBOLS.has(symbol.id) || FLIGHT_SYMBOLS.has(symbol.id)) dangerMentions += hit.count;
  const threats = [...symbolHits.keys()].filter((symbol) => THREAT_SYMBOLS.has(symbol.id));
  // Fear or anxiety named is dread; guilt or disgust is only when the danger takes up the dream (one mention in every
  // 100 words at least): a long dream with a fight in it and a moment of guilt elsewhere is not a nightmare.
  const isDenseEnough = dangerMentions * DANGER_DENSITY >= parsed.words.length;
  // A feeling said small ("a little afraid") is not dread.
  const isAfraid = emotions.some(
    ({ entry, intensity }) =>
      intensity >= FEAR_WITH_THREAT &&
      (FEAR_DREAD.has(entry.id) || (DREAD.has(entry.id) && dangerMentions > 0 && isDenseEnough)),
  );
  // With no fear named, the danger must be aimed at the dreamer (chased, drowning, held down, fleeing, "trying to kill
  // me"): a dream in which the dreamer hunts a killer, wins a fight or beats an animal is not a nightmare.
  const threatPlaces = threats.flatMap((symbol) => symbolHits.get(symbol)?.positions ?? []);
  const flightPlaces = [...symbolHits]
    .filter(([symbol]) => FLIGHT_SYMBOLS.has(symbol.id))
    .flatMap(([, hit]) => hit.positions);
  const isAimedAtDreamer =
    threats.some((symbol) => !DEALT_THREATS.has(symbol.id)) ||
    threatPlaces.some((at) => isAimedAtMe(parsed.words, at)) ||
    threatPlaces.some((at) => flightPlaces.some((flight) => Math.abs(flight - at) <= FLIGHT_REACH));
  // Fear the dreamer names as small ("I was a little afraid") is their measure of it: not a nightmare unfelt.
  const isFearSaidSmall = fear > 0 && fear < FEAR_WITH_THREAT;
  const isDense = dangerMentions >= UNFELT_DANGER && isDenseEnough && isAimedAtDreamer && !isFearSaidSmall;
  const isThreatened = sentiment <= 0.2 && threats.length > 0 && (isAfraid || isDense);
  // One fear word beside a danger makes a nightmare only when the dream's feelings lean dark, not when joy or love
  // are named as much (a death among other feelings is a sad or moving dream); strong fear, unless a stronger joy
  // follows it ("at first I am scared but then it is thrilling").
  const joy = Math.max(0, ...emotions.filter(({ entry }) => entry.valence > 0).map(({ intensity }) => intensity));
  const isFrightened =
    (fear >= STRONG_FEAR && fear > joy) || (fear >= FEAR_WITH_THREAT && hasThreat && sentiment < MIXED_FEELINGS);
  // "It didn't seem to be a scary dream", "não foi um pesadelo": the dreamer's word over the reader's guess.
  const isDenied = nightmareSaid.isDenied;
  if (input.isNightmare || isNamedNightmare) dreamType = 'pesadelo';
  else if (isLucid) dreamType = 'lúcido';
  else if (isCalledNightmare || (!isDenied && (isThreatened || isFrightened))) dreamType = 'pesadelo';
  else if (input.isRecurring) dreamType = 'recorrente';
  else if ((input.vividness ?? 0) >= 4) dreamType = 'vívido';

  // The one safety layer (modules/safety, docs/decisions/056), reading the text as a dream report.
  const distress = assessDistress(text, { context: 'dream' }).isDistress;

  // Texts in the requested language (reading-text.ts, decision 059).
  const reading = writeReading({
    lang,
    textLanguage,
    text,
    dreamEndsAt: finalWakeAt,
    hasFalseAwakening: falseAwakenings.length > 0,
    dreamType,
    symbols,
    symbolHits,
    themes,
    characters,
    settings,
    emotions,
    emotionHits,
    sentiment,
    history: options.history,
    distress,
  });

  return {
    summary: reading.summary,
    themes: reading.themes,
    symbols: reading.symbols,
    emotions: emotions.map(({ entry, intensity }) => ({ emotion: entry.id, intensity })),
    characters: characters.map((character) => character.name[lang]),
    settings: settings.map((setting) => setting.name[lang]),
    dreamType,
    interpretation: reading.interpretation,
    reflectionQuestions: reading.reflectionQuestions,
    luciditySignals,
    sentiment,
    distress,
  };
}

/** The lexicon's edition, stored as the "model" of builtin analyses (bump it when the lexicon's meanings change). */
export const BUILTIN_MODEL = 'léxico 2026.12';

/**
 * Why each symbol and theme was read: the words (a few either side) where its triggers hit, for the eval's
 * `--errors` listing (bench/eval-analyzer.ts). The same matching as analyzeDream's.
 */
export function explainReading(input: Pick<BuiltinAnalysisInput, 'title' | 'content'>): {
  symbols: Record<string, string[]>;
  themes: Record<string, string[]>;
} {
  const text = [input.title ?? '', input.content].join('\n');
  const padded = ` ${normalizePhrase(text)} `;
  const parsed = splitWords(text, titleLength(input.title));
  const primary = parsed.lang;
  const around = (position: number) =>
    `${parsed.words.slice(Math.max(0, position - 3), position).join(' ')} [${parsed.words[position] ?? ''}] ${parsed.words
      .slice(position + 1, position + 4)
      .join(' ')}`.trim();
  const explain = (hits: Map<LexiconEntry, Hit>) =>
    Object.fromEntries([...hits.entries()].map(([target, hit]) => [target.id, hit.positions.map(around)]));
  return {
    symbols: explain(match(SYMBOL_INDEX, parsed, padded, primary, IMAGE_READ)),
    themes: explain(match(THEME_INDEX, parsed, padded, primary, IMAGE_READ)),
  };
}

/** The ids of the lexicon symbols a text mentions, to count them over the user's earlier dreams. */
export function findSymbolIds(text: string): string[] {
  const parsed = splitWords(text);
  // The same reading as analyzeDream's: a negated mention ("não tinha cachorro") is not the symbol.
  const hits = match(SYMBOL_INDEX, parsed, ` ${normalizePhrase(text)} `, parsed.lang, IMAGE_READ);
  return [...hits.keys()].map((symbol) => symbol.id);
}
