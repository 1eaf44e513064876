// What the builtin guide's answer is made from (Answer), and a dream told in prose: who is there and what they did or
// said, where, the images, the feelings, the type, with [D<n>] links and dates.
import { DREAM_SETTINGS } from '../analyses/builtin/lexicon.ts';
import { emotionName, type DreamFacts, type DreamPerson } from './chat.builtin-dreams.ts';
import type { MessageReading } from './chat.builtin-intents.ts';
import { formatDate, list, padded, pick, quiet, type Lang } from './chat.builtin-words.ts';
import type { ChatRequest } from './chat.context.ts';

export interface Answer {
  request: ChatRequest;
  lang: Lang;
  /** Picks among wordings: the same message gets the same answer, another message other words. */
  seed: number;
  turn: number;
  message: MessageReading;
  facts: DreamFacts[];
  /** What the guide already asked in this conversation: a question is not asked twice. */
  asked: string;
  /** The dreamer's words, this message first, then the earlier ones: to quote a word as they wrote it. */
  said: string;
}

export const cap = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
export const ref = (facts: DreamFacts) => `[${facts.dream.label}]`;
export const dated = (facts: DreamFacts, lang: Lang) =>
  `[${facts.dream.label}] (${formatDate(facts.dream.dreamtOn, lang)})`;
export const quote = (text: string) => `“${text}”`;

