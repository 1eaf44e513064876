// What the dreamer's message asks, by rule (docs/decisions/060): a greeting or thanks, a question about meaning or
// cause ("o que significa", "why do I keep…"), a guess only they can weigh ("será que…", "was it really…"), how often
// or since when, a comparison, who or where, a feeling shared ("fiquei com saudade", "I felt scared"), or free text;
// and its key words as the dreamer wrote them, with "ele"/"her" resolved to a person of the dream when it can be.
import type { Emotion } from '@sonhario/contracts/dreams';
import { EMOTION_LEXICON } from '../analyses/builtin/lexicon.ts';
import { foldText } from '../dreams/dreams.search.ts';
import { findFeelings, peopleIn, type DreamPerson } from './chat.builtin-dreams.ts';
import { contentWords, padded, quiet, type Lang } from './chat.builtin-words.ts';

export interface MessageReading {
  isQuestion: boolean;
  isGreeting: boolean;
  isThanks: boolean;
  asksMeaning: boolean;
  asksWhy: boolean;
  /** A guess about the dream only the dreamer can weigh: "será que era ele", "was it really her". */
  asksSpeculation: boolean;
  asksFrequency: boolean;
  asksComparison: boolean;
  asksWho: boolean;
  asksWhere: boolean;
  /** Feelings the dreamer names (not denied), with their own word for it ("saudade"). */
  feelings: { emotion: Emotion; word: string }[];
  /** The content words, as written (lower case), in order; people's words included. */
  keywords: string[];
  /** People the message names ("meu avô", "my mom"). */
  people: DreamPerson[];
  /** A third-person pronoun the message uses for someone: he/him/ele/dele → 'm', she/her/ela/dela → 'f'. */
  pronoun: 'm' | 'f' | null;
  /** The message asks about the dream's feeling ("essa emoção", "this feeling"). */
  asksFeeling: boolean;
  /** The message names nightmares or lucid dreams: a type of dream, found by type, not by word. */
  dreamType: 'pesadelo' | 'lúcido' | null;
  /** The key words came from an earlier message (a follow-up such as "desde quando?"). */
  isCarried?: boolean;
  /** The part after "será que" / the question, with no question mark, for reflecting it back. */
  clause: string | null;
}

const has = (text: string, phrases: readonly string[]) => phrases.some((phrase) => text.includes(` ${phrase} `));

const GREETINGS = [
  'oi',
  'ola',
  'oie',
  'bom dia',
  'boa tarde',
  'boa noite',
  'e ai',
  'hello',
  'hi',
  'hey',
  'good morning',
  'good evening',
];
const THANKS = [
  'obrigado',
  'obrigada',
  'obg',
  'brigado',
  'brigada',
  'valeu',
  'agradeco',
  'thanks',
  'thank you',
  'thx',
  'cheers',
];
const MEANING = [
  'o que significa',
  'significa',
  'significam',
  'querem dizer',
  'quis dizer',
  'me mostrando',
  'quer me dizer',
  'dizem sobre mim',
  'diz sobre mim',
  'showing me',
  'trying to tell',
  'say about me',
  'says about me',
  'significado',
  'quer dizer',
  'simboliza',
  'representa',
  'what does',
  'meaning',
  'mean',
  'means',
  'symbolize',
  'symbolise',
  'represent',
  'stand for',
];
const WHY = ['por que', 'porque', 'pq', 'por qual motivo', 'why', 'how come'];
const SPECULATION = [
  'sera que',
  'sera q',
  'seria',
  'era mesmo',
  'foi mesmo',
  'e possivel',
  'sera possivel',
  'voce acha',
  'vc acha',
  'do you think',
  'could it be',
  'was it really',
  'is it really',
  'was that really',
  'is it possible',
  'might it',
];
const FREQUENCY = [
  'quantas vezes',
  'quantos sonhos',
  'com que frequencia',
  'desde quando',
  'toda hora',
  'sempre sonho',
  'vivo sonhando',
  'sonho tanto',
  'sonhando tanto',
  'tanto com',
  'de novo',
  'outra vez',
  'se repete',
  'repetindo',
  'how often',
  'how many',
  'since when',
  'keep dreaming',
  'keeps coming back',
  'again and again',
  'so often',
  'so much about',
];
const COMPARISON = [
  'compar',
  'comparar',
  'parecido',
  'parecidos',
  'parecida',
  'semelhante',
  'em comum',
  'diferente',
  'diferenca',
  'outros sonhos',
  'other dreams',
  'compare',
  'similar',
  'in common',
  'different',
  'difference',
  'alike',
];
const FEELING_VERBS = [
  'fiquei',
  'senti',
  'sinto',
  'sentindo',
  'estou com',
  'to com',
  'tô com',
  'acordei com',
  'me deixou',
  'i felt',
  'i feel',
  'feeling',
  'made me feel',
  'left me',
  'i woke up',
  'i am',
  'im',
];
/** What the question is about, as the dreamer put it ("era mesmo ele vindo se despedir"), for reflecting it back. */
function clauseOf(message: string): string | null {
  const first = message.split(/(?<=[?!.])\s+/u).find((sentence) => sentence.includes('?')) ?? null;
  if (!first) return null;
  const clause = quiet(first)
    .replace(/^e\s+/iu, '')
    .replace(/(^|\s)(ser[áa]\s+que|ser[áa]\s+q|voc[êe]\s+acha\s+que|vc\s+acha\s+que)\s+/iu, '$1')
    .trim()
    .replace(/[.!]+$/u, '');
  const words = clause.split(' ');
  return words.length >= 2 && words.length <= 16 ? clause : null;
}

