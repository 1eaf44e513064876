// The dream's type: a nightmare said or felt (fear, a threat aimed at the dreamer), lucid, recurring or vivid.
import type { FeltEmotion } from './analyzer-feelings.ts';
import type { Hit } from './analyzer-match.ts';
import { byFirstWord, firstPlaces, normalizePhrase, phraseAt, phraseList } from './analyzer-phrases.ts';
import type { Words } from './analyzer-words.ts';
import { EMOTION_LEXICON, NIGHTMARE_PHRASES, type LexiconEntry, type PhraseEntry, type ThemeEntry } from './lexicon.ts';
import type { DreamType } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';

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

// Fear said twice (or once, intensified: "muito medo", "so scared") makes a nightmare of any dream.
const STRONG_FEAR = 0.6;
const FEAR_WITH_THREAT = 0.45;
const THREAT_THEMES = new Set(['perseguicao', 'morte', 'queda']);
// Dangers that make even a little fear a nightmare.
const DANGER_SYMBOLS = new Set(
  'perseguicao ataque monstro guerra fim_do_mundo afogamento paralisia intruso enchente terremoto tempestade onda acidente fogo arma faca sangue morte_simbolo queda sombra aranha cobra escuridao'.split(
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
/** The most a dream's feelings may lean bright for a threat with no fear named to make a nightmare. */
const UNFELT_SENTIMENT = 0.2;
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
  // Someone breaking into the dreamer's home at night.
  'intruso',
]);

// Fear of a consequence is worry, not a nightmare's dread: "horrified that I was naked", "afraid of being caught", "I'm
// afraid that will happen if he finds out", "com medo de que descobrissem". Unless what is feared is a danger or aimed
// at the dreamer ("scared that he would kill me", "medo de que ele me pegasse"): readDreamType looks inside the clause.
const FEAR_WORDS = new Set(
  EMOTION_LEXICON.filter((entry) => entry.id === 'medo')
    .flatMap((entry) => [...entry.triggers.pt, ...entry.triggers.en])
    .map(normalizePhrase)
    .filter((trigger) => !trigger.includes(' ')),
);
const WORRY_OPENERS = [['that'], ['of', 'being'], ['of', 'getting'], ['que'], ['de', 'que'], ['de', 'ser']];
/**
 * "So scared that I couldn't move", "tanto medo que travei": a clause of result, the fear's strength; "um medo que eu
 * não sei explicar", "the fear that gripped me": a relative clause, the fear itself. Neither says what is feared.
 */
const NOT_WORRY_BEFORE = new Set('so such tao tanto tanta a an the this um uma o esse aquele'.split(' '));
/** "Afraid that night": a "that" that points at a time is no clause. */
const TIME_AFTER_THAT = new Set('night day time moment morning evening afternoon week year'.split(' '));
const OTHERS_FEELING = new Set('he she they ele ela eles elas'.split(' '));
/** Words read of a worry's clause: enough for "afraid that if I said it out loud she would go". */
const WORRY_REACH = 12;
/** A worry: where its fear word is, and the words of what is feared ([from, to) in the words). */
type Worry = { at: number; from: number; to: number };

function readWorries({ words, negated, clauseEnds }: Words): Worry[] {
  const worries: Worry[] = [];
  words.forEach((word, at) => {
    if (!FEAR_WORDS.has(word) || negated[at] || NOT_WORRY_BEFORE.has(words[at - 1] ?? '')) return;
    if ([1, 2, 3].some((back) => OTHERS_FEELING.has(words[at - back] ?? ''))) return;
    const opener = WORRY_OPENERS.find((phrase) => phrase.every((w, i) => words[at + 1 + i] === w));
    if (!opener) return;
    const from = at + 1 + opener.length;
    if (opener[0] === 'that' && TIME_AFTER_THAT.has(words[from] ?? '')) return;
    worries.push({ at, from, to: Math.min(from + WORRY_REACH, Math.max(clauseEnds[at] ?? 0, from + 4)) });
  });
  return worries;
}

// The dreamer's body invaded by vermin: "worms got under my skin", "bichos saindo da minha pele". An idiom ("he gets
// under my skin") names no vermin; vermin on a hook or in a garden invade nothing. Both in one clause.
const VERMIN = new Set(
  'worm worms maggot maggots larva larvae leech leeches parasite parasites verme vermes larvas minhoca minhocas sanguessuga sanguessugas parasita parasitas bicho bichos'.split(
    ' ',
  ),
);
const INVADED_BODY = phraseList([
  'under my skin',
  'into my skin',
  'in my skin',
  'out of my skin',
  'inside my body',
  'into my body',
  'out of my mouth',
  'out of my arm',
  'debaixo da minha pele',
  'embaixo da minha pele',
  'debaixo da pele',
  'embaixo da pele',
  'dentro da minha pele',
  'dentro do meu corpo',
  'saindo da minha pele',
  'saindo da minha boca',
  'saindo do meu braco',
]);

