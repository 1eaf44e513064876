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
// "I was scared", "he scared me", "fiquei com medo dele" are the dreamer's. The nearest feeler named before the feeling
// word in its clause (up to six words) decides: a person ("the kids were crying", "people would be anxious", "minha mãe
// ficou calma": a possessive with its noun names that person, "my heart was pounding" names the dreamer's body), a
// Portuguese verb of the third person ("ficaram nervosos", "sentiu medo") or of the first ("fiquei", "senti"). With
// none named, the narrator feels it ("estava com medo", "it was creepy"). A feeling word followed by "him", "her",
// "them" is theirs ("it scared him"), unless it is felt for them ("I loved him", "I hated her").
const OTHERS_BEFORE = new Set(
  'he she they his her their everyone everybody ele ela eles elas mundo pessoal todos todas'.split(' '),
);
const SELF_BEFORE = new Set('i me my myself we us our eu mim minha meu nos comigo'.split(' '));
/** "A gente" is "we", whose verb is of the third person ("a gente ficou com medo"). */
const isWe = (words: readonly string[], i: number) =>
  (words[i] === 'gente' && words[i - 1] === 'a') || (words[i - 1] === 'gente' && words[i - 2] === 'a');
const OTHERS_AFTER = new Set('him her them'.split(' '));
const SELF_AFTER = new Set('me us'.split(' '));
const FELT_FOR = new Set('love loved loving hate hated hating adore adored miss missed'.split(' '));
const FEELER_REACH = 6;
/** People a clause can be about: someone else's feeling when they are its subject. */
const PEOPLE = new Set(
  (
    'people person everyone everybody someone somebody others guy guys man men woman women boy boys girl girls kid kids ' +
    'child children baby mom mother dad father parents sister brother sisters brothers friend friends wife husband ' +
    'boyfriend girlfriend ex grandma grandpa grandmother grandfather aunt uncle cousin teacher boss crowd family ' +
    'students lady ladies dog cat pessoas pessoa gente galera povo alguem mae pai pais irma irmao irmas irmaos amigo ' +
    'amiga amigos amigas marido esposa namorado namorada vo vos avo avos tia tio prima primo filho filha filhos filhas ' +
    'menino menina meninos meninas crianca criancas bebe homem homens mulher mulheres moco moca chefe professor ' +
    'professora familia cachorro gato'
  ).split(' '),
);
const POSSESSIVES = new Set('my our minha meu minhas meus nossa nosso'.split(' '));
/** The dreamer's body feels what the dreamer feels: "my heart was pounding", "meu coração disparado". */
const BODY = new Set(
  'heart hands hand body legs chest face stomach voice coracao maos mao corpo pernas peito barriga rosto cara voz'.split(
    ' ',
  ),
);
/** "Thinking about my girlfriend and feeling guilty", "falando com a minha mãe": a person after a preposition is no subject. */
const PREPOSITIONS = new Set(
  'about of with for to at from by like in into on onto inside near under behind com de da do das dos para pra pro por sobre na no em'.split(
    ' ',
  ),
);
const DETERMINERS = new Set(
  'the a an this that my our his her their o a os as um uma minha meu minhas meus nossa nosso sua seu'.split(' '),
);
function isObject(words: readonly string[], at: number): boolean {
  let i = at - 1;
  while (i > at - 3 && DETERMINERS.has(words[i] ?? '')) i--;
  return PREPOSITIONS.has(words[i] ?? '');
}
/** Calm water, a still sky: "the sea was calm", "o mar estava tranquilo" is the thing's stillness, not the dreamer's peace. */
const STILL_REACH = 8;
/** Said of the thing ("the sea was calm", "o mar ficou calmo"), not an image of calm ("saiu como um rio calmo"). */
const LINKING = new Set(
  'was were is are stayed looked seemed got became estava estavam esta tava ficou era parecia'.split(' '),
);
const STILL_THINGS = new Set(
  'water sea ocean lake river sky wind weather air mar agua lago rio ceu vento tempo ar'.split(' '),
);
/** Portuguese verbs whose person is the third: the feeling is someone else's; or the first: the narrator's. */
const PT_OTHERS_VERBS = new Set(
  'ficou ficaram ficavam sentiu sentiram sentiam teve tiveram tinham estavam estao eram pareciam ficariam comecaram'.split(
    ' ',
  ),
);
/** The narrator's own past in Portuguese: "acordei", "fiquei", "chorei" (a verb of the first person's preterite). */
const isNarratorVerb = (word: string, lang: string) =>
  lang === 'pt' && (PT_SELF_VERBS.has(word) || (word.length > 4 && word.endsWith('ei')));