/** A short quote of a dream's sentence, cut at a word. */
export function excerpt(sentence: string, max = 140): string {
  const text = quiet(sentence).replace(/[.!;:,]+$/u, '');
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2))}…`;
}

/** "em a cozinha" → "na cozinha": the Portuguese contraction of "em" with the place's article. */
function inPlace(label: string, lang: Lang): string {
  if (lang === 'en') return /^(the|your|a|an) /.test(label) ? `in ${label}` : `in the ${label}`;
  const match = /^(a|o|as|os|uma|um) (.+)$/u.exec(label);
  if (!match) return `em ${label}`;
  const contracted = { a: 'na', o: 'no', as: 'nas', os: 'nos', uma: 'numa', um: 'num' };
  return `${contracted[match[1] as keyof typeof contracted]} ${match[2] ?? ''}`;
}

/** The place with the article the dream gave it ("na cozinha" → "a cozinha"), when the answer is in Portuguese. */
export function placeLabel(facts: DreamFacts, place: { key: string; label: string }, lang: Lang): string {
  if (lang === 'en') return place.label;
  const at = facts.folded.indexOf(padded(place.label.replace(/\bsua\b/g, 'minha').replace(/\bseu\b/g, 'meu')));
  const before = at > 0 ? facts.folded.slice(0, at).trim().split(' ').at(-1) : undefined;
  const article =
    ARTICLE_BEFORE[before ?? ''] ??
    // A place named in the other language, or with no article in the dream: the lexicon word's own.
    (place.label === PLACE_NAMES_PT.get(place.key) ? PLACE_ARTICLES[place.key] : undefined) ??
    (/a$/u.test(place.label) ? 'a' : /o$/u.test(place.label) ? 'o' : undefined);
  return article ? `${article} ${place.label}` : place.label;
}

// The word before a place in the dream gives its article ("na cozinha" → "a cozinha", "numa rua" → "uma rua").
const ARTICLE_BEFORE: Record<string, string> = {
  na: 'a',
  da: 'a',
  a: 'a',
  pela: 'a',
  no: 'o',
  do: 'o',
  o: 'o',
  pelo: 'o',
  nas: 'as',
  das: 'as',
  nos: 'os',
  dos: 'os',
  uma: 'uma',
  numa: 'uma',
  duma: 'uma',
  um: 'um',
  num: 'um',
  dum: 'um',
};
const PLACE_NAMES_PT = new Map(DREAM_SETTINGS.map((entry) => [entry.id, entry.name.pt.toLocaleLowerCase('pt-BR')]));
// The lexicon's place names with their article, for places the dream named in English.
const PLACE_ARTICLES: Record<string, string> = {
  casa: 'a',
  casa_infancia: 'a',
  escola: 'a',
  trabalho: 'o',
  praia: 'a',
  mar: 'o',
  floresta: 'a',
  montanha: 'a',
  cidade: 'a',
  rua: 'a',
  hospital: 'o',
  aviao: 'o',
  carro: 'o',
  onibus: 'o',
  igreja: 'a',
  cemiterio: 'o',
  festa: 'a',
  loja: 'a',
  campo: 'o',
  rio: 'o',
  espaco: 'o',
  desconhecido: 'um',
};

// People without a name in the dream: asked "who was…", the answer says the dream does not tell.
export const STRANGERS = new Set([
  'homem',
  'mulher',
  'pessoa',
  'rapaz',
  'moca',
  'menino',
  'menina',
  'velho',
  'velha',
  'desconhecido',
  'desconhecida',
  'estranho',
  'estranha',
  'man',
  'woman',
  'person',
  'guy',
  'stranger',
  'boy',
  'girl',
]);

export const personOf = (person: DreamPerson, lang: Lang) =>
  lang === 'pt' ? (person.gender === 'f' ? 'dela' : 'dele') : person.gender === 'f' ? 'her' : 'his';

// The dreamer's own marks are said as theirs; the reading's type as the reading's.
const TYPE_NOTES: Record<string, Record<Lang, string[]>> = {
  markedNightmare: {
    pt: ['Você o registrou como pesadelo.', 'Você marcou esse sonho como pesadelo.'],
    en: ['You recorded it as a nightmare.', 'You marked this dream as a nightmare.'],
  },
  pesadelo: {
    pt: ['Pela leitura, tem o peso de um pesadelo.', 'A leitura o vê como pesadelo.'],
    en: ['The reading sees it as a nightmare.', 'By the reading, it carries the weight of a nightmare.'],
  },
  lúcido: {
    pt: [
      'Foi um sonho lúcido: você percebeu que sonhava.',
      'Houve lucidez: em algum momento você soube que era sonho.',
    ],
    en: [
      'It was a lucid dream: you knew you were dreaming.',
      'There was lucidity: at some point you knew it was a dream.',
    ],
  },
  recorrente: {
    pt: ['É um sonho que se repete, pelo que você marcou.', 'Você marcou que ele se repete.'],
    en: ['You marked it as a dream that comes back.', 'It is one that repeats, as you marked it.'],
  },
};

/** What a dream holds, in prose: who is there and what they did or said, where, the images, the feelings, the type. */
export function describe(facts: DreamFacts, a: Answer, options: { withDate?: boolean } = {}): string {
  const { lang, seed } = a;
  const sentences: string[] = [];
  const where = facts.places[0] ? inPlace(placeLabel(facts, facts.places[0], lang), lang) : null;
  const opening = options.withDate
    ? `${lang === 'pt' ? 'Em' : 'In'} ${dated(facts, lang)}`
    : pick(
        lang === 'pt'
          ? [`Em ${ref(facts)}`, `No sonho ${ref(facts)}`]
          : [`In ${ref(facts)}`, `In the dream ${ref(facts)}`],
        seed,
      );
  const [main, ...others] = facts.people;
  if (main) {
    const deceased = main.isDeceased ? (lang === 'pt' ? ', que já morreu,' : ', who has died,') : '';
    const deeds = main.actions.slice(0, 2).map((action) => action[lang]);
    const speech = main.speech[0];
    if (speech) deeds.push(lang === 'pt' ? `diz ${quote(speech)}` : `says ${quote(speech)}`);
    const verb = lang === 'pt' ? 'aparece' : 'appears';
    const body = [`${verb}${where ? ` ${where}` : ''}`, ...deeds];
    sentences.push(
      lang === 'pt'
        ? `${opening}, ${main.label.pt}${deceased} ${list(body, lang)}.`
        : `${opening}, ${main.label.en}${deceased} ${list(body, lang)}.`,
    );
    if (others.length > 0) {
      const names = list(
        others
          .slice(0, 3)
          .map(
            (person) =>
              person.label[lang] + (person.isDeceased ? (lang === 'pt' ? ' (que já morreu)' : ' (who has died)') : ''),
          ),
        lang,
      );
      sentences.push(
        lang === 'pt'
          ? `${others.length > 1 ? 'Também aparecem' : 'Também aparece'} ${names}.`
          : `${cap(names)} ${others.length > 1 ? 'appear' : 'appears'} as well.`,
      );
    }
  } else if (where) {
    sentences.push(
      pick(
        lang === 'pt'
          ? [`${opening}, a cena se passa ${where}.`, `${opening}, você está ${where}.`]
          : [`${opening}, the scene is set ${where}.`, `${opening}, you are ${where}.`],
        seed,
      ),
    );
  }
  const images = facts.images.slice(0, 3);
  if (images.length > 0) {
    const names = list(images, lang);
    const one = images.length === 1;
    const variants = {
      pt: one
        ? [`Entre as imagens, ${names}.`, `A imagem que se destaca: ${names}.`, `Também está lá: ${names}.`]
        : [`Entre as imagens, ${names}.`, `As imagens que se destacam: ${names}.`, `Também estão lá ${names}.`],
      en: one
        ? [`Among the images: ${names}.`, `The image that stands out: ${names}.`, `There is also ${names}.`]
        : [`Among the images: ${names}.`, `The images that stand out: ${names}.`, `${cap(names)} are there too.`],
    };
    sentences.push(
      sentences.length === 0
        ? lang === 'pt'
          ? `${opening} ${one ? 'aparece' : 'aparecem'} ${names}.`
          : `${opening} there ${one ? 'is' : 'are'} ${names}.`
        : pick(variants[lang], seed >>> 3),
    );
  }
  if (sentences.length === 0) {
    const first = facts.sentences[0];
    sentences.push(
      lang === 'pt'
        ? `${opening} começa assim: ${quote(excerpt(first ?? facts.dream.title))}.`
        : `${opening} begins like this: ${quote(excerpt(first ?? facts.dream.title))}.`,
    );
  }
  const feelings = facts.emotions.slice(0, 3).map((emotion) => emotionName(emotion, lang));
  if (feelings.length > 0) {
    sentences.push(
      pick(
        lang === 'pt'
          ? [`O sonho deixou ${list(feelings, lang)}.`, `Do sonho, ficou ${list(feelings, lang)}.`]
          : [`The feelings it left: ${list(feelings, lang)}.`, `What you felt in it: ${list(feelings, lang)}.`],
        seed >>> 5,
      ),
    );
  }
  const typeNote = TYPE_NOTES[facts.dream.isNightmare ? 'markedNightmare' : facts.dreamType]?.[lang];
  if (typeNote) sentences.push(pick(typeNote, seed >>> 7));
  return sentences.join(' ');
}