function isBodyInvaded({ words, negated, clauseEnds }: Words): boolean {
  const vermin = words.flatMap((word, at) => (VERMIN.has(word) && !negated[at] ? [at] : []));
  if (vermin.length === 0) return false;
  return words.some(
    (_, at) =>
      phraseAt(words, at, INVADED_BODY) > 0 &&
      !negated[at] &&
      vermin.some((place) => clauseEnds[place] === clauseEnds[at]),
  );
}

/** How the report speaks of nightmares (readNightmareSigns). */
export type NightmareSigns = {
  isNamedNightmare: boolean;
  isCalledNightmare: boolean;
  isDenied: boolean;
  /** The dreamer's fears of a consequence ("afraid that…", "medo de que…"): worry unless a danger is in them. */
  worries: readonly Worry[];
  /** Vermin entering the dreamer's body: a nightmare's horror even with no fear named. */
  isBodyInvaded: boolean;
};

/** Whether the words call the dream a nightmare, by the word itself or by its signs, or deny it was one. */
export function readNightmareSigns(parsed: Words): NightmareSigns {
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
  return {
    isNamedNightmare,
    isCalledNightmare,
    isDenied: nightmareSaid.isDenied,
    worries: readWorries(parsed),
    isBodyInvaded: isBodyInvaded(parsed),
  };
}

/** What the dream's type is read from: the dreamer's marks and what analyzeDream found in the words. */
type TypeFacts = {
  input: { isNightmare?: boolean; isRecurring?: boolean; vividness?: number | null; emotions?: readonly Emotion[] };
  words: readonly string[];
  emotions: readonly FeltEmotion[];
  sentiment: number;
  symbolHits: ReadonlyMap<LexiconEntry, Hit>;
  touchedThemes: readonly ThemeEntry[];
  /** The lucidity the dreamer recorded (0 to 3) and the lucidity phrases found. */
  lucidity: number;
  lucidityMatches: readonly PhraseEntry[];
  nightmare: NightmareSigns;
};

/** What the dreamer fears in a worry that makes it dread: a danger, or the dreamer ("that he would find me"). */
const FEARED_SELF = new Set('me us mim'.split(' '));
/**
 * The fear a nightmare is read from: the dreamer's fear words less their worries ("afraid that I'd be late"), each
 * word weighing what readEmotions gives it. A fear the dreamer picked is theirs whole.
 */
function dreadOf({ input, words, emotions, symbolHits, nightmare }: TypeFacts): number {
  const fear = emotions.find((e) => e.entry.id === 'medo')?.intensity ?? 0;
  if (fear === 0 || input.emotions?.includes('medo')) return fear;
  const dangerPlaces = [...symbolHits]
    .filter(([symbol]) => DANGER_SYMBOLS.has(symbol.id))
    .flatMap(([, hit]) => hit.positions);
  const worries = nightmare.worries.filter(
    ({ from, to }) =>
      !dangerPlaces.some((at) => at >= from && at < to) && !words.slice(from, to).some((word) => FEARED_SELF.has(word)),
  ).length;
  if (worries === 0) return fear;
  // readEmotions: 0.3 + 0.15 a word (analyzer-feelings.ts).
  const said = Math.round((fear - 0.3) / 0.15) - worries;
  return said > 0 ? Math.round((0.3 + 0.15 * said) * 100) / 100 : 0;
}

/** Weapons that are a threat when aimed at the dreamer ("I was shot", "he pulled a knife on me", "levei uma facada"). */
const AIMABLE = new Set(['arma', 'faca']);
const HIT_TAKEN = new Set('levei tomei'.split(' '));
const HIT_GIVEN = new Set('deu deram dava davam'.split(' '));
function isWeaponAimedAtMe(words: readonly string[], at: number): boolean {
  const article = words[at - 1] === 'um' || words[at - 1] === 'uma';
  return (
    isAimedAtMe(words, at) ||
    (article && HIT_TAKEN.has(words[at - 2] ?? '')) ||
    (article && HIT_GIVEN.has(words[at - 2] ?? '') && words[at - 3] === 'me')
  );
}
/** A voice raised at someone is a quarrel, not a cry for help: "I yelled at her", "gritei com ele", "shouted for me". */
const VOICE_AT = new Set('at to for com pra para pro'.split(' '));
const HELP = new Set('help socorro ajuda'.split(' '));
const isVoiceAtSomeone = (words: readonly string[], at: number) =>
  VOICE_AT.has(words[at + 1] ?? '') && !HELP.has(words[at + 2] ?? '');

