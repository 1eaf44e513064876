// The central event of a classic dream, as the summary says it ("um cachorro persegue você numa floresta"): who does
// it, with what, to whom and where, in the dream's own words when it is in the reading's language.
import type { ClassicDreamId } from './classic-dreams.data.ts';
import type { ClassicDream } from './classic-dreams.ts';
import { PERSON_WORDS, type Doc } from './content-analysis.ts';
import type { Speech } from './content-speech.ts';
import { isQuotable, type ReadingInput, type Scene } from './reading-facts.ts';
import { DETERMINER, EN_ARTICLES, personName, PT_ARTICLES, quote, toYou, toYouDoing } from './reading-grammar.ts';
type Lang = 'pt' | 'en';

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
export const PLACED = new Set<ClassicDreamId>(['chase', 'flying', 'lost_searching', 'exposure', 'trapped_paralysed']);

export const SENTENCE_WORDS = {
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

// A search that fails: "could not find", "não achava" (a finding denied), "nowhere", "sem achar", or a thing lost.
const FINDING = new Set(
  'find finds found finding achar achava achei acho encontrar encontrava encontrei encontro encontrou'.split(' '),
);
const NOT_FINDING = new Set('nowhere nothing nada'.split(' '));
const WITHOUT = new Set('without sem'.split(' '));
function searchFails(doc: Doc, sentence: number): boolean {
  for (let at = 0; at < doc.words.length; at++) {
    if (doc.sentence[at] !== sentence) continue;
    const word = doc.words[at] ?? '';
    if (FINDING.has(word) && (doc.negated[at] || WITHOUT.has(doc.words[at - 1] ?? ''))) return true;
    // "do nada" is "out of nowhere", not "nothing" found.
    if (NOT_FINDING.has(word) && doc.words[at - 1] !== 'do') return true;
    if (SENTENCE_WORDS.lost.has(word)) return true;
  }
  return false;
}

export function sentenceHas(doc: Doc, sentence: number, words: ReadonlySet<string>): boolean {
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
  { words: new Set('procurando procurava procurei procurar looking searching search for'.split(' ')), isDenied: false },
  // Only a finding denied names the thing sought: "não achava a chave", "could not find my keys" ("we found a
  // McDonald's" is no search).
  { words: new Set('achava achei encontrava encontrei achar encontrar find found'.split(' ')), isDenied: true },
  // What was lost: "I lost my luggage and the tickets", "perdi minha carteira".
  { words: new Set('lost misplaced perdi perdemos perdeu'.split(' ')), isDenied: false },
];
/** Not a thing sought but the way out: "não achava a saída" is being lost. */
const NOT_SOUGHT = new Set('saida caminho lugar jeito exit way place lugares nada ninguem anything anyone'.split(' '));

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

export function deviceOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
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

export function agentOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  for (const sentence of [classic.sentence, classic.sentence - 1]) {
    const agent = nounPhrase(facts.doc, sentence, (word) => AGENTS.has(word), input.lang);
    if (agent) return agent;
  }
  return undefined;
}

export function soughtOf({ facts, input }: Scene, classic: ClassicDream): string | undefined {
  if (!isQuotable(input)) return undefined;
  const { doc } = facts;
  for (const { words, isDenied } of SOUGHT_AFTER) {
    const isAfter = (at: number) => words.has(doc.words[at] ?? '') && (!isDenied || Boolean(doc.negated[at]));
    const sought = nounPhrase(
      doc,
      classic.sentence,
      (word, at) =>
        !(word in DETERMINER) && !NOT_SOUGHT.has(word) && word.length > 2 && (isAfter(at - 2) || isAfter(at - 3)),
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
export function objectPronoun(sought: string): string {
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

export function exName({ facts }: Scene, lang: Lang): string {
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
export function eventPhrase(scene: Scene, classic: ClassicDream, where = ''): string {
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
      // "Cannot find" only when the dream says the search failed: a search told by its urgency may end in finding.
      const fails = searchFails(doc, classic.sentence);
      const sought = soughtOf(scene, classic);
      if (sought) {
        if (!fails) return pt ? `você procura ${sought}${where}` : `you look for ${sought}${where}`;
        return pt
          ? `você procura ${sought}${where} e não encontra`
          : `you look for ${sought}${where} and cannot find ${objectPronoun(sought)}`;
      }
      if (sentenceHas(doc, classic.sentence, SENTENCE_WORDS.lost))
        return pt ? `você se perde${where}` : `you get lost${where}`;
      if (!fails) return pt ? `você procura algo${where}` : `you look for something${where}`;
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
