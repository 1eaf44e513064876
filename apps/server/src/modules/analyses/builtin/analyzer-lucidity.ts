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

// Awareness of dreaming, in any wording: "percebi q tava sonhando", "caiu a ficha que era sonho", "me liguei que era
// um sonho", "I realized I was still dreaming", "knew it was just a dream", "realizing I was dreaming", "it occurred
// to me that this was all a dream", "I think I'm dreaming". Read on the words with Portuguese shorthand spelled out,
// not negated ("não percebi que era um sonho").
const COLLOQUIAL: Record<string, string> = {
  q: 'que',
  tava: 'estava',
  tavam: 'estavam',
  to: 'estou',
  ta: 'esta',
  pra: 'para',
};
const AWARE = {
  pt: / (?:percebi|percebo|percebia|percebendo|descobri|descobrindo|notei|notando|entendi|entendo|vi|sabia|sei|sabendo|lembrei|me lembrei|me dei conta|dei conta|me toquei|me liguei|saquei|caiu a ficha|tive certeza|tinha certeza|consciencia|consciente|ciente)(?: de)? que(?: eu)?(?: ainda| so| tudo| aquilo| isso)?(?: ainda)? (?:estava|estou|era|e|esta|to|so podia estar|devia estar|so podia ser|devia ser) (?:sonhando|so um sonho|um sonho|sonho|num sonho|em um sonho|dentro de um sonho|dentro do sonho)/gu,
  en: / (?:realize|realized|realizing|realise|realised|realising|know|knew|knowing|notice|noticed|noticing|understand|understood|figure out|figured out|aware|awareness|conscious|remembered|recognized|recognised|recognizing|could tell|dawned on me|occurred to me|hit me|told myself|tell myself|reminded myself|remind myself|said to myself|say to myself|the fact)(?: of the fact)?(?: that)? (?:i was|i m|i am|i must be|i must have been|i had to be|it was|it was all|this was|this was all|this is|it s|it is|it must be|this must be|we were)(?: just| only| still| actually| really| all)? (?:dreaming|a dream|in a dream)|(?: i| and) (?:think|thought|thinking)(?: that)? (?:this must be|this is|this has to be|i must be|i m|i am)(?: just| only| still)? (?:dreaming|a dream)| (?:aware|conscious) of (?:dreaming|being in a dream)| recogni[sz]ed? (?:it|this) as a dream| (?:this is|i m|i am) (?:just|only|still) (?:a dream|dreaming)/gu,
};
const AWARE_ENTRY = LUCIDITY_PHRASES.find((entry) => entry.id === 'realized');
const LUCIDITY_WORDS = byFirstWord(LUCIDITY.flatMap(({ phrases }) => phrases));
/**
 * Knowing it was a dream once awake is no lucidity ("I woke up and realized it was just a dream", "acordei e vi que era
 * só um sonho"): the awareness must come before the last awakening. Saying the dream was lucid may come after it.
 */
const AWARENESS_ENTRIES = new Set(['realized', 'knew']);
// Reality checks the lexicon's phrases leave out: pinching oneself ("I pinched myself", "me belisquei").
const REALITY_CHECKS = [' pinched myself ', ' pinch myself ', ' pinching myself ', ' me belisquei ', ' me beliscar '];
const REALITY_CHECK_ENTRY = LUCIDITY_PHRASES.find((entry) => entry.id === 'reality_check');
const CHECK_WORDS = byFirstWord(REALITY_CHECKS);

export function readLucidity({ words, negated, lang, wakeAt, notImage }: Words) {
  const spelled = words.map((word) => (lang === 'pt' ? (COLLOQUIAL[word] ?? word) : word));
  const padded = ` ${spelled.join(' ')} `;
  // After the last awakening, unless the report goes back into the dream ("then I dreamed again…").
  const isDreaming = (at: number) => wakeAt < 0 || at < wakeAt || !notImage[at];
  // Each phrase's first place in the dream (one pass over the words): it is said there unless negated there.
  const firstAt = firstPlaces(spelled, LUCIDITY_WORDS);
  const isFirstSaid = (phrase: string, entry: PhraseEntry) => {
    const at = firstAt.get(phrase);
    return at !== undefined && !negated[at] && (!AWARENESS_ENTRIES.has(entry.id) || isDreaming(at));
  };
  const found = LUCIDITY.filter(({ entry, phrases }) => phrases.some((phrase) => isFirstSaid(phrase, entry))).map(
    ({ entry }) => entry,
  );
  const isAware = [...padded.matchAll(AWARE[lang])].some(({ index }) => {
    const at = wordsBefore(padded, index);
    return !negated[at] && isDreaming(at);
  });
  if (isAware && AWARE_ENTRY && !found.includes(AWARE_ENTRY)) found.push(AWARE_ENTRY);
  const isChecked = [...firstPlaces(spelled, CHECK_WORDS).values()].some((at) => !negated[at]);
  if (isChecked && REALITY_CHECK_ENTRY && !found.includes(REALITY_CHECK_ENTRY)) found.push(REALITY_CHECK_ENTRY);
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
