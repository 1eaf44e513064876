// What the builtin guide sees in a dream (docs/decisions/060): its people (as the dreamer named them, "seu avô", and
// whether the text says they died), places, images, feelings, type, what was said in it and what the people did, and
// the words it holds, folded and stemmed, to find the same people, places and images in the other dreams given.
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';
import { findSymbolIds } from '../analyses/builtin/builtin-analyzer.ts';
import type { ClassicDreamId } from '../analyses/builtin/classic-dreams.data.ts';
import { findClassicDreams } from '../analyses/builtin/classic-dreams.ts';
import { DREAM_SETTINGS, DREAM_SYMBOLS, EMOTION_LEXICON } from '../analyses/builtin/lexicon.ts';
import { foldText } from '../dreams/dreams.search.ts';
import type { ChatContextDream } from './chat.context.ts';
import { padded, quiet, stemSet, type Lang } from './chat.builtin-words.ts';

type Gender = 'm' | 'f' | 'n';

export interface DreamPerson {
  /** The same person across dreams and languages: 'grandfather', 'mother', … */
  key: string;
  label: Record<Lang, string>;
  gender: Gender;
  /** The text says this person has died ("que já morreu", "my late grandmother"). */
  isDeceased: boolean;
  /** What they did, in the answer's words ("abraça você", "hugs you"). */
  actions: Record<Lang, string>[];
  /** What they said in the dream ("estava tudo bem"): speech in a sentence that names them or says "ele"/"she". */
  speech: string[];
  /** Where in the folded text the person is first named (the first named is the dream's main person). */
  position: number;
}

export interface DreamFacts {
  dream: ChatContextDream;
  people: DreamPerson[];
  /** Places, as the dream names them when it is in the answer's language ("cozinha"), else the lexicon's name. */
  places: { key: string; label: string }[];
  /** The reading's symbols, lower case, in the reading's language, without people, places and death in a visit. */
  images: string[];
  /** Lexicon symbol ids (language-free): "cobra" and "snake" are one image. */
  symbolIds: Set<string>;
  emotions: Emotion[];
  dreamType: string;
  /** Short direct or reported speech ("estava tudo bem"). */
  speech: string[];
  /** Stems of every content word: text, title, tags, notes and the reading's symbols and themes. */
  stems: Set<string>;
  /** The dream's sentences, to quote where an image appears. */
  sentences: string[];
  /** The classic dreams the builtin reader recognises in it (teeth, chase, deceased_visit…). */
  classics: ClassicDreamId[];
  /** Folded text with spaces around, for phrase checks. */
  folded: string;
}

// [key, gender, pt label, en label, pt folded words, en folded words]. Grandparents are found apart (avô and avó
// fold to one word).
// prettier-ignore
const PEOPLE: [string, Gender, string, string, string, string][] = [
  ['grandfather', 'm', 'seu avô', 'your grandfather', 'vovozinho', 'grandfather grandpa granddad grandad gramps'],
  ['grandmother', 'f', 'sua avó', 'your grandmother', 'vovozinha', 'grandmother grandma granny nana'],
  ['mother', 'f', 'sua mãe', 'your mother', 'mae mamae mainha', 'mother mom mum mommy mummy mama'],
  ['father', 'm', 'seu pai', 'your father', 'pai papai painho', 'father dad daddy papa'],
  ['brother', 'm', 'seu irmão', 'your brother', 'irmao irmaozinho', 'brother'],
  ['sister', 'f', 'sua irmã', 'your sister', 'irma irmazinha', 'sister'],
  ['son', 'm', 'seu filho', 'your son', 'filho filhinho', 'son'],
  ['daughter', 'f', 'sua filha', 'your daughter', 'filha filhinha', 'daughter'],
  ['uncle', 'm', 'seu tio', 'your uncle', 'tio', 'uncle'],
  ['aunt', 'f', 'sua tia', 'your aunt', 'tia', 'aunt auntie'],
  ['cousin', 'n', 'seu primo ou sua prima', 'your cousin', 'primo prima', 'cousin'],
  ['boyfriend', 'm', 'seu namorado', 'your boyfriend', 'namorado', 'boyfriend'],
  ['girlfriend', 'f', 'sua namorada', 'your girlfriend', 'namorada', 'girlfriend'],
  ['husband', 'm', 'seu marido', 'your husband', 'marido esposo', 'husband'],
  ['wife', 'f', 'sua esposa', 'your wife', 'esposa', 'wife'],
  ['ex', 'n', 'seu ex', 'your ex', 'ex exnamorado exnamorada exmarido exmulher exesposa', 'ex exboyfriend exgirlfriend exhusband exwife'],
  ['friend', 'n', 'um amigo', 'a friend', 'amigo amiga amigos amigas', 'friend friends'],
  ['boss', 'n', 'seu chefe', 'your boss', 'chefe patrao patroa', 'boss manager'],
  ['teacher', 'n', 'um professor', 'a teacher', 'professor professora', 'teacher'],
  ['neighbour', 'n', 'um vizinho', 'a neighbour', 'vizinho vizinha', 'neighbour neighbor'],
  ['baby', 'n', 'um bebê', 'a baby', 'bebe nene', 'baby'],
];

