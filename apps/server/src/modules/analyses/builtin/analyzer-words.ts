// The builtin analyzer's tokenizer: a dream's words in order, with where each is negated, where it names no image
// of the dream (a figure of speech, waking life, real life, a name) and the language it is written in.
import { detectLanguage } from './analyzer-language.ts';
import { isAt, normalizePhrase, phraseAt, phraseList } from './analyzer-phrases.ts';
import {
  ATTEMPTS,
  BEFORE_YEAR,
  COMPARISON_REACH,
  COMPARISONS,
  DREAM_GOES_ON,
  DREAM_RETURN,
  ELLIPSIS_REACH,
  ELLIPSIS_WORDS,
  INTENSIFIERS,
  IRREALIS,
  IRREALIS_REACH,
  NEGATION_REACH,
  NEGATORS,
  NOT_COMPARING_BEFORE_LIKE,
  NOT_COUNTED,
  NOT_WAKING_BEFORE,
  REAL_LIFE,
  SHORT_NEGATORS,
  SHORT_REACH,
  STILL_DREAMING,
  TOPIC_REACH,
  TOPICS,
  WAKE_MARKERS,
  WAKING_MOMENT,
  YEAR,
} from './analyzer-words.data.ts';
import { BLOCKED_PHRASES } from './lexicon.ts';

type Lang = 'pt' | 'en';

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

const COMPARISON_WORDS = phraseList([...COMPARISONS.pt, ...COMPARISONS.en]);
const WAKE_WORDS = phraseList(WAKE_MARKERS);
const DREAM_RETURN_WORDS = phraseList(DREAM_RETURN);
const STILL_DREAMING_WORDS = phraseList(STILL_DREAMING);
const REAL_LIFE_WORDS = phraseList(REAL_LIFE);
const IRREALIS_WORDS = phraseList([...IRREALIS.pt, ...IRREALIS.en]);
const TOPIC_WORDS = phraseList([...TOPICS.pt, ...TOPICS.en]);
const DREAM_WORDS = phraseList(['sonho', 'sonhei', 'sonhando', 'dream', 'dreamt', 'dreamed', 'dreaming']);

/** A dream's words in order, each with whether it is negated, and whether it names no image of the dream. */
export type Words = {
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

/** A text's words, lowercase and unaccented, with its sentences and clauses, and the words that are names. */
type Split = {
  words: string[];
  /** Where each sentence starts, and the number of words at the end. */
  sentenceStarts: number[];
  clauseEnds: number[];
  clauses: [start: number, end: number][];
  isName: boolean[];
};

function splitClauses(text: string): Split {
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
  return { words, sentenceStarts, clauseEnds, clauses, isName };
}

/** Which words are negated, in the text's language. */
function readNegation({ words, sentenceStarts, clauses }: Split, lang: Lang): boolean[] {
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
  return negated;
}

function readFalseAwakenings({ words, sentenceStarts }: Split): {
  isFalseAwakening: Set<number>;
  falseAwakenings: number[];
} {
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
  return { isFalseAwakening, falseAwakenings };
}

/**
 * The words that name no image of the dream (after waking, about real life, only wanted, a topic, in a comparison, a
 * name), the same with names read, and where the dreamer really wakes up.
 */
function readNotImage(
  { words, sentenceStarts, clauseEnds, isName }: Split,
  isFalseAwakening: ReadonlySet<number>,
  titleLength: number,
): { notImage: boolean[]; namesRead: boolean[]; wakeAt: number } {
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
  return { notImage, namesRead, wakeAt };
}

/** The positions of the words of a blocked idiom (BLOCKED_PHRASES). */
function blockedPositions(words: readonly string[]): Set<number> {
  const blocked = new Set<number>();
  words.forEach((word, start) => {
    for (const phrase of BLOCKER_WORDS.get(word) ?? [])
      if (isAt(words, start, phrase)) for (let i = 0; i < phrase.length; i++) blocked.add(start + i);
  });
  return blocked;
}

export function splitWords(text: string, titleLength = 0, fallback: Lang = 'pt'): Words {
  const split = splitClauses(text);
  const { words, clauseEnds } = split;
  const lang = detectLanguage(words, fallback, text);
  const negated = readNegation(split, lang);
  const { isFalseAwakening, falseAwakenings } = readFalseAwakenings(split);
  const { notImage, namesRead, wakeAt } = readNotImage(split, isFalseAwakening, titleLength);
  const blocked = blockedPositions(words);
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
