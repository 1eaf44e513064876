// The builtin reading's texts (decision 059): content first, in the categories of the Hall–Van de Castle system, then
// the classic dream's note, then where the feelings sit, the history and the type. The summary names the central
// event ("Um sonho em que seu avô, que já morreu, vem visitar você e diz que está tudo bem."); the questions are made
// of the dream's own people, words and things. "Not generative AI" is said once, in the web's author line, not here.
import type { DreamType } from '@sonhario/contracts/analyses';
import { CLASSIC_NOTES, readClassicDreams, type ClassicDream, type ClassicDreamId } from './classic-dreams.ts';
import {
  findContent,
  findDeceased,
  findLooseEnds,
  findPeople,
  findSpeech,
  findThings,
  fold,
  readDoc,
  type ContentEvent,
  type ContentKind,
  type Doc,
  type Person,
  type Speech,
  type Thing,
  PERSON_WORDS,
} from './content-analysis.ts';
import type { Bilingual, EmotionEntry, LexiconEntry, ThemeEntry } from './lexicon.ts';
import { assessDistress, explainDistress } from '../../safety/distress.ts';

type Lang = 'pt' | 'en';
type Located = { positions: readonly number[] };
type FeltEmotion = { entry: EmotionEntry; intensity: number };

export type ReadingInput = {
  /** The language the reading is written in (the user's). */
  lang: Lang;
  /** The language the dream is written in: its words are quoted only when it is the reading's. */
  textLanguage: Lang;
  /** The title and the account, as written. */
  text: string;
  /** The word of `text` where the dreamer really woke up (the analyzer's `finalWakeAt`), or -1. */
  dreamEndsAt: number;
  /** The dreamer "woke up" inside the dream and it went on. */
  hasFalseAwakening: boolean;
  dreamType: DreamType;
  symbols: readonly LexiconEntry[];
  symbolHits: ReadonlyMap<LexiconEntry, Located>;
  themes: readonly ThemeEntry[];
  characters: readonly LexiconEntry[];
  settings: readonly LexiconEntry[];
  emotions: readonly FeltEmotion[];
  emotionHits: ReadonlyMap<EmotionEntry, Located>;
  sentiment: number;
  history?: { symbolCounts: Record<string, number>; dreamCount: number };
  /**
   * The safety layer found distress in the text (decision 056): the sentences where it did are not read as symbols or
   * classic dreams.
   */
  distress?: boolean;
};

export type ReadingText = {
  summary: string;
  interpretation: string;
  reflectionQuestions: string[];
  themes: { name: string; description: string }[];
  symbols: { symbol: string; meaning: string }[];
  classics: ClassicDreamId[];
};

const LIMITS = { questions: 4, historyMentions: 2, classicNotes: 2, summaryEvents: 2 } as const;
const FEELING_NEAR = 5;

const quote = (text: string) => `“${text}”`;
const locale = (lang: Lang) => (lang === 'pt' ? 'pt-BR' : 'en');
const lower = (text: string, lang: Lang) => text.toLocaleLowerCase(locale(lang));
const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function list(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  const and = lang === 'pt' ? ' e ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

// Portuguese contractions before "seu/sua/o/a/um/uma": "do seu avô", "à sua avó", "na planilha".
function contract(preposition: 'de' | 'a' | 'em', phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const forms: Record<string, Record<string, string>> = {
    de: { o: 'do', a: 'da', os: 'dos', as: 'das', um: 'de um', uma: 'de uma', seu: 'do seu', sua: 'da sua' },
    a: { o: 'ao', a: 'à', os: 'aos', as: 'às', um: 'a um', uma: 'a uma', seu: 'ao seu', sua: 'à sua' },
    em: { o: 'no', a: 'na', os: 'nos', as: 'nas', um: 'num', uma: 'numa', seu: 'no seu', sua: 'na sua' },
  };
  const joined = forms[preposition]?.[first];
  if (!joined) return `${preposition} ${phrase}`;
  return [joined, ...rest].join(' ');
}

// --- what the dream holds ---------------------------------------------------------------------------------------

/** Everything the texts are made of, read once per reading. */
type Facts = {
  doc: Doc;
  classics: ClassicDream[];
  people: Person[];
  deceased: Person | undefined;
  hasDeceasedVisit: boolean;
  speech: Speech | undefined;
  content: ContentEvent[];
  forgotten: Thing[];
  unfinished: Thing[];
  things: string[];
};

function readFacts(input: ReadingInput, doc: Doc, quiet: Quiet): Facts {
  const classics = readClassicDreams(doc, input.dreamEndsAt).filter((classic) => !isQuiet(quiet, classic.sentence));
  const hasDeceasedVisit = classics.some((classic) => classic.id === 'deceased_visit');
  const deceased = findDeceased(doc).find((death) => death.person)?.person;
  const people = findPeople(doc).map(({ person }) => person);
  if (deceased && !people.some((person) => person.id === deceased.id)) people.unshift(deceased);
  // "ele disse que…": in a visit, "ele" is the one who came.
  const speech = findSpeech(input.text, doc, hasDeceasedVisit ? deceased : people.length === 1 ? people[0] : undefined);
  const { forgotten, unfinished } = findLooseEnds(doc);
  return {
    doc,
    classics,
    people,
    deceased,
    hasDeceasedVisit,
    speech,
    content: findContent(doc),
    forgotten,
    unfinished,
    things: findThings(doc),
  };
}

/** The words of the dream are quoted in the reading only when both are in the same language. */
const isQuotable = (input: ReadingInput) => input.textLanguage === input.lang;

// The dreamer's own words, said back to them: "me" and "eu" become "você" ("disse que me amava" → "que amava você").
const TO_YOU: Record<Lang, [RegExp, string][]> = {
  pt: [
    [/\bcomigo\b/giu, 'com você'],
    [/\bmeus\b/giu, 'seus'],
    [/\bminhas\b/giu, 'suas'],
    [/\bmeu\b/giu, 'seu'],
    [/\bminha\b/giu, 'sua'],
    [/\bme ([\p{L}]+)/giu, '$1 você'],
    [/\bmim\b/giu, 'você'],
    [/\beu\b/giu, 'você'],
  ],
  en: [
    [/\bi was\b/giu, 'you were'],
    [/\bi am\b/giu, 'you are'],
    [/\bmyself\b/giu, 'yourself'],
    [/\bmine\b/giu, 'yours'],
    [/\bmy\b/giu, 'your'],
    [/\bme\b/giu, 'you'],
    [/\bi\b/giu, 'you'],
  ],
};
const toYou = (text: string, lang: Lang) =>
  TO_YOU[lang].reduce((changed, [pattern, replacement]) => changed.replace(pattern, replacement), text);

// An instruction said back ("told me to…", "me disse pra…"): English keeps the verb after "to"; Portuguese keeps the
// infinitive after "para você" and turns the dreamer's own "me", "meu" into "se", "seu": it is the dreamer who is to do it.
const toYouDoing = (text: string, lang: Lang) =>
  lang === 'en'
    ? toYou(text, lang)
    : text
        .replace(/\bme\b/giu, 'se')
        .replace(/\bmeus\b/giu, 'seus')
        .replace(/\bminhas\b/giu, 'suas')
        .replace(/\bmeu\b/giu, 'seu')
        .replace(/\bminha\b/giu, 'sua');

function personName(person: Person | undefined, lang: Lang): string | undefined {
  return person?.name[lang];
}

// --- the summary: the central event ---------------------------------------------------------------------------

const FRAME: Record<DreamType, Bilingual> = {
  comum: { pt: 'Um sonho', en: 'A dream' },
  pesadelo: { pt: 'Um pesadelo', en: 'A nightmare' },
  lúcido: { pt: 'Um sonho lúcido', en: 'A lucid dream' },
  recorrente: { pt: 'Um sonho que volta', en: 'A recurring dream' },
  vívido: { pt: 'Um sonho vívido', en: 'A vivid dream' },
};

/** Before the event: "Num pesadelo, um cachorro persegue você." Nothing for a plain dream. */
const EVENT_FRAME: Record<DreamType, Bilingual> = {
  comum: { pt: '', en: '' },
  pesadelo: { pt: 'num pesadelo, ', en: 'in a nightmare, ' },
  lúcido: { pt: 'num sonho lúcido, ', en: 'in a lucid dream, ' },
  recorrente: { pt: 'mais uma vez, ', en: 'once again, ' },
  vívido: { pt: 'num sonho vívido, ', en: 'in a vivid dream, ' },
};
/** Flying is over a place: "no mar" → "sobre o mar", "in a city" → "over a city". */
function above(place: string, lang: Lang): string {
  if (lang === 'en')
    return place.replace(
      /^(in|at|on|by) (the |a |an )?/u,
      (_, __, article: string | undefined) => `over ${article ?? 'the '}`,
    );
  const forms: Record<string, string> = { no: 'o', na: 'a', nos: 'os', nas: 'as', num: 'um', numa: 'uma' };
  const [first = '', ...rest] = place.split(' ');
  return forms[first] ? ['sobre', forms[first], ...rest].join(' ') : place;
}
/** Events the scene's place reads well after ("um cachorro persegue você numa floresta"). */
const PLACED = new Set<ClassicDreamId>(['chase', 'flying', 'lost_searching', 'exposure', 'trapped_paralysed']);

const SENTENCE_WORDS = {
  public: new Set(
    'todos todo mundo pessoas gente galera turma colegas chefe frente publico everyone everybody people crowd front class classmates coworkers boss public audience'.split(
      ' ',
    ),
  ),
  breaking: new Set(
    'quebrando quebravam quebraram quebrou quebrados esfarelando esfarelavam despedacando rachando broke breaking broken crumbled crumbling cracked cracking shattered'.split(
      ' ',
    ),
  ),
  naked: new Set('pelado pelada nu nua roupa roupas calcinha cueca toalha naked nude clothes underwear'.split(' ')),
  paralysed: new Set(
    'mexer mover paralisado paralisada paralisia imobilizado imobilizada move paralyzed paralysed frozen paralysis'.split(
      ' ',
    ),
  ),
  pregnant: new Set('gravida gravidez engravidei gestante parto pregnant pregnancy birth labor labour'.split(' ')),
  wave: new Set('onda ondas tsunami maremoto wave waves tsunami'.split(' ')),
  drowning: new Set('afogando afogava afoguei afogar afogada afogado drowning drowned drown'.split(' ')),
  lost: new Set('perdi perdido perdida perdidos perdidas lost'.split(' ')),
};

function sentenceHas(doc: Doc, sentence: number, words: ReadonlySet<string>): boolean {
  for (let at = 0; at < doc.words.length; at++)
    if (doc.sentence[at] === sentence && words.has(doc.words[at] ?? '') && !doc.negated[at]) return true;
  return false;
}
const dreamHas = (doc: Doc, words: ReadonlySet<string>) =>
  doc.words.some((word, at) => words.has(word) && !doc.negated[at]);

// Nouns the summary and the questions may name, with their Portuguese gender when no article is written.
const DEVICES: Record<string, 'o' | 'a' | 'the'> = {
  celular: 'o',
  telefone: 'o',
  smartphone: 'o',
  computador: 'o',
  notebook: 'o',
  laptop: 'o',
  pc: 'o',
  tela: 'a',
  tablet: 'o',
  teclado: 'o',
  aplicativo: 'o',
  impressora: 'a',
  phone: 'the',
  cellphone: 'the',
  computer: 'the',
  screen: 'the',
  keyboard: 'the',
  printer: 'the',
  iphone: 'the',
};
const AGENTS = new Set(
  'homem homens cara caras monstro monstros cachorro cachorros policia policial bandido bandidos zumbi zumbis assassino lobo leao urso cobra onca touro bicho criatura sombra vulto ladrao mulher fantasma demonio palhaco man men guy guys monster monsters dog dogs wolf bear killer police cops zombie zombies creature figure shadow stranger woman ghost clown lion tiger snake gang murderer'.split(
    ' ',
  ),
);
// What was sought: the thing after "procurava", "looking for" first, then after "não achava", "couldn't find".
const SOUGHT_AFTER = [
  new Set('procurando procurava procurei procurar looking searching search for'.split(' ')),
  new Set('achava achei encontrava encontrei achar encontrar find found'.split(' ')),
];
/** Not a thing sought but the way out: "não achava a saída" is being lost. */
const NOT_SOUGHT = new Set('saida caminho lugar jeito exit way place lugares nada ninguem anything anyone'.split(' '));
const DETERMINER: Record<string, string> = {
  o: 'o',
  a: 'a',
  os: 'os',
  as: 'as',
  um: 'um',
  uma: 'uma',
  uns: 'uns',
  umas: 'umas',
  meu: 'seu',
  minha: 'sua',
  meus: 'seus',
  minhas: 'suas',
  the: 'the',
  an: 'an',
  my: 'your',
  our: 'your',
  some: 'some',
};
const PT_ARTICLES = new Set('o a os as um uma uns umas meu minha meus minhas'.split(' '));
const EN_ARTICLES = new Set('the a an my our some'.split(' '));

/** "um cachorro", "the man", "seu celular": a noun of `nouns` in the sentence, with the determiner written before it. */
function nounPhrase(
  doc: Doc,
  sentence: number,
  isNoun: (word: string, at: number) => boolean,
  lang: Lang,
  defaultArticle?: (word: string) => string,
): string | undefined {
  for (let at = 0; at < doc.words.length; at++) {
    if (doc.sentence[at] !== sentence) continue;
    const word = doc.words[at] ?? '';
    if (!isNoun(word, at)) continue;
    const articles = lang === 'pt' ? PT_ARTICLES : EN_ARTICLES;
    // "a huge dog": one word may stand between the determiner and the noun.
    const hasAdjective = !articles.has(doc.words[at - 1] ?? '') && articles.has(doc.words[at - 2] ?? '');
    const before = doc.words[at - (hasAdjective ? 2 : 1)] ?? '';
    const adjective = hasAdjective ? `${doc.raw[at - 1] ?? ''} ` : '';
    const determiner = articles.has(before) ? (lang === 'en' && before === 'a' ? 'a' : DETERMINER[before]) : undefined;
    const article = determiner ?? defaultArticle?.(word);
    return article ? `${article} ${determiner ? adjective : ''}${doc.raw[at] ?? word}` : undefined;
  }
  return undefined;
}

type Scene = { facts: Facts; input: ReadingInput };

function deviceOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  const { lang } = input;
  if (!isQuotable(input)) return lang === 'pt' ? 'o aparelho' : 'the device';
  return (
    nounPhrase(
      facts.doc,
      classic.sentence,
      (word) => word in DEVICES,
      lang,
      (word) => DEVICES[word] ?? 'the',
    ) ?? (lang === 'pt' ? 'o aparelho' : 'the device')
  );
}

function agentOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  for (const sentence of [classic.sentence, classic.sentence - 1]) {
    const agent = nounPhrase(facts.doc, sentence, (word) => AGENTS.has(word), input.lang);
    if (agent) return agent;
  }
  return undefined;
}

function soughtOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  const { doc } = facts;
  for (const after of SOUGHT_AFTER) {
    const sought = nounPhrase(
      doc,
      classic.sentence,
      (word, at) =>
        !(word in DETERMINER) &&
        !NOT_SOUGHT.has(word) &&
        word.length > 2 &&
        (after.has(doc.words[at - 2] ?? '') || after.has(doc.words[at - 3] ?? '')),
      input.lang,
    );
    if (sought) return sought;
  }
  return undefined;
}

// The one sought, as a pronoun: "your sister" is her, "your keys" them, "a book" it.
const HER = new Set(
  'sister mother mom mum daughter wife girlfriend grandmother grandma aunt niece woman girl lady'.split(' '),
);
const HIM = new Set('brother father dad son husband boyfriend grandfather grandpa uncle nephew man boy guy'.split(' '));
const THEM = new Set('children kids parents friends people family keys glasses'.split(' '));
function objectPronoun(sought: string): string {
  const noun = sought.split(' ').at(-1)?.toLowerCase() ?? '';
  if (HER.has(noun)) return 'her';
  if (HIM.has(noun)) return 'him';
  if (THEM.has(noun) || (/[^su]s$/u.test(noun) && noun.length > 3)) return 'them';
  return 'it';
}

// Where the dreamer was trapped: "presa num elevador", "stuck in an elevator" → "num elevador", "in an elevator".
const TRAPPED_WORDS = new Set(
  'preso presa presos presas trancado trancada trancados encurralado encurralada trapped stuck locked'.split(' '),
);
const INSIDE = new Set('no na num numa em dentro in inside into'.split(' '));
function trappedIn({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  const { doc } = facts;
  for (let at = 0; at < doc.words.length; at++) {
    if (doc.sentence[at] !== classic.sentence || !TRAPPED_WORDS.has(doc.words[at] ?? '')) continue;
    const preposition = doc.words[at + 1] ?? '';
    if (!INSIDE.has(preposition)) continue;
    const hasArticle = /^(a|an|the|my|um|uma|o|a)$/u.test(doc.words[at + 2] ?? '');
    const noun = doc.raw[at + (hasArticle ? 3 : 2)];
    if (!noun || doc.sentence[at + (hasArticle ? 3 : 2)] !== classic.sentence) continue;
    const article = hasArticle ? `${doc.words[at + 2] === 'my' ? 'your' : (doc.raw[at + 2] ?? '')} ` : '';
    return `${doc.raw[at + 1] ?? preposition} ${article}${noun}`;
  }
  return undefined;
}

/** "Eu tava grávida", "I was pregnant": the dreamer's own pregnancy, in the word's own gender. */
const OWN_PREGNANCY = new Set('tava estava to estou fiquei era eu was am were got'.split(' '));
function ownPregnancy(doc: Doc): 'gravida' | 'gravido' | 'pregnant' | undefined {
  for (let at = 0; at < doc.words.length; at++) {
    const word = doc.words[at] ?? '';
    if (!['gravida', 'gravido', 'pregnant'].includes(word) || doc.negated[at]) continue;
    if (!OWN_PREGNANCY.has(doc.words[at - 1] ?? '') && !OWN_PREGNANCY.has(doc.words[at - 2] ?? '')) continue;
    // "minha irmã tava grávida", "she was pregnant": someone else's.
    let isSomeoneElse = false;
    for (let i = at - 1; i >= Math.max(0, at - 3) && doc.sentence[i] === doc.sentence[at]; i--) {
      const before = doc.words[i] ?? '';
      if (before === 'eu' || before === 'i') break;
      if (PERSON_WORDS.has(before) || ['ele', 'ela', 'he', 'she', 'they', 'elas', 'eles'].includes(before))
        isSomeoneElse = true;
    }
    if (!isSomeoneElse) return word as 'gravida' | 'gravido' | 'pregnant';
  }
  return undefined;
}

/** "sobre o mar", "over the city": where the dreamer flew, as written. */
function overOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  const { doc } = facts;
  for (let at = 0; at < doc.words.length; at++) {
    if (doc.sentence[at] !== classic.sentence || !['sobre', 'over', 'above'].includes(doc.words[at] ?? '')) continue;
    const article = doc.words[at + 1] ?? '';
    const determiner = (input.lang === 'pt' ? PT_ARTICLES : EN_ARTICLES).has(article)
      ? input.lang === 'en' && article === 'a'
        ? 'a'
        : DETERMINER[article]
      : undefined;
    const noun = doc.raw[at + 2];
    if (determiner && noun && doc.sentence[at + 2] === classic.sentence) return `${doc.raw[at]} ${determiner} ${noun}`;
  }
  return undefined;
}