export function readMessage(message: string): MessageReading {
  const folded = padded(message);
  const words = folded.trim().split(' ').filter(Boolean);
  const keywords = contentWords(message);
  const isQuestion =
    /\?\s*$/u.test(message.trim()) ||
    /^\s*(quem|onde|como|quando|qual|quais|what|who|where|when|how|why|is|was|do|does|did)\b/iu.test(foldText(message));
  const feelings = findFeelings(folded);
  const pronoun = has(folded, ['ele', 'dele', 'nele', 'he', 'him', 'his'])
    ? 'm'
    : has(folded, ['ela', 'dela', 'nela', 'she', 'her'])
      ? 'f'
      : null;
  return {
    isQuestion,
    isGreeting: has(` ${words.slice(0, 3).join(' ')} `, GREETINGS) && keywords.length <= 1,
    isThanks: has(folded, THANKS),
    asksMeaning: has(folded, MEANING),
    asksWhy: has(folded, WHY) && isQuestion,
    // "foi ela mesmo?", "was that really him?": a question about whether it was so.
    asksSpeculation:
      has(folded, SPECULATION) ||
      (isQuestion && has(folded, ['mesmo', 'realmente', 'de verdade', 'really', 'actually'])),
    asksFrequency: has(folded, FREQUENCY),
    asksComparison: COMPARISON.some((word) => folded.includes(` ${word}`)),
    asksWho: has(folded, ['quem', 'who']),
    asksWhere: has(folded, ['onde', 'aonde', 'where']),
    feelings: has(folded, FEELING_VERBS) || !isQuestion ? feelings : [],
    keywords,
    asksFeeling: has(folded, [
      'emocao',
      'emocoes',
      'sentimento',
      'sentimentos',
      'feeling',
      'feelings',
      'emotion',
      'emotions',
    ]),
    dreamType: has(folded, ['pesadelo', 'pesadelos', 'nightmare', 'nightmares'])
      ? 'pesadelo'
      : has(folded, ['lucido', 'lucidos', 'lucida', 'lucid'])
        ? 'lúcido'
        : null,
    people: peopleIn(message),
    pronoun,
    clause: clauseOf(message),
  };
}

// Feelings said as nouns in Portuguese ("fiquei com saudade"); the others are adjectives ("fiquei assustada").
const PT_FEELING_NOUNS = new Set(
  'saudade medo raiva vergonha culpa ansiedade paz alegria tristeza angustia alivio nojo calma pavor terror susto panico luto amor carinho'.split(
    ' ',
  ),
);

/**
 * The dreamer's own word for what they felt when it is in the answer's language ("saudade", "scared"), else the
 * feeling's name; and whether it reads as a noun ("ficou com saudade") or an adjective ("se sentiu assustado").
 */
export function feelingWords(
  reading: MessageReading,
  lang: Lang,
  name: (emotion: Emotion) => string,
): { word: string; isNoun: boolean }[] {
  return reading.feelings.map((feeling) => {
    const own =
      /^[\p{L} ]+$/u.test(feeling.word) &&
      EMOTION_LEXICON.some((entry) => entry.id === feeling.emotion && entry.triggers[lang].includes(feeling.word));
    const word = own ? feeling.word : name(feeling.emotion);
    return { word, isNoun: !own || PT_FEELING_NOUNS.has(foldText(word)) };
  });
}