const PERSON_BY_WORD = new Map<string, (typeof PEOPLE)[number]>();
for (const row of PEOPLE) for (const word of `${row[4]} ${row[5]}`.split(' ')) PERSON_BY_WORD.set(word, row);

const PRONOUNS = new Map<string, Gender>([
  ['ele', 'm'],
  ['he', 'm'],
  ['ela', 'f'],
  ['she', 'f'],
]);
const MALE_DETERMINERS = new Set(['meu', 'o', 'do', 'no', 'seu', 'teu', 'ao', 'pelo', 'esse', 'este', 'nosso']);
const FEMALE_DETERMINERS = new Set(['minha', 'a', 'da', 'na', 'sua', 'tua', 'pela', 'essa', 'esta', 'nossa']);
const GRANDPARENT = new Set(['avo', 'vovo', 'vo', 'avos']);

const HOLDINGS = new Set([
  'casa',
  'sitio',
  'fazenda',
  'apartamento',
  'apto',
  'quarto',
  'house',
  'place',
  'home',
  'farm',
  'room',
]);

const personOf = (key: string) => PEOPLE.find((row) => row[0] === key);

/**
 * "vô" and "vó" fold to one word: the accent says which when it is there, else the word before it ("meu vo",
 * "da vo"); with neither, one of the two.
 */
function grandparentAt(original: string, words: string[], index: number): string {
  const word = original.toLocaleLowerCase('pt-BR');
  if (/[ô]$/.test(word)) return 'grandfather';
  if (/[ó]$/.test(word)) return 'grandmother';
  const before = words[index - 1] ?? '';
  if (MALE_DETERMINERS.has(before)) return 'grandfather';
  if (FEMALE_DETERMINERS.has(before)) return 'grandmother';
  return 'grandparent';
}

// Said of someone who has died, in waking life (not a death happening in the dream: "meu pai morria").
const DECEASED_MARKERS = [
  'ja morreu',
  'que morreu',
  'morreu ha',
  'morreu ano',
  'morreu em',
  'morreu faz',
  'faleceu',
  'falecido',
  'falecida',
  'finado',
  'finada',
  'ja se foi',
  'ja partiu',
  'que partiu',
  'who died',
  'has died',
  'had died',
  'died last',
  'died in',
  'died when',
  'died years',
  'passed away',
  'passed on',
  'deceased',
  'who is gone',
  'since he died',
  'since she died',
].map((marker) => ` ${marker} `);

// What the people of a dream do to or with the dreamer: [folded word prefixes, pt, en].
const ACTIONS: [RegExp, string, string][] = [
  [/ (?:me )?abrac| (?:hug|hugs|hugged|hugging|embraced) /, 'abraça você', 'hugs you'],
  [/ (?:me )?beij| (?:kiss|kissed|kisses) /, 'beija você', 'kisses you'],
  [/ (?:sorriu|sorria|sorrindo)| (?:smiled|smiles|smiling) /, 'sorri', 'smiles'],
  [/ (?:segurou|segurava) (?:a )?minha mao | (?:held|holds|holding) my hand /, 'segura sua mão', 'holds your hand'],
  [
    / (?:conversou|conversamos|conversava|falou comigo|falava comigo) | (?:talked|talks|spoke) (?:to|with) me /,
    'conversa com você',
    'talks with you',
  ],
  [/ (?:chorou|chorava|chorando) | (?:cried|crying) /, 'chora', 'cries'],
  [/ (?:gritou|gritava) comigo | (?:yelled|shouted|screamed) at me /, 'grita com você', 'yells at you'],
  [/ (?:brigou|brigamos|brigava|discutimos) | (?:argued|fought|yelled) /, 'briga com você', 'argues with you'],
  [/ (?:me bateu|batia em mim) | (?:hit me|beat me|attacked me) /, 'bate em você', 'hits you'],
  [
    / (?:me perseguia|me perseguiu|correu atras de mim) | (?:chased me|was chasing me|ran after me) /,
    'persegue você',
    'chases you',
  ],
];