const PT_SELF_VERBS = new Set(
  'fiquei fico senti sinto tive tenho estou to ficamos sentimos tivemos estavamos tavamos estamos eramos ficavamos'.split(
    ' ',
  ),
);
/** "Todos ficaram nervosos": a feeling in the plural is the dreamer's only with a "we" in its clause. */
const PT_WE = new Set('nos gente ficamos sentimos tivemos estavamos tavamos estamos eramos ficavamos'.split(' '));
const PT_PLURAL = /(?:os|as)$/;

/** The words before an "'s" that is "is" or "has", not a possessive ("it's", "that's", "he's"). */
const NOT_POSSESSIVE = new Set('it that there what he she who let where here'.split(' '));

function clauseStart(clauseEnds: readonly number[], at: number): number {
  let start = at;
  while (start > 0 && clauseEnds[start - 1] === clauseEnds[at]) start--;
  return start;
}

function isOthersFeeling({ words, clauseEnds, lang }: Words, at: number): boolean {
  if (OTHERS_AFTER.has(words[at + 1] ?? '') && !FELT_FOR.has(words[at] ?? '')) return true;
  if (SELF_AFTER.has(words[at + 1] ?? '')) return false;
  const from = Math.max(clauseStart(clauseEnds, at), at - FEELER_REACH);
  for (let i = at - 1; i >= from; i--) {
    const word = words[i] ?? '';
    if (POSSESSIVES.has(word)) {
      if (i < at - 1 && isObject(words, i + 1)) continue;
      return i < at - 1 && !words.slice(i + 1, at).some((between) => BODY.has(between));
    }
    if (PEOPLE.has(word) && isObject(words, i)) continue;
    const isPt = lang === 'pt';
    if (SELF_BEFORE.has(word) || isNarratorVerb(word, lang) || isWe(words, i)) return false;
    if (OTHERS_BEFORE.has(word) || PEOPLE.has(word) || (isPt && PT_OTHERS_VERBS.has(word))) return true;
    // "much to the boy's horror", "the dog's fear": a possessive names someone else.
    if (word === 's' && i > 0 && !NOT_POSSESSIVE.has(words[i - 1] ?? '')) return true;
  }
  if (lang === 'pt' && PT_PLURAL.test(words[at] ?? '')) return !words.slice(from, at).some((word) => PT_WE.has(word));
  return false;
}

/** A feeling the dreamer only supposes: "I should be terrified", "I could have cried", "deveria estar com medo". */
const SUPPOSED_BEFORE: readonly (readonly string[])[] = [
  ['should'],
  ['should', 'be'],
  ['should', 'have'],
  ['should', 'have', 'been'],
  ['could', 'have'],
  ['would', 'have'],
  ['would', 'have', 'been'],
  ['ought', 'to', 'be'],
  ['deveria'],
  ['deveria', 'estar'],
  ['deveria', 'estar', 'com'],
  ['deveria', 'ter'],
  ['deveria', 'ficar'],
  // "normalmente eu ia morrer de medo", "eu ia ficar com medo": a "would" in speech.
  ['ia', 'ficar', 'com'],
  ['ia', 'morrer', 'de'],
  ['iria', 'ficar', 'com'],
  ['ficaria', 'com'],
];
const isPhraseBefore = (phrases: readonly (readonly string[])[], words: readonly string[], at: number) =>
  phrases.some((phrase) => phrase.every((word, i) => words[at - phrase.length + i] === word));

/**
 * "Weird" and "strange" are the dreamer's confusion only when felt ("I felt weird", "me senti estranha", "achei
 * estranho"); of a thing or a moment ("a weird color", "the weird part is", "o mais estranho é") they are no feeling.
 */
