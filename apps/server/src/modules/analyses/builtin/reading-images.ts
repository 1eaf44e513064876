// How the reading names a dream's images: a setting as a place ("numa escola"), a symbol in the dream's own words
// ("a cobra verde") or by the lexicon, an event as a noun ("uma perseguição").
import { fold, type Doc } from './content-analysis.ts';
import type { Bilingual, LexiconEntry } from './lexicon.ts';
import { isQuotable, type Scene } from './reading-facts.ts';
import { DETERMINER, EN_ARTICLES, lower, PT_ARTICLES } from './reading-grammar.ts';
type Lang = 'pt' | 'en';

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
export const locative = (setting: LexiconEntry, lang: Lang, doc?: Doc) => {
  const vehicle =
    setting.id === 'onibus' && doc ? VEHICLES.filter(({ words }) => words.some((word) => doc.present.has(word))) : [];
  if (vehicle.length === 1 && vehicle[0]) return vehicle[0].phrase[lang];
  return (
    LOCATIVES[setting.id]?.[lang] ??
    (lang === 'pt' ? `em: ${lower(setting.name.pt, 'pt')}` : `in: ${lower(setting.name.en, 'en')}`)
  );
};

/** The place phrase names the image already ("on a train" and Train). */
export const isNamedBy = (phrase: string, symbol: LexiconEntry, lang: Lang) =>
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
export function imagePhrase({ facts, input }: Scene, symbol: LexiconEntry): string {
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
export const ANIMALS = new Set(
  'cachorro gato cobra aranha passaro peixe cavalo leao lobo rato inseto borboleta urso macaco jacare coruja vaca'.split(
    ' ',
  ),
);
export const OBJECTS = new Set(
  'chave telefone dinheiro roupa sapato bolsa relogio livro carta presente anel joia faca arma comida bolo fruta vela foto computador boneca mascara caixa espelho cama porta janela escada elevador carro aviao_simbolo trem onibus barco bicicleta mapa passaporte agulha corda bandeira coroa ferramenta vidro bola cofre'.split(
    ' ',
  ),
);