function exName({ facts }: Scene, lang: Lang): string {
  if (lang === 'en') return 'your ex';
  const at = facts.doc.words.indexOf('ex');
  return ['minha', 'a', 'da'].includes(facts.doc.words[at - 1] ?? '') ? 'sua ex' : 'seu ex';
}

/** What the dream's speaker said, as the summary reports it ("diz que está tudo bem", "says: “…”"). */
function saying(speech: Speech | undefined, input: ReadingInput): string {
  if (!speech) return '';
  const { lang } = input;
  if (speech.isInstruction && isQuotable(input)) {
    const what = toYouDoing(speech.text, lang);
    return lang === 'pt' ? ` e pede para você ${what}` : ` and tells you to ${what}`;
  }
  if (speech.isDirect && isQuotable(input)) {
    const wasQuoted = /["“«]/u.test(input.text) && input.text.includes(speech.text);
    if (wasQuoted) return lang === 'pt' ? ` e diz: ${quote(speech.text)}` : ` and says: ${quote(speech.text)}`;
    return lang === 'pt' ? ` e diz que ${speech.text}` : ` and says that ${speech.text}`;
  }
  if (isQuotable(input)) {
    const words = toYou(speech.text, lang);
    return lang === 'pt' ? ` e diz que ${words}` : ` and says that ${words}`;
  }
  return lang === 'pt' ? ' e fala com você' : ' and speaks to you';
}

/** The event as the summary says it; `where` (" numa floresta") is the dream's one place, for the events it suits. */
function eventPhrase(scene: Scene, classic: ClassicDream, where = ''): string {
  const { facts, input } = scene;
  const { lang } = input;
  const { doc } = facts;
  const pt = lang === 'pt';
  switch (classic.id) {
    case 'deceased_visit': {
      const name = personName(facts.deceased, lang);
      const hug = facts.content.some((event) => event.kind === 'friendly' && event.name.en === 'a hug');
      const said = saying(facts.speech, input) || (hug ? (pt ? ' e abraça você' : ' and hugs you') : '');
      if (!name)
        return pt
          ? `alguém querido que já morreu vem visitar você${said}`
          : `a loved one who has died comes to visit you${said}`;
      return pt
        ? `${name}, que já morreu, vem visitar você${said}`
        : `${name}, who has died, comes to visit you${said}`;
    }
    case 'teeth': {
      const breaks = sentenceHas(doc, classic.sentence, SENTENCE_WORDS.breaking);
      const isPublic = sentenceHas(doc, classic.sentence, SENTENCE_WORDS.public);
      if (pt) return `seus dentes ${breaks ? 'se quebram' : 'caem'}${isPublic ? ' diante de outras pessoas' : ''}`;
      return `your teeth ${breaks ? 'break' : 'fall out'}${isPublic ? ' in front of other people' : ''}`;
    }
    case 'chase': {
      const agent = agentOf(scene, classic);
      if (agent) return pt ? `${agent} persegue você${where}` : `${agent} chases you${where}`;
      return pt ? `algo ou alguém persegue você${where}` : `something or someone chases you${where}`;
    }
    case 'falling':
      return pt ? 'você cai' : 'you fall';
    case 'flying': {
      const over = overOf(scene, classic);
      return `${pt ? 'você voa' : 'you fly'}${over ? ` ${over}` : where ? ` ${above(where.trim(), lang)}` : ''}`;
    }
    case 'exposure':
      if (dreamHas(doc, SENTENCE_WORDS.naked))
        return pt
          ? `você está sem roupa diante de outras pessoas${where}`
          : `you are naked in front of other people${where}`;
      return pt ? `todos olham para você${where}` : `everyone is looking at you${where}`;
    case 'exam_unprepared':
      return pt ? 'chega uma prova para a qual você não se preparou' : 'an exam comes and you are not prepared';
    case 'late':
      return pt ? 'você chega tarde' : 'you are running late';
    case 'lost_searching': {
      const sought = soughtOf(scene, classic);
      if (sought)
        return pt
          ? `você procura ${sought}${where} e não encontra`
          : `you look for ${sought}${where} and cannot find ${objectPronoun(sought)}`;
      if (sentenceHas(doc, classic.sentence, SENTENCE_WORDS.lost))
        return pt ? `você se perde${where}` : `you get lost${where}`;
      return pt ? `você procura algo${where} e não encontra` : `you look for something${where} and cannot find it`;
    }
    case 'trapped_paralysed': {
      if (sentenceHas(doc, classic.sentence, SENTENCE_WORDS.paralysed))
        return pt ? 'você não consegue se mexer' : 'you cannot move';
      const inside = trappedIn(scene, classic);
      if (inside) return pt ? `você fica sem saída ${inside}` : `you are trapped ${inside}`;
      return pt ? `você fica sem saída${where}` : `you are trapped${where}`;
    }
    case 'device_failure': {
      const device = deviceOf(scene, classic) ?? '';
      return pt ? `${device} não funciona quando você precisa` : `${device} does not work when you need it`;
    }
    case 'water_rising':
      if (sentenceHas(doc, classic.sentence, SENTENCE_WORDS.wave))
        return pt ? 'uma onda enorme vem na sua direção' : 'a huge wave comes toward you';
      if (sentenceHas(doc, classic.sentence, SENTENCE_WORDS.drowning))
        return pt ? 'você está se afogando' : 'you are drowning';
      return pt ? 'a água sobe' : 'the water rises';
    case 'car_out_of_control':
      return pt ? 'o carro sai do controle' : 'the car goes out of control';
    case 'pregnancy_baby': {
      const own = ownPregnancy(doc);
      if (own) return pt ? `você está ${own === 'gravido' ? 'grávido' : 'grávida'}` : 'you are pregnant';
      if (dreamHas(doc, SENTENCE_WORDS.pregnant)) return pt ? 'há uma gravidez' : 'there is a pregnancy';
      return pt ? 'um bebê aparece' : 'a baby appears';
    }
    case 'ex_partner':
      return pt ? `${exName(scene, lang)} aparece` : 'your ex appears';
    case 'unknown_rooms':
      return pt ? 'a casa tem cômodos que você não conhecia' : 'a house has rooms you did not know about';
  }
}

// Where a setting puts the scene, in a phrase ("numa escola", "at work"); a setting the table lacks is named as is.
// prettier-ignore
const LOCATIVES: Record<string, Bilingual> = {
  casa: { pt: 'numa casa', en: 'in a house' },
  casa_infancia: { pt: 'na casa da infância', en: 'in a childhood home' },
  escola: { pt: 'numa escola', en: 'at a school' },
  trabalho: { pt: 'no trabalho', en: 'at work' },
  praia: { pt: 'numa praia', en: 'on a beach' },
  mar: { pt: 'no mar', en: 'at sea' },
  floresta: { pt: 'numa floresta', en: 'in a forest' },
  montanha: { pt: 'nas montanhas', en: 'in the mountains' },
  cidade: { pt: 'numa cidade', en: 'in a city' },
  rua: { pt: 'na rua', en: 'in the street' },
  hospital: { pt: 'num hospital', en: 'in a hospital' },
  aviao: { pt: 'num avião', en: 'on a plane' },
  carro: { pt: 'num carro', en: 'in a car' },
  onibus: { pt: 'num ônibus ou trem', en: 'on a bus or train' },
  igreja: { pt: 'numa igreja', en: 'in a church' },
  cemiterio: { pt: 'num cemitério', en: 'in a cemetery' },
  festa: { pt: 'numa festa', en: 'at a party' },
  loja: { pt: 'numa loja', en: 'in a shop' },
  campo: { pt: 'no campo', en: 'in the countryside' },
  rio: { pt: 'perto de um rio ou lago', en: 'by a river or lake' },
  espaco: { pt: 'no espaço', en: 'in outer space' },
  desconhecido: { pt: 'num lugar desconhecido', en: 'in an unknown place' },
};
// The setting "bus or train" said as the one the dream names.
const VEHICLES: { words: readonly string[]; phrase: Bilingual }[] = [
  { words: ['trem', 'trens', 'train', 'trains'], phrase: { pt: 'num trem', en: 'on a train' } },
  { words: ['metro', 'subway', 'underground'], phrase: { pt: 'no metrô', en: 'on the subway' } },
  { words: ['onibus', 'bus', 'buses', 'coach'], phrase: { pt: 'num ônibus', en: 'on a bus' } },
];
const locative = (setting: LexiconEntry, lang: Lang, doc?: Doc) => {
  const vehicle =
    setting.id === 'onibus' && doc ? VEHICLES.filter(({ words }) => words.some((word) => doc.present.has(word))) : [];
  if (vehicle.length === 1 && vehicle[0]) return vehicle[0].phrase[lang];
  return (
    LOCATIVES[setting.id]?.[lang] ??
    (lang === 'pt' ? `em: ${lower(setting.name.pt, 'pt')}` : `in: ${lower(setting.name.en, 'en')}`)
  );
};

/** The place phrase names the image already ("on a train" and Train). */
const isNamedBy = (phrase: string, symbol: LexiconEntry, lang: Lang) =>
  new RegExp(`\\b${lower(symbol.name[lang], lang)}(s|es)?\\b`, 'u').test(phrase);

// "num palco" is "um palco", "da escola" "a escola": the article inside a contraction.
const CONTRACTED_ARTICLE: Record<string, string> = {
  no: 'o',
  na: 'a',
  nos: 'os',
  nas: 'as',
  num: 'um',
  numa: 'uma',
  do: 'o',
  da: 'a',
  dos: 'os',
  das: 'as',
  pelo: 'o',
  pela: 'a',
  ao: 'o',
};

const TRIGGER_WORDS = { pt: new Map<LexiconEntry, string[][]>(), en: new Map<LexiconEntry, string[][]>() };
/** A symbol's triggers as folded words (computed once per symbol). */
function triggerWords(symbol: LexiconEntry, lang: Lang): string[][] {
  let words = TRIGGER_WORDS[lang].get(symbol);
  if (!words) {
    words = symbol.triggers[lang].map((trigger) => fold(trigger).split(/\s+/u));
    TRIGGER_WORDS[lang].set(symbol, words);
  }
  return words;
}

/**
 * An image as the dream says it, with its article ("an exam", "a fight", "uma prova", "your car"), for a summary that
 * reads as a sentence; the symbol's name when the dream says it with no article or in another language ("food").
 */
function imagePhrase({ facts, input }: Scene, symbol: LexiconEntry): string {
  const { lang } = input;
  const { doc } = facts;
  const at = input.symbolHits.get(symbol)?.positions[0];
  if (!isQuotable(input) || at === undefined) return eventNoun(symbol, lang);
  // The words of the trigger that hit there, as written ("ice cream"); none, when the hit was an inflection.
  const length = Math.max(
    0,
    ...triggerWords(symbol, lang)
      .filter((words) => words.every((word, i) => doc.words[at + i] === word))
      .map((words) => words.length),
  );
  // An event is said as a noun: the words before "looking for" are not its article ("the house looking for").
  if (length === 0 || EVENT_NOUNS[symbol.id]) return eventNoun(symbol, lang);
  const noun = doc.raw.slice(at, at + length).join(' ');
  const articles = lang === 'pt' ? PT_ARTICLES : EN_ARTICLES;
  const articleOf = (word: string) =>
    articles.has(word)
      ? lang === 'en' && word === 'a'
        ? 'a'
        : DETERMINER[word]
      : lang === 'pt'
        ? CONTRACTED_ARTICLE[word]
        : undefined;
  const inSentence = (i: number) => doc.sentence[i] === doc.sentence[at];
  const article = inSentence(at - 1) ? articleOf(doc.words[at - 1] ?? '') : undefined;
  if (article) return `${article} ${noun}`;
  // One word between the article and the noun: "a resort hotel", "a green slug" (English puts it before the noun).
  const adjective = doc.words[at - 1] ?? '';
  const far = lang === 'en' && inSentence(at - 2) ? articleOf(doc.words[at - 2] ?? '') : undefined;
  if (far && adjective && !articles.has(adjective) && !/^\d/u.test(adjective))
    return `${far} ${doc.raw[at - 1] ?? adjective} ${noun}`;
  // A thing or an animal named with no article is said as the dream says it ("pizza", "boxes"); an event as a noun.
  return OBJECTS.has(symbol.id) || ANIMALS.has(symbol.id) || symbol.id === 'comida' ? noun : eventNoun(symbol, lang);
}

// Events said as nouns in a sentence ("a search", not "searching"; "uma queda", not "Queda").
// prettier-ignore
const EVENT_NOUNS: Record<string, Bilingual> = {
  procura: { pt: 'uma busca', en: 'a search' },
  perseguicao: { pt: 'uma perseguição', en: 'a chase' },
  ataque: { pt: 'um ataque', en: 'an attack' },
  briga: { pt: 'uma briga', en: 'a fight' },
  morte_simbolo: { pt: 'uma morte', en: 'a death' },
  queda: { pt: 'uma queda', en: 'a fall' },
  voo: { pt: 'um voo', en: 'a flight' },
  afogamento: { pt: 'um afogamento', en: 'drowning' },
  acidente: { pt: 'um acidente', en: 'an accident' },
  roubo: { pt: 'um roubo', en: 'a theft' },
  traicao: { pt: 'uma traição', en: 'a betrayal' },
  guerra: { pt: 'uma guerra', en: 'a war' },
  beijo: { pt: 'um beijo', en: 'a kiss' },
  abraco: { pt: 'um abraço', en: 'a hug' },
  prova_simbolo: { pt: 'uma prova', en: 'an exam' },
  atraso: { pt: 'um atraso', en: 'being late' },
  perda: { pt: 'uma perda', en: 'a loss' },
  esconder: { pt: 'um esconderijo', en: 'hiding' },
  choro: { pt: 'choro', en: 'tears' },
  terremoto: { pt: 'um terremoto', en: 'an earthquake' },
  enchente: { pt: 'uma enchente', en: 'a flood' },
  casamento: { pt: 'um casamento', en: 'a wedding' },
  festa: { pt: 'uma festa', en: 'a party' },
  mudanca: { pt: 'uma mudança', en: 'a move' },
  gravidez: { pt: 'uma gravidez', en: 'a pregnancy' },
  sequestro: { pt: 'um sequestro', en: 'a kidnapping' },
};
const eventNoun = (symbol: LexiconEntry, lang: Lang) =>
  EVENT_NOUNS[symbol.id]?.[lang] ?? lower(symbol.name[lang], lang);

function writeSummary(scene: Scene): string {
  const { facts, input } = scene;
  const { lang } = input;
  const frame = FRAME[input.dreamType][lang];
  const events = facts.classics.slice(0, LIMITS.summaryEvents).map((classic) => eventPhrase(scene, classic));
  let first: string;
  if (events.length > 0) {
    // The event leads ("Seu avô, que já morreu, vem visitar você…"); the type, when it is not a plain dream, frames it.
    // The place, when the dream has one only (with several, which one the event happened in is not known).
    const only = facts.classics.length === 1 && input.settings.length === 1 ? facts.classics[0] : undefined;
    if (only && input.settings[0] && PLACED.has(only.id))
      events[0] = eventPhrase(scene, only, ` ${locative(input.settings[0], lang, facts.doc)}`);
    first = capitalize(`${EVENT_FRAME[input.dreamType][lang]}${list(events, lang)}.`);
  } else {
    // The people first ("Um sonho com sua tia, numa casa."), else the first images not already named as the place.
    const places = new Set(input.settings.map((setting) => setting.name[lang]));
    const where = input.settings[0] ? ` ${locative(input.settings[0], lang, facts.doc)}` : '';
    // Not the image the place already names ("on a train": not "with the train" too).
    const images = input.symbols
      .filter((symbol) => !places.has(symbol.name[lang]) && !isNamedBy(where, symbol, lang))
      .slice(0, 3)
      .map((symbol) => imagePhrase(scene, symbol));
    const people = facts.people.slice(0, 2).map((person) => person.name[lang]);
    const withWord = lang === 'pt' ? 'com' : 'with';
    if (people.length > 0)
      first = `${frame} ${withWord} ${list(people, lang)}${where ? `,${where}` : ''}${images.length > 0 ? `: ${list(images, lang)}` : ''}.`;
    else if (images.length > 0) first = `${frame}${where ? `${where},` : ''} ${withWord} ${list(images, lang)}.`;
    else if (where) first = `${frame}${where}.`;
    else
      first =
        lang === 'pt'
          ? `${frame} sem imagens que o dicionário do Sonhário reconheça.`
          : `${frame} with no images Sonhário’s dictionary recognizes.`;
  }
  const feelings = input.emotions.slice(0, 2).map(({ entry }) => lower(entry.name[lang], lang));
  if (feelings.length === 0) return first;
  if (facts.hasDeceasedVisit && input.emotions.some(({ entry }) => entry.id === 'tristeza')) {
    const comfort = input.emotions.find(({ entry }) => entry.valence > 0);
    const calm = comfort ? lower(comfort.entry.name[lang], lang) : undefined;
    return `${first} ${
      lang === 'pt'
        ? `Há saudade${calm ? ` e, junto dela, ${calm}` : ''}.`
        : `There is longing${calm ? ` and, alongside it, ${calm}` : ''}.`
    }`;
  }
  const second =
    feelings.length === 1
      ? lang === 'pt'
        ? `O sentimento mais forte é ${feelings[0]}.`
        : `The strongest feeling is ${feelings[0]}.`
      : lang === 'pt'
        ? `Os sentimentos mais fortes são ${list(feelings, lang)}.`
        : `The strongest feelings are ${list(feelings, lang)}.`;
  return `${first} ${second}`;
}

// --- the interpretation -----------------------------------------------------------------------------------------

// Characters the analyzer names, as the content paragraph says them (Hall–Van de Castle: family, friends, known,
// unknown); people read with their own words (findPeople) take their place.
// prettier-ignore
const CHARACTER_PHRASES: Record<string, Bilingual & { group: 'family' | 'known' | 'unknown' | 'deceased' }> = {
  mae: { pt: 'sua mãe', en: 'your mother', group: 'family' },
  pai: { pt: 'seu pai', en: 'your father', group: 'family' },
  irmao: { pt: 'um irmão ou irmã', en: 'a sibling', group: 'family' },
  avo: { pt: 'um avô ou avó', en: 'a grandparent', group: 'family' },
  filho: { pt: 'um filho ou filha', en: 'a son or daughter', group: 'family' },
  tio: { pt: 'um tio ou tia', en: 'an uncle or aunt', group: 'family' },
  primo: { pt: 'um primo ou prima', en: 'a cousin', group: 'family' },
  parceiro: { pt: 'seu par', en: 'your partner', group: 'family' },
  ex: { pt: 'um ex', en: 'an ex', group: 'known' },
  amigo: { pt: 'amigos', en: 'friends', group: 'known' },
  chefe: { pt: 'a chefia', en: 'a boss', group: 'known' },
  colega_trabalho: { pt: 'colegas de trabalho', en: 'coworkers', group: 'known' },
  professor: { pt: 'um professor ou professora', en: 'a teacher', group: 'known' },
  vizinho: { pt: 'vizinhos', en: 'neighbours', group: 'known' },
  celebridade: { pt: 'uma pessoa famosa', en: 'a famous person', group: 'known' },
  medico: { pt: 'alguém da saúde', en: 'a doctor or nurse', group: 'unknown' },
  policial: { pt: 'a polícia', en: 'the police', group: 'unknown' },
  desconhecido: { pt: 'pessoas desconhecidas', en: 'strangers', group: 'unknown' },
  crianca: { pt: 'uma criança', en: 'a child', group: 'unknown' },
  bebe: { pt: 'um bebê', en: 'a baby', group: 'unknown' },
  falecido: { pt: 'alguém que já morreu', en: 'someone who has died', group: 'deceased' },
};
// The analyzer's character ids a person read by name stands for.
const PERSON_CHARACTER: Record<string, string> = {
  avo_m: 'avo',
  avo_f: 'avo',
  mae: 'mae',
  pai: 'pai',
  irmao: 'irmao',
  irma: 'irmao',
  tio: 'tio',
  tia: 'tio',
  primo: 'primo',
  prima: 'primo',
  filho: 'filho',
  filha: 'filho',
  marido: 'parceiro',
  esposa: 'parceiro',
  namorado: 'parceiro',
  namorada: 'parceiro',
  amigo: 'amigo',
  amiga: 'amigo',
};
const ANIMALS = new Set(
  'cachorro gato cobra aranha passaro peixe cavalo leao lobo rato inseto borboleta urso macaco jacare coruja vaca'.split(
    ' ',
  ),
);
const OBJECTS = new Set(
  'chave telefone dinheiro roupa sapato bolsa relogio livro carta presente anel joia faca arma comida bolo fruta vela foto computador boneca mascara caixa espelho cama porta janela escada elevador carro aviao_simbolo trem onibus barco bicicleta mapa passaporte agulha corda bandeira coroa ferramenta vidro bola cofre'.split(
    ' ',
  ),
);

const CONTENT_SENTENCE: Record<ContentKind, Bilingual> = {
  friendly: { pt: 'Há gestos de amizade ou afeto: {x}.', en: 'There are friendly or affectionate gestures: {x}.' },
  aggressive: { pt: 'Há agressão: {x}.', en: 'There is aggression: {x}.' },
  sexual: { pt: 'Há um momento de intimidade: {x}.', en: 'There is a moment of intimacy: {x}.' },
  success: { pt: 'Algo dá certo: {x}.', en: 'Something goes right: {x}.' },
  failure: { pt: 'Algo dá errado: {x}.', en: 'Something goes wrong: {x}.' },
  misfortune: { pt: 'Há um infortúnio: {x}.', en: 'There is misfortune: {x}.' },
  goodFortune: { pt: 'Há um golpe de sorte: {x}.', en: 'There is good fortune: {x}.' },
};

/** What is in the dream, in the Hall–Van de Castle categories: only what is there, short. */
/** Below this many earlier dreams, that no symbol repeated is not worth saying. */
const MIN_HISTORY_FOR_NONE = 5;

function contentParagraph({ facts, input }: Scene): string | undefined {
  const { lang } = input;
  const sentences: string[] = [];
  const named = new Set(facts.people.map((person) => PERSON_CHARACTER[person.id]).filter(Boolean));
  const people = facts.people
    .filter((person) => PERSON_CHARACTER[person.id] || person.id === facts.deceased?.id)
    .map((person) =>
      person.id === facts.deceased?.id && facts.hasDeceasedVisit
        ? lang === 'pt'
          ? `${person.name.pt}, que já morreu`
          : `${person.name.en}, who has died`
        : person.name[lang],
    );
  for (const character of input.characters) {
    const phrase = CHARACTER_PHRASES[character.id];
    if (named.has(character.id) || (character.id === 'falecido' && facts.deceased)) continue;
    people.push(phrase ? phrase[lang] : lower(character.name[lang], lang));
  }
  const animals = input.symbols.filter((symbol) => ANIMALS.has(symbol.id)).map((s) => lower(s.name[lang], lang));
  if (people.length > 0 || animals.length > 0) {
    const pt = lang === 'pt';
    const beasts =
      animals.length === 0
        ? []
        : [
            `${animals.length === 1 ? (pt ? 'um animal' : 'an animal') : pt ? 'animais' : 'animals'} (${list(animals, lang)})`,
          ];
    // The one who has died is named last, so that "que já morreu" closes the list ("sua avó e seu avô, que já morreu").
    const lastDead = people.findIndex((name) => /, (que já morreu|who has died)$/u.test(name));
    const dead = lastDead >= 0 ? people.splice(lastDead, 1) : [];
    const beings = [...people, ...beasts, ...dead];
    const isOne =
      beings.length === 1 && animals.length <= 1 && !/^(amigos|colegas|vizinhos|pessoas)/u.test(beings[0] ?? '');
    sentences.push(
      pt
        ? `No sonho ${isOne ? 'aparece' : 'aparecem'} ${list(beings, lang)}.`
        : `Present in the dream: ${list(beings, lang)}.`,
    );
  }
  const places = input.settings.slice(0, 3).map((setting) => locative(setting, lang, facts.doc));
  if (places.length > 0)
    sentences.push(lang === 'pt' ? `A cena se passa ${list(places, lang)}.` : `It takes place ${list(places, lang)}.`);
  // A car that is where the scene happens is said as the place only.
  const objects = input.symbols
    .filter(
      (symbol) =>
        OBJECTS.has(symbol.id) &&
        !input.settings.some((setting) => setting.name[lang] === symbol.name[lang]) &&
        !places.some((place) => isNamedBy(place, symbol, lang)),
    )
    .map((s) => lower(s.name[lang], lang));
  // A thing the lexicon names already ("celular" is the Phone symbol's trigger) is said once.
  const lexiconWords = new Set(
    input.symbols.filter((symbol) => OBJECTS.has(symbol.id)).flatMap((s) => [...s.triggers.pt, ...s.triggers.en]),
  );
  if (isQuotable(input))
    for (const thing of facts.things)
      if (!objects.includes(lower(thing, lang)) && !lexiconWords.has(lower(thing, lang))) objects.push(thing);
  if (objects.length > 0)
    sentences.push(
      lang === 'pt' ? `Objetos: ${list(objects.slice(0, 6), lang)}.` : `Objects: ${list(objects.slice(0, 6), lang)}.`,
    );
  for (const kind of Object.keys(CONTENT_SENTENCE) as ContentKind[]) {
    const names = facts.content.filter((event) => event.kind === kind).map((event) => event.name[lang]);
    if (names.length > 0) sentences.push(CONTENT_SENTENCE[kind][lang].replace('{x}', list(names.slice(0, 3), lang)));
  }
  const feelings = input.emotions.map(({ entry }) => lower(entry.name[lang], lang));
  if (feelings.length > 0)
    sentences.push(lang === 'pt' ? `Sentimentos: ${list(feelings, lang)}.` : `Feelings: ${list(feelings, lang)}.`);
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}

const TEXT = {
  nothing: {
    pt: 'Nenhum símbolo do dicionário foi reconhecido neste relato; talvez ele fale de algo muito pessoal. Vale anotar as imagens que mais marcaram você.',
    en: 'No symbol from the dictionary was recognized in this account; perhaps it speaks of something very personal. It may help to note the images that stayed with you.',
  },
  closing: {
    pt: 'Estas leituras são possibilidades, não respostas: só você sabe o que o seu sonho significa.',
    en: 'These readings are possibilities, not answers: only you know what your dream means.',
  },
  nightmare: {
    pt: 'Pesadelos costumam trazer à tona tensões do dia a dia. Se eles se repetem e pesam, conversar com alguém de confiança ou com um profissional pode ajudar.',
    en: 'Nightmares often bring everyday tensions to the surface. If they repeat and weigh on you, talking with someone you trust or a professional can help.',
  },
  lucid: {
    pt: 'Houve sinais de lucidez: perceber que se está sonhando é uma chance de observar o sonho com curiosidade.',
    en: 'There were signs of lucidity: noticing that you are dreaming is a chance to observe the dream with curiosity.',
  },
  recurring: {
    pt: 'Sonhos que se repetem costumam apontar para um assunto que ainda pede atenção.',
    en: 'Dreams that repeat often point to a matter that still asks for attention.',
  },
  falseAwakening: {
    pt: 'Há um falso despertar: você acorda dentro do sonho e ele continua. É comum, sobretudo em noites agitadas, e para muita gente é uma porta para a lucidez.',
    en: 'There is a false awakening: you wake up inside the dream and it goes on. It is common, especially on restless nights, and for many people it is a doorway to lucidity.',
  },
  vivid: {
    pt: 'A vividez do sonho sugere que ele tocou em algo importante para você.',
    en: 'How vivid the dream was suggests it touched something important to you.',
  },
  // In a visit from someone who has died, death is the loss already lived, not "an ending" (issue 31).
  griefMeaning: {
    pt: 'Aqui a morte é a de alguém real, que faz falta: em sonhos de luto, ela costuma falar do vínculo e da saudade, não de um fim.',
    en: 'Here death is that of a real person who is missed: in grief dreams it usually speaks of the bond and of missing them, not of an ending.',
  },
  fallbackQuestions: {
    pt: ['Qual imagem do sonho ficou com você ao acordar, e por quê?', 'Se este sonho tivesse um título, qual seria?'],
    en: [
      'Which image from the dream stayed with you when you woke up, and why?',
      'If this dream had a title, what would it be?',
    ],
  },
} satisfies Record<string, Bilingual | { pt: string[]; en: string[] }>;

function historySentence(
  symbols: readonly LexiconEntry[],
  history: ReadingInput['history'],
  lang: Lang,
): string | undefined {
  if (!history || history.dreamCount < 1) return undefined;
  const total = history.dreamCount;
  const repeated = symbols
    .map((symbol) => ({
      symbol,
      count: Math.min(total, Math.max(0, Math.floor(history.symbolCounts[symbol.id] ?? 0))),
    }))
    .filter(({ count }) => count >= 2)
    .sort((a, b) => b.count - a.count)
    .slice(0, LIMITS.historyMentions);
  if (repeated.length === 0) {
    // Said only over enough dreams to mean something (not "nos seus últimos 1 sonhos").
    if (symbols.length === 0 || total < MIN_HISTORY_FOR_NONE) return undefined;
    return lang === 'pt'
      ? `Nenhum destes símbolos se repetiu com frequência nos seus últimos ${total} sonhos registrados.`
      : `None of these symbols came up often in your last ${total} recorded dreams.`;
  }
  return repeated
    .map(({ symbol, count }) =>
      lang === 'pt'
        ? `${quote(symbol.name.pt)} apareceu em ${count} dos seus últimos ${total} sonhos.`
        : `${quote(symbol.name.en)} appeared in ${count} of your last ${total} dreams.`,
    )
    .concat(
      lang === 'pt'
        ? 'Quando um símbolo volta, pode valer perguntar o que ele tem insistido em mostrar.'
        : 'When a symbol keeps returning, it may be worth asking what it keeps trying to show.',
    )
    .join(' ');
}

/** Up to two feelings named in the text beside an image (within a few words): where a feeling seems to come from. */
function feelingSentences(input: ReadingInput): string[] {
  const { emotions, emotionHits, symbols, symbolHits, lang } = input;
  const sentences: string[] = [];
  const used = new Set<LexiconEntry>();
  for (const { entry } of emotions) {
    if (sentences.length === 2) break;
    const at = emotionHits.get(entry)?.positions ?? [];
    let nearest: { symbol: LexiconEntry; distance: number } | undefined;
    for (const symbol of symbols) {
      if (used.has(symbol)) continue;
      for (const position of symbolHits.get(symbol)?.positions ?? []) {
        for (const feeling of at) {
          const distance = Math.abs(feeling - position);
          if (distance <= FEELING_NEAR && (!nearest || distance < nearest.distance)) nearest = { symbol, distance };
        }
      }
    }
    if (!nearest) continue;
    used.add(nearest.symbol);
    const feeling = lower(entry.name[lang], lang);
    const image = quote(nearest.symbol.name[lang]);
    sentences.push(
      lang === 'pt'
        ? `No relato, o sentimento de ${feeling} aparece junto de ${image}: o que acontecia com essa imagem naquele momento pode dizer de onde ele vem.`
        : `In the account, the feeling of ${feeling} comes up beside ${image}: what was happening with that image at that moment may say where it comes from.`,
    );
  }
  return sentences;
}

/** The pull of the feelings; in a visit from someone who has died, sadness beside peace is grief and comfort. */
function toneSentence({ facts, input }: Scene): string | undefined {
  const { emotions, sentiment, lang } = input;
  if (emotions.length === 0) return undefined;
  const light = emotions.find((e) => e.entry.valence > 0);
  const heavy = emotions.find((e) => e.entry.valence < 0);
  const sadness = emotions.find((e) => e.entry.id === 'tristeza');
  if (facts.hasDeceasedVisit) {
    const comfort = light ? lower(light.entry.name[lang], lang) : undefined;
    if (sadness && comfort)
      return lang === 'pt'
        ? `Tristeza e ${comfort} lado a lado são comuns em sonhos de luto: a falta de quem se foi e o conforto de estar com essa pessoa outra vez, ainda que em sonho.`
        : `Sadness and ${comfort} side by side are common in grief dreams: missing the person, and the comfort of being with them again, even in a dream.`;
    if (sadness)
      return lang === 'pt'
        ? 'A tristeza aqui costuma ser a da saudade, e ela diz do tamanho do vínculo.'
        : 'The sadness here is often the sadness of missing someone, and it speaks of how strong the bond is.';
    if (comfort)
      return lang === 'pt'
        ? `Muita gente acorda desses sonhos com ${comfort}, como depois de uma visita.`
        : `Many people wake from these dreams with a sense of ${comfort}, as after a visit.`;
  }
  if (light && heavy) {
    const pair = list(
      [heavy.entry.name[lang], light.entry.name[lang]].map((name) => lower(name, lang)),
      lang,
    );
    return lang === 'pt'
      ? `Sentimentos de lados opostos dividem o sonho (${pair}): vale notar em que momento cada um apareceu e o que mudou entre eles.`
      : `Feelings from opposite sides share the dream (${pair}): it may help to notice when each one came up and what changed between them.`;
  }
  if (sentiment <= -0.3)
    return lang === 'pt'
      ? 'O tom do sonho é pesado. O que se sente num sonho costuma ecoar o que foi vivido nos últimos dias.'
      : 'The dream’s tone is heavy. What is felt in a dream often echoes what was lived in recent days.';
  if (sentiment >= 0.3)
    return lang === 'pt'
      ? 'O tom do sonho é leve. O que se sente num sonho costuma ecoar o que foi vivido nos últimos dias.'
      : 'The dream’s tone is light. What is felt in a dream often echoes what was lived in recent days.';
  return undefined;
}

function writeInterpretation(scene: Scene): string {
  const { facts, input } = scene;
  const { lang } = input;
  const paragraphs: string[] = [];
  const content = contentParagraph(scene);
  if (content) paragraphs.push(content);
  // A dream of images only (no person, place or thing the content reading names) still opens with what is in it.
  else if (input.symbols.length > 0) {
    const images = list(
      input.symbols.map((symbol) => imagePhrase(scene, symbol)),
      lang,
    );
    paragraphs.push(lang === 'pt' ? `No sonho: ${images}.` : `In the dream: ${images}.`);
  }
  for (const classic of facts.classics.slice(0, LIMITS.classicNotes)) paragraphs.push(CLASSIC_NOTES[classic.id][lang]);
  if (input.hasFalseAwakening) paragraphs.push(TEXT.falseAwakening[lang]);
  const images = feelingSentences(input);
  if (images.length > 0) paragraphs.push(images.join(' '));
  // In a dream that shows distress, the safe paragraph comes first: no "nothing was recognised" after it.
  if (input.symbols.length === 0 && input.themes.length === 0 && facts.classics.length === 0 && !input.distress)
    paragraphs.push(TEXT.nothing[lang]);
  const tone = toneSentence(scene);
  if (tone) paragraphs.push(tone);
  const history = historySentence(input.symbols, input.history, lang);
  if (history) paragraphs.push(history);
  const typeNote = {
    pesadelo: TEXT.nightmare,
    lúcido: TEXT.lucid,
    recorrente: TEXT.recurring,
    vívido: TEXT.vivid,
    comum: undefined,
  }[input.dreamType];
  if (typeNote) paragraphs.push(typeNote[lang]);
  paragraphs.push(TEXT.closing[lang]);
  return paragraphs.join('\n\n');
}

// --- the questions ----------------------------------------------------------------------------------------------

// The lexicon themes a classic dream already asks about: their generic question gives way to the classic's own.
const CLASSIC_THEMES: Partial<Record<ClassicDreamId, string>> = {
  teeth: 'dentes',
  chase: 'perseguicao',
  falling: 'queda',
  flying: 'voo',
  exposure: 'nudez',
  exam_unprepared: 'provas',
  late: 'atraso',
  lost_searching: 'perdido',
  trapped_paralysed: 'preso',
  ex_partner: 'ex',
  unknown_rooms: 'casas',
  water_rising: 'agua',
  deceased_visit: 'morte',
};

// Themes that name a classic scene (not water or houses, which are broader than rising water or unknown rooms).
const EVENT_THEMES: Record<string, ClassicDreamId> = {
  dentes: 'teeth',
  perseguicao: 'chase',
  queda: 'falling',
  voo: 'flying',
  nudez: 'exposure',
  atraso: 'late',
  ex: 'ex_partner',
};

function speechQuestion({ facts, input }: Scene): string | undefined {
  const { speech } = facts;
  const { lang } = input;
  if (!speech) return undefined;
  const speaker = personName(speech.speaker, lang);
  if (speech.isInstruction && isQuotable(input)) {
    const what = toYouDoing(speech.text, lang);
    return lang === 'pt'
      ? `${capitalize(speaker ?? 'alguém')} pediu no sonho para você ${what}: o que esse pedido diz a você hoje?`
      : `${capitalize(speaker ?? 'someone')} told you in the dream to ${what}: what do those words say to you today?`;
  }
  if (speech.isDirect && isQuotable(input)) {
    if (lang === 'pt')
      return speaker
        ? `O que a frase ${contract('de', speaker)} — ${quote(speech.text)} — diz a você hoje?`
        : `O que a frase ${quote(speech.text)}, do sonho, diz a você hoje?`;
    return speaker
      ? `What do ${speaker}’s words — ${quote(speech.text)} — say to you today?`
      : `What do the words ${quote(speech.text)} from the dream say to you today?`;
  }
  if (isQuotable(input)) {
    const said = toYou(speech.text, lang);
    if (lang === 'pt')
      return `${capitalize(speaker ?? 'alguém')} disse no sonho que ${said}: o que essas palavras dizem a você hoje?`;
    return `${capitalize(speaker ?? 'someone')} said in the dream that ${said}: what do those words say to you today?`;
  }
  return undefined;
}

function classicQuestions(scene: Scene, classic: ClassicDream): string[] {
  const { facts, input } = scene;
  const { lang } = input;
  const pt = lang === 'pt';
  const place = input.settings[0] ? locative(input.settings[0], lang, facts.doc) : undefined;
  switch (classic.id) {
    case 'deceased_visit': {
      const name = personName(facts.deceased, lang);
      if (!name)
        return pt
          ? ['Do que você sente mais falta nessa pessoa, e o que gostaria de dizer a ela?']
          : ['What do you miss most about this person, and what would you like to tell them?'];
      return pt
        ? [
            `O que mais faz falta ${contract('de', name)} hoje: um gesto, a voz, um jeito de estar junto?`,
            `Se pudesse responder ${contract('a', name)} no sonho, o que você diria?`,
          ]
        : [
            `What do you miss most about ${name} today?`,
            `If you could answer ${name} in the dream, what would you say?`,
          ];
    }
    case 'teeth':
      return pt
        ? [
            'Em que situação recente você se preocupou com a forma como os outros veem você, ou sentiu que algo saía do seu controle?',
          ]
        : [
            'In what recent situation did you worry about how you are seen, or feel something slipping out of your control?',
          ];
    case 'chase': {
      const agent = agentOf(scene, classic);
      if (agent)
        return pt
          ? [
              `Se você parasse e se virasse para ${agent}, o que acha que aconteceria?`,
              `O que ${agent} lembra na sua vida desperta?`,
            ]
          : [
              `If you stopped and turned to face ${agent}, what do you think would happen?`,
              `What does ${agent} remind you of in your waking life?`,
            ];
      return pt
        ? ['Do que você tem fugido ultimamente, e o que aconteceria se parasse para olhar?']
        : ['What have you been running from lately, and what would happen if you stopped to look?'];
    }
    case 'falling':
      return pt
        ? ['O que acontecia logo antes de você cair, e em que parte da sua vida falta chão agora?']
        : ['What was happening just before you fell, and where in your life is the ground missing now?'];
    case 'flying':
      return pt
        ? ['Como era voar, e o que você via lá de cima?', 'Onde na sua vida você gostaria dessa mesma leveza?']
        : [
            'What was flying like, and what could you see from up there?',
            'Where in your life would you like that same lightness?',
          ];
    case 'exposure':
      return pt
        ? [
            `Diante de quem${place ? `, ${place},` : ''} você sentia os olhares, e onde na vida desperta você teme ficar à mostra?`,
          ]
        : [
            `Whose eyes did you feel on you${place ? ` ${place}` : ''}, and where in your waking life do you fear being exposed?`,
          ];
    case 'exam_unprepared':
      return pt
        ? ['Que situação recente tem pedido que você mostre o que sabe?']
        : ['What recent situation has been asking you to show what you know?'];
    case 'late':
      return pt
        ? ['Aonde você tentava chegar no sonho, e que prazo tem pesado para você agora?']
        : ['Where were you trying to get to in the dream, and which deadline has been weighing on you?'];
    case 'lost_searching': {
      const sought = soughtOf(scene, classic);
      if (sought)
        return pt
          ? [`Como era procurar ${sought} sem encontrar, e o que parece faltar na sua vida agora?`]
          : [
              `What was it like to look for ${sought} without finding ${objectPronoun(sought)}, and what seems to be missing in your life now?`,
            ];
      return pt
        ? ['O que você procurava no sonho, e o que parece faltar na sua vida agora?']
        : ['What were you looking for in the dream, and what seems to be missing in your life now?'];
    }
    case 'trapped_paralysed':
      return pt
        ? ['De que você não conseguia sair no sonho, e onde na vida você sente que falta saída ou escolha?']
        : [
            'What could you not get out of in the dream, and where in your life do you feel a lack of way out or choice?',
          ];
    case 'device_failure': {
      const device = deviceOf(scene, classic) ?? '';
      return pt
        ? [
            `Quando ${device} falhou, o que você precisava fazer com ele? Em que situação recente os seus meios pareceram não dar conta?`,
          ]
        : [
            `When ${device} failed, what did you need it for? In what recent situation did your means seem not to be enough?`,
          ];
    }
    case 'water_rising':
      if (sentenceHas(facts.doc, classic.sentence, SENTENCE_WORDS.drowning))
        return pt
          ? ['O que deixava você sem ar no sonho, e o que tem tirado o seu fôlego ultimamente?']
          : ['What was taking your breath away in the dream, and what has been leaving you breathless lately?'];
      return pt
        ? ['Até onde a água chegou, e o que tem se acumulado para você ultimamente?']
        : ['How high did the water come, and what has been piling up for you lately?'];
    case 'car_out_of_control':
      return pt
        ? [
            'Quem estava (ou não) no controle do carro, e em que parte da vida as coisas andam sem que você consiga conduzir?',
          ]
        : [
            'Who was (or was not) in control of the car, and where in your life are things moving without you steering?',
          ];
    case 'pregnancy_baby':
      return pt
        ? ['O que de novo está começando a crescer na sua vida, e como você tem cuidado disso?']
        : ['What new thing is starting to grow in your life, and how have you been caring for it?'];
    case 'ex_partner':
      return pt
        ? [`O que ${exName(scene, lang)} fazia no sonho, e o que aquela fase tem a ver com o que você vive agora?`]
        : ['What was your ex doing in the dream, and what does that time have to do with what you live now?'];
    case 'unknown_rooms':
      return pt
        ? ['O que havia nos cômodos que você descobriu, e que espaço você gostaria de ter agora?']
        : ['What was in the rooms you found, and what space would you like to have now?'];
  }
}

function looseEndQuestions({ facts, input }: Scene): string[] {
  if (!isQuotable(input)) return [];
  const { lang } = input;
  const questions: string[] = [];
  const unfinished = facts.unfinished[0];
  if (unfinished)
    questions.push(
      lang === 'pt'
        ? `O que faltava terminar ${contract('em', unfinished.text)}, e que tarefa da sua vida desperta tem essa mesma sensação de não estar pronta?`
        : `What was still missing in ${unfinished.text}, and which task in your waking life feels just as unfinished?`,
    );
  const forgotten = facts.forgotten[0];
  if (forgotten)
    questions.push(
      lang === 'pt'
        ? `No sonho você tinha esquecido ${forgotten.text}: o que você sente que tem deixado para trás ultimamente?`
        : `In the dream you had forgotten ${forgotten.text}: what do you feel you have been leaving behind lately?`,
    );
  return questions;
}

// The images a classic dream's own questions are about: no second question on them.
const CLASSIC_IMAGES: Partial<Record<ClassicDreamId, readonly string[]>> = {
  water_rising: ['agua', 'afogamento', 'enchente', 'onda', 'mar'],
  chase: ['perseguicao'],
  falling: ['queda'],
  flying: ['voo'],
  teeth: ['dentes'],
  exposure: ['nudez'],
  late: ['atraso', 'relogio'],
  exam_unprepared: ['prova_simbolo'],
  trapped_paralysed: ['preso', 'paralisia', 'trancado'],
  deceased_visit: ['morte_simbolo'],
  pregnancy_baby: ['gravidez', 'bebe'],
  ex_partner: ['ex'],
  lost_searching: ['procura'],
};

function writeQuestions(scene: Scene): string[] {
  const { facts, input } = scene;
  const { lang } = input;
  const classics = facts.classics.slice(0, LIMITS.classicNotes);
  const perClassic = classics.map((classic) => classicQuestions(scene, classic));
  const coveredThemes = new Set(classics.map((classic) => CLASSIC_THEMES[classic.id]).filter(Boolean));
  const found = new Set(facts.classics.map((classic) => classic.id));
  const themeQuestions = input.themes
    .filter((theme) => !coveredThemes.has(theme.id))
    // A theme of a classic scene whose event is not there ("my late grandmother" is no lateness, "fugimos da chuva" no
    // chase) asks nothing: its question would be about a scene the dream does not have.
    .filter((theme) => {
      const event = EVENT_THEMES[theme.id];
      return event === undefined || found.has(event);
    })
    .filter((theme) => !(facts.hasDeceasedVisit && theme.id === 'morte'))
    .slice(0, 2)
    .map((theme) => theme.question[lang]);
  const themeIds = new Set(input.themes.map((theme) => theme.id));
  // After a nightmare, the feeling asked about is the one that made it (not the joy of its happy ending).
  const felt =
    input.dreamType === 'pesadelo'
      ? (input.emotions.find(({ entry }) => entry.valence < 0) ?? input.emotions[0])
      : input.emotions[0];
  const topEmotion = felt?.entry.name[lang];
  const asked = [
    speechQuestion(scene),
    // The first question of each classic dream, then their second ones.
    ...perClassic.map((questions) => questions[0]),
    ...looseEndQuestions(scene),
    ...perClassic.map((questions) => questions[1]),
    ...themeQuestions,
  ].filter((question): question is string => question !== undefined);
  // An image no question asks about yet ("a monster" once, not again as “Monster”), said as the dream says it.
  const classicImages = new Set(classics.flatMap((classic) => CLASSIC_IMAGES[classic.id] ?? []));
  const isAsked = (name: string) => asked.some((question) => lower(question, lang).includes(lower(name, lang)));
  const symbol = input.symbols.find(
    (entry) =>
      !themeIds.has(entry.id) &&
      // The theme of the same image asks already ("provas" for an exam).
      !themeIds.has(`${entry.id.replace(/_simbolo$/u, '')}s`) &&
      !OBJECTS.has(entry.id) &&
      !classicImages.has(entry.id) &&
      !isAsked(entry.name[lang]),
  );
  const image = symbol ? imagePhrase(scene, symbol) : undefined;
  const hasArticle = image !== undefined && symbol !== undefined && image !== lower(symbol.name[lang], lang);
  // "What do the woods…", "O que os sapatos lembram…".
  const isPlural =
    hasArticle && (/^(os|as|uns|umas|seus|suas|some) /u.test(image) || (lang === 'en' && /[^su]s$/u.test(image)));
  const candidates = [
    ...asked,
    symbol
      ? lang === 'pt'
        ? `O que ${hasArticle ? image : quote(symbol.name.pt)} ${isPlural ? 'lembram' : 'lembra'} na sua vida desperta?`
        : `What ${isPlural ? 'do' : 'does'} ${hasArticle ? image : quote(symbol.name.en)} bring to mind in your waking life?`
      : undefined,
    topEmotion
      ? lang === 'pt'
        ? `Em que momento dos últimos dias você sentiu ${lower(topEmotion, lang)}?`
        : `When in the last few days did you feel ${lower(topEmotion, lang)}?`
      : undefined,
  ].filter((question): question is string => question !== undefined);
  const questions = [...new Set(candidates)].slice(0, LIMITS.questions);
  for (const fallback of TEXT.fallbackQuestions[lang]) if (questions.length < 2) questions.push(fallback);
  return questions;
}

// --- the reading ----------------------------------------------------------------------------------------------

const GRIEF_IDS = new Set(['morte', 'morte_simbolo']);

// --- a dream that shows distress --------------------------------------------------------------------------------

/** Sentences (of `readDoc`) not to be read as symbolism, or `all` when the distress could not be placed. */
type Quiet = Set<number> | 'all';
const isQuiet = (quiet: Quiet, sentence: number) => quiet === 'all' || quiet.has(sentence);

/**
 * Where the safety layer found distress (issue 31: "no interpretation of that part as symbolism"): the sentence of
 * each of its matches, found by its folded words in the reading's own words (the two foldings differ on a few
 * spellings, so the first word and the last, close by, are enough).
 */
function distressSentences(text: string, doc: Doc): Quiet {
  const quiet = new Set<number>();
  for (const match of explainDistress(text, { context: 'dream' })) {
    const words = match.words.split(' ').filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    const first = words[0];
    const last = words.at(-1);
    let found = -1;
    for (let at = 0; at < doc.words.length && found < 0; at++) {
      if (doc.words[at] !== first) continue;
      for (let end = at; end < at + words.length + 3 && end < doc.words.length; end++)
        if (doc.sentence[end] === doc.sentence[at] && doc.words[end] === last) found = at;
    }
    if (found < 0) return 'all';
    quiet.add(doc.sentence[found] ?? 0);
  }
  return quiet;
}

/**
 * The reading's input without the symbols met only in the distressed sentences, nor the themes that are those
 * symbols' own (the theme Morte beside the symbol Morte read in "quero morrer").
 */
function quietInput(input: ReadingInput, doc: Doc, quiet: Quiet): ReadingInput {
  if (quiet === 'all') return { ...input, symbols: [], themes: [] };
  if (quiet.size === 0) return input;
  const isOnlyQuiet = (entry: LexiconEntry) => {
    const positions = input.symbolHits.get(entry)?.positions ?? [];
    return positions.length > 0 && positions.every((at) => quiet.has(doc.sentence[at] ?? -1));
  };
  const dropped = input.symbols.filter(isOnlyQuiet);
  if (dropped.length === 0) return input;
  const kept = input.symbols.filter((symbol) => !dropped.includes(symbol));
  const isOwn = (theme: ThemeEntry, symbol: LexiconEntry) =>
    symbol.id === theme.id || symbol.id === `${theme.id}_simbolo`;
  const themes = input.themes.filter(
    (theme) => !dropped.some((symbol) => isOwn(theme, symbol)) || kept.some((symbol) => isOwn(theme, symbol)),
  );
  return { ...input, symbols: kept, themes };
}

/** The reading's texts, and the themes' and symbols' meanings as this dream reads them. */
export function writeReading(given: ReadingInput): ReadingText {
  const doc = readDoc(given.text);
  // The analyzer passes its own assessment (one run of the detector per dream); read here only when it did not.
  const isDistress = given.distress ?? assessDistress(given.text, { context: 'dream' }).isDistress;
  const quiet: Quiet = isDistress ? distressSentences(given.text, doc) : new Set();
  const input = quietInput({ ...given, distress: isDistress }, doc, quiet);
  const facts = readFacts(input, doc, quiet);
  const scene: Scene = { facts, input };
  const { lang } = input;
  // A visit from someone who has died is not "the end of a cycle": the death card speaks of the bond instead.
  const meaningOf = (entry: LexiconEntry) =>
    facts.hasDeceasedVisit && GRIEF_IDS.has(entry.id) ? TEXT.griefMeaning[lang] : entry.meaning[lang];
  return {
    summary: writeSummary(scene),
    interpretation: writeInterpretation(scene),
    reflectionQuestions: writeQuestions(scene),
    themes: input.themes.map((theme) => ({ name: theme.name[lang], description: meaningOf(theme) })),
    symbols: input.symbols.map((symbol) => ({ symbol: symbol.name[lang], meaning: meaningOf(symbol) })),
    classics: facts.classics.map((classic) => classic.id),
  };
}