const ODD_WORDS = new Set('weird strange estranho estranha'.split(' '));
const FEEL_VERBS = new Set(
  'felt feel feeling feels thought think found senti sentia sinto sentindo achei acho achando fiquei ficava pensei'.split(
    ' ',
  ),
);
const DEGREE = new Set(
  'so very really kind of kinda a bit little pretty super muito mt mto meio tao bem um pouco'.split(' '),
);
/** "Que estranho", "so weird.", "mt estranho" ending its clause: the dreamer's own remark on what happened. */
const REMARK_BEFORE = new Set('que how so very really muito mt mto tao super'.split(' '));
function isFeltOdd({ words, clauseEnds }: Words, at: number): boolean {
  if (REMARK_BEFORE.has(words[at - 1] ?? '') && clauseEnds[at] === at + 1) return true;
  // "Weird but not scary", "estranho mas bom": a verdict on the dream.
  if (words[at + 1] === 'but' || words[at + 1] === 'mas') return true;
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    if (FEEL_VERBS.has(words[i] ?? '')) return true;
    if (!DEGREE.has(words[i] ?? '')) return false;
  }
  return false;
}

/** The thing is the subject of the feeling's clause or of the one before ("the water just stayed there, flat and calm"). */
function isStillThing({ words, clauseEnds, lang }: Words, at: number): boolean {
  const start = clauseStart(clauseEnds, at);
  const from = Math.max(start > 0 ? clauseStart(clauseEnds, start - 1) : 0, at - STILL_REACH);
  let isLinked = false;
  for (let i = at - 1; i >= from; i--) {
    const word = words[i] ?? '';
    if (SELF_BEFORE.has(word) || FEEL_VERBS.has(word) || isNarratorVerb(word, lang)) return false;
    if (STILL_THINGS.has(word)) return isLinked;
    if (LINKING.has(word)) isLinked = true;
  }
  return false;
}

/** Tears of another feeling are not sadness: "crying happy tears", "chorar de raiva", "ria e chorava", "so peaceful I could have cried". */
const TEARS = /^(?:chor|cry|cri|tear|sob)/;
const LAUGHTER = new Set('ria rindo rir riso risada laughing laughed laugh laughter'.split(' '));
const TEARS_REACH = 3;
const DISTRESS = new Set<Emotion>(['tristeza', 'medo', 'ansiedade']);

/** Words a typo-tolerant match takes for a feeling: "carrinho" (a cart, a toy car) is not "carinho". */
const NOT_FEELINGS = new Set(['carrinho', 'carrinhos']);

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

/**
 * The dreamer's own feelings among the words the lexicon finds: not someone
 * else's, not one only supposed, not a thing's oddness, not the tears of another feeling.
 */
export function dreamersFeelings(hits: Map<EmotionEntry, Hit>, parsed: Words): Map<EmotionEntry, Hit> {
  const { words } = parsed;
  const found = new Map<EmotionEntry, number[]>();
  for (const [entry, hit] of hits) found.set(entry, [...hit.positions]);
  const kept = new Map<EmotionEntry, number[]>();
  for (const [entry, positions] of found) {
    const mine = positions.filter(
      (at) =>
        !NOT_FEELINGS.has(words[at] ?? '') &&
        !isOthersFeeling(parsed, at) &&
        !isPhraseBefore(SUPPOSED_BEFORE, words, at) &&
        !(ODD_WORDS.has(words[at] ?? '') && !isFeltOdd(parsed, at)) &&
        !(entry.id === 'paz' && isStillThing(parsed, at)),
    );
    if (mine.length > 0) kept.set(entry, mine);
  }
  // Tears of fear or distress are still sad ("acordei com muito medo, chorando").
  const others = [...kept].filter(([entry]) => !DISTRESS.has(entry.id)).flatMap(([, positions]) => positions);
  const mine = new Map<EmotionEntry, Hit>();
  for (const [entry, positions] of kept) {
    const felt =
      entry.id !== 'tristeza'
        ? positions
        : positions.filter((at) => {
            if (!TEARS.test(words[at] ?? '')) return true;
            const near = (p: number) => Math.abs(p - at) <= TEARS_REACH;
            return !others.some(near) && !words.some((word, p) => near(p) && LAUGHTER.has(word));
          });
    if (felt.length > 0) mine.set(entry, { first: Math.min(...felt), count: felt.length, positions: felt });
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
