// Lucidity in a dream: the lexicon's phrases and any wording of awareness that it was a dream, not negated.
import { wordsBefore } from './analyzer-match.ts';
import { byFirstWord, firstPlaces, normalizePhrase } from './analyzer-phrases.ts';
import type { Words } from './analyzer-words.ts';
import { LUCIDITY_PHRASES, type PhraseEntry } from './lexicon.ts';

type Lang = 'pt' | 'en';

const LUCIDITY = LUCIDITY_PHRASES.map((entry) => ({
  entry,
  phrases: [...entry.phrases.pt, ...entry.phrases.en].map((phrase) => ` ${normalizePhrase(phrase)} `),
}));

const LUCIDITY_LEVEL_NAMES: Record<Lang, readonly string[]> = {
  pt: ['nenhuma', 'leve', 'moderada', 'controle total'],
  en: ['none', 'slight', 'moderate', 'full control'],
};

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

export function readLucidity({ words, negated, lang }: Words) {
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

/** The lucidity signals the analysis shows: the phrases found, and the level the dreamer recorded (0 to 3). */
export function luciditySignalsOf(lucidityMatches: readonly PhraseEntry[], lucidity: number, lang: Lang): string[] {
  const luciditySignals = lucidityMatches.map((entry) => entry.label[lang]);
  if (lucidity > 0) {
    luciditySignals.push(
      lang === 'pt'
        ? `Lucidez registrada por você: ${LUCIDITY_LEVEL_NAMES.pt[lucidity]}`
        : `Lucidity you recorded: ${LUCIDITY_LEVEL_NAMES.en[lucidity]}`,
    );
  }
  return luciditySignals;
}