const SPEECH_PATTERNS = [
  /[“"]([^”"\n]{3,90})[”"]/gu,
  /\b(?:disse|dizia|falou|falava|contou|avisou|repetia)(?:\s+(?:para|pra)\s+mim|\s+me)?\s+que\s+([^.!?;\n"“”]{3,90})/giu,
  /\b(?:said|told me|says|whispered|kept saying)(?:\s+to me)?(?:\s+that)?\s+([^.!?;\n"“”]{3,90})/giu,
];

// A feeling denied is not shared ("não senti medo", "I wasn't scared").
const NEGATIONS = ['nao', 'nem', 'nunca', 'sem', 'not', 'wasnt', 'didnt', 'never', 'no', 'dont', 'isnt'];

// The feelings' and places' triggers, padded once.
const FEELING_TRIGGERS = EMOTION_LEXICON.map((entry) => ({
  entry,
  triggers: [...entry.triggers.pt, ...entry.triggers.en].map((trigger) => ({ trigger, phrase: padded(trigger) })),
}));
const PLACE_TRIGGERS = DREAM_SETTINGS.map((entry) => ({
  entry,
  triggers: (['pt', 'en'] as const).flatMap((source) =>
    entry.triggers[source].map((trigger) => ({ source, trigger, phrase: padded(trigger) })),
  ),
}));

export function findFeelings(folded: string): { emotion: Emotion; word: string }[] {
  const words = folded.trim().split(' ');
  const found: { emotion: Emotion; word: string; at: number }[] = [];
  for (const { entry, triggers } of FEELING_TRIGGERS) {
    for (const { trigger, phrase } of triggers) {
      const at = folded.indexOf(phrase);
      if (at < 0 || found.some((feeling) => feeling.emotion === entry.id)) continue;
      const index = folded.slice(0, at).trim().split(' ').filter(Boolean).length;
      const before = words.slice(Math.max(0, index - 3), index);
      if (before.some((word) => NEGATIONS.includes(word))) continue;
      found.push({ emotion: entry.id, word: trigger, at });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ emotion, word }) => ({ emotion, word }));
}

/**
 * The reading the guide works from: the dream's stored analysis; without one, the lexicon's symbols and the feelings
 * the text names, read here (the full reader costs ten times more, and a journal answer reads up to ten dreams).
 */
function readingOf(dream: ChatContextDream, text: string, lang: Lang) {
  const ids = findSymbolIds(text);
  if (dream.analysis) return { ...dream.analysis, symbolIds: ids };
  const symbols = ids.flatMap((id) => {
    const symbol = DREAM_SYMBOLS.find((entry) => entry.id === id);
    return symbol ? [symbol.name[lang]] : [];
  });
  return {
    themes: [] as string[],
    symbols,
    emotions: findFeelings(padded(text)).map((feeling) => feeling.emotion) as string[],
    dreamType: 'comum',
    symbolIds: ids,
  };
}

const SENTENCE_END = /(?<=[.!?;…])\s+|\n+/u;

function findPeople(text: string): DreamPerson[] {
  const found = new Map<string, DreamPerson>();
  const sentences = text.split(SENTENCE_END);
  let offset = 0;
  for (const sentence of sentences) {
    // Who is in the scene, not who is spoken of: what was said ("ela disse: 'cuida do seu irmão'") names no one.
    const scene = sentence
      .replace(/[“"][^”"]*[”"]/gu, ' ')
      .replace(/\b(disse|dizia|falou|falava|contou|avisou|repetia|said|says|told|whispered)\b[\s\S]*$/iu, '$1');
    const originals = scene.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
    const words = originals.map((word) => foldText(word).replace(/-/g, ''));
    const paddedSentence = padded(sentence);
    const isDeceasedHere = DECEASED_MARKERS.some((marker) => paddedSentence.includes(marker));
    let namesSomeone = false;
    for (const [index, word] of words.entries()) {
      const key = GRANDPARENT.has(word)
        ? word === 'avos'
          ? 'grandparent'
          : grandparentAt(originals[index] ?? word, words, index)
        : PERSON_BY_WORD.get(word)?.[0];
      if (!key) continue;
      // "a casa da minha avó", "grandma's house": a place of theirs, not the person in the dream.
      const before = words.slice(Math.max(0, index - 3), index);
      if (before.some((w) => HOLDINGS.has(w)) && before.some((w) => w === 'da' || w === 'do')) continue;
      if (words[index + 1] === 's' && HOLDINGS.has(words[index + 2] ?? '')) continue;
      // "vo" alone is a grandparent only after a determiner ("meu vo"): else it is too short to trust.
      if (
        word === 'vo' &&
        !MALE_DETERMINERS.has(words[index - 1] ?? '') &&
        !FEMALE_DETERMINERS.has(words[index - 1] ?? '')
      )
        continue;
      namesSomeone = true;
      const existing = found.get(key);
      const person = existing ?? {
        key,
        ...personLabel(key, words[index - 1]),
        isDeceased: false,
        actions: [],
        speech: [],
        position: offset + index,
      };
      // The death marker counts for the person named in its sentence ("meu avô, que morreu ano passado").
      if (isDeceasedHere || words[index - 1] === 'late') person.isDeceased = true;
      for (const [pattern, pt, en] of ACTIONS) {
        if (pattern.test(paddedSentence) && !person.actions.some((action) => action.pt === pt))
          person.actions.push({ pt, en });
      }
      for (const said of findSpeech(sentence)) if (!person.speech.includes(said)) person.speech.push(said);
      found.set(key, person);
    }
    // "Ele apareceu…, me abraçou": a sentence that names no one but says he/she does it is about the last person of
    // that gender named before.
    const pronoun = words.find((w) => PRONOUNS.has(w));
    if (pronoun && !namesSomeone) {
      const gender = PRONOUNS.get(pronoun);
      const last = [...found.values()].reverse().find((person) => person.gender === gender || person.gender === 'n');
      if (last) {
        if (isDeceasedHere) last.isDeceased = true;
        for (const [pattern, pt, en] of ACTIONS) {
          if (pattern.test(paddedSentence) && !last.actions.some((action) => action.pt === pt))
            last.actions.push({ pt, en });
        }
        for (const said of findSpeech(sentence)) if (!last.speech.includes(said)) last.speech.push(said);
      }
    }
    offset += words.length;
  }
  return [...found.values()].sort((a, b) => a.position - b.position);
}

function personLabel(key: string, before: string | undefined): { label: Record<Lang, string>; gender: Gender } {
  if (key === 'grandparent') return { label: { pt: 'seu avô ou sua avó', en: 'your grandparent' }, gender: 'n' };
  const row = personOf(key);
  if (!row) return { label: { pt: key, en: key }, gender: 'n' };
  let { 2: pt } = row;
  // "minha amiga" is "sua amiga", not "um amigo".
  if (key === 'friend' && before && FEMALE_DETERMINERS.has(before)) pt = 'sua amiga';
  else if (key === 'friend' && before && MALE_DETERMINERS.has(before)) pt = 'seu amigo';
  return { label: { pt, en: row[3] }, gender: row[1] };
}

/** Places the dream names: the lexicon's settings found in the folded text, a longer name over one inside it. */
function findPlaces(folded: string, lang: Lang): { key: string; label: string }[] {
  const hits: { key: string; label: string; start: number; end: number }[] = [];
  for (const { entry, triggers } of PLACE_TRIGGERS) {
    {
      for (const { source, trigger, phrase } of triggers) {
        const start = folded.indexOf(phrase);
        if (start < 0) continue;
        // The dreamer's own word when it is in the answer's language ("na casa da minha avó" → "casa da sua avó").
        const label =
          source === lang
            ? trigger
                .replace(/\bminha\b/g, 'sua')
                .replace(/\bmeu\b/g, 'seu')
                .replace(/\bmy\b/g, 'your')
            : entry.name[lang].toLocaleLowerCase(lang === 'pt' ? 'pt-BR' : 'en');
        hits.push({ key: entry.id, label, start, end: start + phrase.length });
      }
    }
  }
  const kept = hits
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .filter((hit, index, all) => !all.slice(0, index).some((other) => other.start <= hit.start && hit.end <= other.end))
    .sort((a, b) => a.start - b.start);
  const seen = new Set<string>();
  return kept.filter((hit) => !seen.has(hit.label) && seen.add(hit.label)).map(({ key, label }) => ({ key, label }));
}

function findSpeech(text: string): string[] {
  const said: string[] = [];
  for (const pattern of SPEECH_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const words = quiet(match[1] ?? '')
        .replace(/[,:]+$/, '')
        .split(' ');
      if (words.length < 2) continue;
      const phrase = words.slice(0, 12).join(' ');
      if (!said.includes(phrase)) said.push(phrase);
    }
  }
  return said.slice(0, 2);
}

const DEATH_IMAGES = new Set(['morte', 'death', 'luto', 'grief', 'funeral', 'enterro']);

export function emotionName(emotion: Emotion, lang: Lang): string {
  const entry = EMOTION_LEXICON.find((row) => row.id === emotion);
  return (entry?.name[lang] ?? emotion).toLocaleLowerCase(lang === 'pt' ? 'pt-BR' : 'en');
}

/** What the guide knows of one dream of the context. */
export function factsOf(dream: ChatContextDream, language: AnalysisLanguage): DreamFacts {
  const lang: Lang = language === 'en' ? 'en' : 'pt';
  const text = [dream.title, dream.content].filter(Boolean).join('.\n');
  const reading = readingOf(dream, text, lang);
  const folded = padded(text);
  const people = findPeople(text);
  const classics = findClassicDreams(text);
  // The reader's visit recogniser knows more ways of saying someone died ("in memory of", "que se foi"): its word
  // marks the dream's first person as the one who came, when this reading missed it.
  const [first] = people;
  if (classics.includes('deceased_visit') && first && !people.some((person) => person.isDeceased))
    first.isDeceased = true;
  const places = findPlaces(folded, lang);
  const hasVisit = people.some((person) => person.isDeceased);
  const placeNames = new Set(places.map((place) => foldText(place.label)));
  // A person is named once, as a person: the symbol of the same id ("Ex-parceiro" beside "seu ex") is not an image too.
  const personSymbols = new Set(
    DREAM_SYMBOLS.filter((symbol) => people.some((person) => person.key === symbol.id)).flatMap((symbol) => [
      foldText(symbol.name.pt),
      foldText(symbol.name.en),
    ]),
  );
  const images = [
    ...new Set(reading.symbols.map((symbol) => symbol.toLocaleLowerCase(lang === 'pt' ? 'pt-BR' : 'en'))),
  ].filter(
    (image) =>
      !placeNames.has(foldText(image)) &&
      !personSymbols.has(foldText(image)) &&
      !(hasVisit && DEATH_IMAGES.has(foldText(image))),
  );
  const emotions = [
    ...new Set([
      ...dream.emotions,
      ...reading.emotions.filter((emotion): emotion is Emotion => EMOTION_LEXICON.some((row) => row.id === emotion)),
    ]),
  ];
  const dreamType = dream.isNightmare
    ? 'pesadelo'
    : dream.lucidity >= 2
      ? 'lúcido'
      : dream.isRecurring
        ? 'recorrente'
        : reading.dreamType;
  return {
    dream,
    people,
    places,
    images,
    symbolIds: new Set(reading.symbolIds),
    emotions,
    dreamType,
    speech: findSpeech(dream.content),
    stems: stemSet([dream.title, dream.content, dream.notes, ...dream.tags, ...reading.symbols, ...reading.themes]),
    sentences: dream.content
      .split(SENTENCE_END)
      .map((sentence) => sentence.trim())
      .filter(Boolean),
    classics,
    folded,
  };
}

/** People named in a text (a message), by key, with the gender the word gives. */
export function peopleIn(text: string): DreamPerson[] {
  return findPeople(text);
}