export function readDreamType(facts: TypeFacts): DreamType {
  const { input, words, emotions, sentiment, symbolHits, touchedThemes, lucidity, lucidityMatches, nightmare } = facts;
  const { isNamedNightmare, isCalledNightmare } = nightmare;

  // Fear, less the worries about a consequence ("horrified that I was naked", "afraid of being caught").
  const fear = dreadOf(facts);
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
  // mentions or more, at least one in every 100 words. A long dream where a fight or a ghost passes by is not one.
  // A cry is flight; a voice raised at someone is not ("I yelled at her").
  const flightPlaces = [...symbolHits]
    .filter(([symbol]) => FLIGHT_SYMBOLS.has(symbol.id))
    .flatMap(([symbol, hit]) =>
      symbol.id === 'voz' ? hit.positions.filter((at) => !isVoiceAtSomeone(words, at)) : hit.positions,
    );
  let dangerMentions = flightPlaces.length;
  for (const [symbol, hit] of symbolHits) if (DANGER_SYMBOLS.has(symbol.id)) dangerMentions += hit.count;
  // A weapon is a threat when it is aimed at the dreamer ("I was shot just below the jaw"), not when the dreamer
  // carries or hides one.
  const threats = [...symbolHits].filter(
    ([symbol, hit]) =>
      THREAT_SYMBOLS.has(symbol.id) ||
      (AIMABLE.has(symbol.id) && hit.positions.some((at) => isWeaponAimedAtMe(words, at))),
  );
  // Fear or anxiety named is dread; guilt or disgust is only when the danger takes up the dream (one mention in every
  // 100 words at least): a long dream with a fight in it and a moment of guilt elsewhere is not a nightmare.
  const isDenseEnough = dangerMentions * DANGER_DENSITY >= words.length;
  // A feeling said small ("a little afraid") is not dread.
  const isAfraid = emotions.some(
    ({ entry, intensity }) =>
      (entry.id === 'medo' ? fear : intensity) >= FEAR_WITH_THREAT &&
      (FEAR_DREAD.has(entry.id) || (DREAD.has(entry.id) && dangerMentions > 0 && isDenseEnough)),
  );
  // With no fear named, the danger must be aimed at the dreamer (chased, drowning, held down, fleeing, "trying to kill
  // me"): a dream in which the dreamer hunts a killer, wins a fight or beats an animal is not a nightmare.
  const threatPlaces = threats.flatMap(([, hit]) => hit.positions);
  const isAimedAtDreamer =
    threats.some(([symbol]) => !DEALT_THREATS.has(symbol.id)) ||
    threatPlaces.some((at) => isAimedAtMe(words, at)) ||
    threatPlaces.some((at) => flightPlaces.some((flight) => Math.abs(flight - at) <= FLIGHT_REACH));
  // Fear the dreamer names as small ("I was a little afraid") is their measure of it: not a nightmare unfelt.
  const isFearSaidSmall = fear > 0 && fear < FEAR_WITH_THREAT;
  const isDense = dangerMentions >= UNFELT_DANGER && isDenseEnough && isAimedAtDreamer && !isFearSaidSmall;
  // Dread beside a threat makes a nightmare when the dream's feelings lean dark, not when joy is named as much ("I
  // feared the dog would be hit by a car" in a dream of saving it); a threat felt by nothing named, when it insists.
  const isThreatened =
    threats.length > 0 && ((isAfraid && sentiment < MIXED_FEELINGS) || (isDense && sentiment <= UNFELT_SENTIMENT));
  // One fear word beside a danger makes a nightmare only when the dream's feelings lean dark, not when joy or love
  // are named as much (a death among other feelings is a sad or moving dream); strong fear, unless a stronger joy
  // follows it ("at first I am scared but then it is thrilling").
  const joy = Math.max(0, ...emotions.filter(({ entry }) => entry.valence > 0).map(({ intensity }) => intensity));
  const isFrightened =
    (fear >= STRONG_FEAR && fear > joy) || (fear >= FEAR_WITH_THREAT && hasThreat && sentiment < MIXED_FEELINGS);
  // "It didn't seem to be a scary dream", "não foi um pesadelo": the dreamer's word over the reader's guess.
  const isDenied = nightmare.isDenied;
  const isFelt = isThreatened || isFrightened || nightmare.isBodyInvaded;
  if (input.isNightmare || isNamedNightmare) dreamType = 'pesadelo';
  else if (isLucid) dreamType = 'lúcido';
  else if (isCalledNightmare || (!isDenied && isFelt)) dreamType = 'pesadelo';
  else if (input.isRecurring) dreamType = 'recorrente';
  else if ((input.vividness ?? 0) >= 4) dreamType = 'vívido';
  return dreamType;
}
