// The dreamer's feelings in a dream: whose feeling a word is, how strongly it is said, and the intensities and the
// sentiment the analysis gives.
import type { Hit } from './analyzer-match.ts';
import type { Words } from './analyzer-words.ts';
import { EMOTION_LEXICON, type EmotionEntry } from './lexicon.ts';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';

const round2 = (value: number) => Math.round(value * 100) / 100;

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

export function dreamersFeelings<T>(hits: Map<T, Hit>, { words }: Words): Map<T, Hit> {
  const mine = new Map<T, Hit>();
  for (const [target, hit] of hits) {
    const positions = hit.positions.filter((at) => !isOthersFeeling(words, at));
    if (positions.length > 0) mine.set(target, { first: Math.min(...positions), count: positions.length, positions });
  }
  return mine;
}

function isIntensified(words: readonly string[], at: number): boolean {
  if (INTENSIFIED_AFTER.has(words[at - 1] ?? '') || INTENSIFIED_BEFORE.has(words[at + 1] ?? '')) return true;
  // "me deu um medo que...", "um medo que eu não sei explicar"
  return words[at - 1] === 'um' && words[at + 1] === 'que';
}

export type FeltEmotion = { entry: EmotionEntry; intensity: number };

/**
 * The dream's feelings and their intensities, strongest first: the words in the text (not negated ones, the
 * dreamer's own), and those the dreamer picked, which weigh more than any word.
 */
export function readEmotions(
  emotionHits: ReadonlyMap<EmotionEntry, Hit>,
  words: readonly string[],
  input: { emotions?: Emotion[]; isNightmare?: boolean },
  isCalledNightmare: boolean,
): FeltEmotion[] {
  const chosen = new Set(input.emotions ?? []);
  const emotions: { entry: EmotionEntry; intensity: number }[] = [];
  for (const entry of EMOTION_LEXICON) {
    const hit = emotionHits.get(entry);
    // An intensified feeling counts twice: "muito medo", "um medo que eu não sei explicar", "so scared".
    // A feeling said small counts half: "a little afraid" alone is not the fear of a nightmare.
    const hits =
      (hit?.count ?? 0) +
      (hit?.positions.filter((at) => isIntensified(words, at)).length ?? 0) -
      0.5 * (hit?.positions.filter((at) => isDiminished(words, at)).length ?? 0);
    let intensity = 0;
    if (chosen.has(entry.id)) intensity = Math.min(1, 0.6 + 0.1 * hits);
    else if (hits > 0) intensity = Math.min(0.9, 0.3 + 0.15 * hits);
    else if (entry.id === 'medo' && (input.isNightmare || isCalledNightmare)) intensity = 0.5;
    if (intensity > 0) emotions.push({ entry, intensity: round2(intensity) });
  }
  emotions.sort((a, b) => b.intensity - a.intensity || EMOTIONS.indexOf(a.entry.id) - EMOTIONS.indexOf(b.entry.id));
  return emotions;
}

/** The feelings' valences weighed by their intensities, from -1 to 1 (0 with none). */
export function sentimentOf(emotions: readonly FeltEmotion[]): number {
  const weight = emotions.reduce((sum, { intensity }) => sum + intensity, 0);
  const sentiment =
    weight === 0
      ? 0
      : round2(Math.max(-1, Math.min(1, emotions.reduce((sum, e) => sum + e.entry.valence * e.intensity, 0) / weight)));
  return sentiment;
}
