// The word lists the builtin analyzer's tokenizer (analyzer-words.ts) reads a dream's words with: negation, and the
// words that are not the dream's images (comparisons, waking up, real life, what only was wanted, topics).

type Lang = 'pt' | 'en';

// Negation: a word is negated when a negator of the dream's language comes at most four words before it in the same
// clause, with no intensifier in between ("não tive medo", "I wasn't scared", "I can't remember the dog"; but "nunca
// senti tanta paz", "never felt so calm" are the feeling, strongly). "no" is Portuguese for "in the": it negates only
// in English.
export const NEGATORS: Record<Lang, Set<string>> = {
  pt: new Set('nao nem nunca jamais'.split(' ')),
  en: new Set(
    'not never nor didn wasn weren don doesn isn aren couldn wouldn hadn haven hasn won shouldn nt t cannot refused refuse refuses refusing'.split(
      ' ',
    ),
  ),
};
// These negate only the next word or two (articles and prepositions not counted): "sem medo", "no fear", "nothing on
// the walls", "no one else" ("sem rosto me persegue" is a chase).
export const SHORT_NEGATORS: Record<Lang, Set<string>> = {
  pt: new Set('sem nenhum nenhuma ninguem'.split(' ')),
  en: new Set('no without nobody nothing none neither'.split(' ')),
};
export const NOT_COUNTED = new Set(
  'the a an any of on in at to into onto go went o os as de do da dos das no na nos nas um uma algum alguma qualquer ir'.split(
    ' ',
  ),
);
export const SHORT_REACH = 2;
// Also ends a negation: "and", "then", a modal or "stop" ("não conseguia parar de cair" and "I couldn't stop
// falling" are falls).
export const INTENSIFIERS = new Set(
  'e and que then entao depois tanto tanta tantos tantas tao mais so such more conseguia consegui conseguir conseguiu conseguimos parar parava parei could can stop stopped keep kept'.split(
    ' ',
  ),
);
export const NEGATION_REACH = 4;
// A clause that is only a negated auxiliary denies the attempt in the clause before it: "I tried to scream, but I
// couldn't", "tentei gritar mas não consegui". Not what someone else did: "she swam in the lake, but I didn't" keeps
// the lake.
export const ELLIPSIS_WORDS = new Set(
  'but mas and e i eu it he she we they ele ela nos a gente could couldn can t didn did wasn wouldn would nao conseguia consegui conseguiu conseguimos dava deu nothing nada happened aconteceu work worked funcionou funcionava adiantou so just mesmo'.split(
    ' ',
  ),
);
export const ELLIPSIS_REACH = 6;
export const ATTEMPTS = new Set(
  'tried try trying attempted wanted tentei tentava tentou tentamos tentando queria quis'.split(' '),
);

// Words that are not the dream's images. A figure of speech names a thing the dream does not contain ("cor de
// sangue", "do tamanho de um cavalo", "like a big dog", "the size of a cat"): the words just after a comparison are
// not read as symbols. Waking life is not the dream either: what the dreamer did or thought after waking ("acordei e
// fui correndo olhar o portal", "woke up and checked on the kids"), up to a return to the dream ("no sonho", "in the
// dream"), and a sentence about real life ("na vida real", "she's actually fine", "he died when I was 10").
export const COMPARISONS = {
  pt: [
    'tipo',
    'igual',
    'que nem',
    'feito um',
    'feito uma',
    'como um',
    'como uma',
    'como se fosse',
    'tamanho de',
    'cor de',
    'parecia um',
    'parecia uma',
    'parecendo um',
    'parecendo uma',
    'parece um',
    'parece uma',
    'lembrava um',
    'lembrava uma',
    'parecia meu',
    'parecia minha',
    'parecia o',
    'parecia a',
    'parecia com',
    'parecido com',
    'parecida com',
  ],
  en: ['like', 'size of', 'as if', 'as though', 'the shape of', 'kind of like', 'sort of like', 'resembled'],
};
export const COMPARISON_REACH = 4;
/** "I like", "would like", "felt like" (a feeling, not a likeness): "like" is then no comparison. */
export const NOT_COMPARING_BEFORE_LIKE = new Set('i you we they would d don didn really just also nothing'.split(' '));
export const WAKE_MARKERS = ['acordei', 'acordo', 'woke up', 'i woke', 'wake up', 'woke'];
/** A wake-up inside the dream, or none: "quase acordei", "tried to wake up", "I woke up (in the dream)". */
export const NOT_WAKING_BEFORE = new Set(
  'quase tentei tentava nao queria almost tried trying kept didn couldn never'.split(' '),
);
/** The dream goes on after a wake-up: it was a false awakening ("ainda tava sonhando", "I was still dreaming"). */
export const STILL_DREAMING = [
  'ainda estava sonhando',
  'ainda tava sonhando',
  'ainda to sonhando',
  'ainda estou sonhando',
  'ainda era sonho',
  'ainda era um sonho',
  'ainda estava no sonho',
  'ainda tava no sonho',
  'continuava sonhando',
  'continuava no sonho',
  'sonho dentro do sonho',
  'falso despertar',
  'achei que tinha acordado',
  'achei q tinha acordado',
  'still dreaming',
  'still in the dream',
  'still asleep',
  'dream within a dream',
  'false awakening',
  'or thought i did',
  'thought i had woken',
  'thought i woke up',
];
/** After a wake-up, this much of the report (words, and share of all words) is more dream, not the morning. */
export const DREAM_GOES_ON = { words: 40, share: 0.5 };
export const DREAM_RETURN = [
  'no sonho',
  'sonhei',
  'sonho de novo',
  'in the dream',
  'i dreamt',
  'i dreamed',
  'dreamt',
  'dreamed',
];
/** The wake-up is the dream's last moment: "acordo na hora que...", "woke up right before I hit the ground". */
export const WAKING_MOMENT =
  /^(na hora|bem na hora|quando|antes|assim que|logo antes|no momento|right before|just before|before|just as|as|when|the moment|right as)\b/;
export const REAL_LIFE = [
  'na vida real',
  'na real',
  'quando eu era',
  'in real life',
  'irl',
  'actually fine',
  'when i was',
  'since i was',
  'years ago',
  'all week',
  'this week',
  'last week',
  'semana passada',
  'essa semana',
  'esta semana',
  'since i started',
  'in reality',
  // Present perfect and durations longer than a dream: "we haven't spoken in six years", "I cried for a week".
  'haven t',
  'hasn t',
  'for a week',
  'for weeks',
  'for months',
  'por uma semana',
  'por semanas',
  'por meses',
  'when she died',
  'when he died',
  'after she died',
  'after he died',
  'quando ela morreu',
  'quando ele morreu',
  'depois que ela morreu',
  'depois que ele morreu',
  // What is still to come: "the wedding is in June", "tenho entrevista semana que vem".
  'next week',
  'next month',
  'next year',
  'semana que vem',
  'mes que vem',
  'ano que vem',
  ...'january february march april may june july august september october november december'
    .split(' ')
    .map((month) => `is in ${month}`),
];
/** A year ("in 1979", "since 2015", "em 2019", "desde 2010") is real life, not the dream's time. */
export const YEAR = /^(19|20)\d\d$/;
export const BEFORE_YEAR = new Set('in since em desde back de'.split(' '));

export const IRREALIS = {
  pt: [
    'vontade de',
    'quase',
    'medo de',
    'com medo de',
    'fingir',
    'fingir que',
    'fingindo',
    'fingindo que',
    'em vez de',
    'ao inves de',
    'sem conseguir',
    'sem saber se',
    'nao sabia se',
    'fingir q',
    'fingindo q',
    'provavelmente',
  ],
  en: [
    'almost',
    'nearly',
    'wanted to',
    'want to',
    'waiting to',
    'about to',
    'afraid of',
    'scared of',
    'terrified of',
    'could have',
    'would have',
    'instead of',
    'pretend to',
    'pretending to',
    'pretended to',
    'dying to',
    'probably',
  ],
};
export const IRREALIS_REACH = 3;
// What was asked, talked or thought about, or expected, is the topic of a sentence, not a scene: "asking if we'd fed
// the dog", "perguntando se ela era da igreja", "só pensava em fugir", "esperando alguém cair da escada". To the end
// of the clause.
export const TOPICS = {
  pt: [
    'perguntando se',
    'perguntou se',
    'perguntava se',
    'perguntei se',
    'falando de',
    'falando sobre',
    'falou de',
    'falou sobre',
    'conversando sobre',
    'conversamos sobre',
    'contou sobre',
    'contando sobre',
    'esperando alguem',
    'esperando algo',
    'esperando que',
    'pensava em',
    'pensei em',
    'pensando em',
  ],
  en: [
    'asked if',
    'asking if',
    'asks if',
    'asked whether',
    'asking whether',
    'whether',
    'talked about',
    'talking about',
    'told me about',
    'telling me about',
    'told us about',
    'asked about',
    'asking about',
    'asked me about',
    'thinking about',
    'thought about',
    'expecting',
    // A change only tried: "I tried to make the snow turn into sand".
    'turn into',
  ],
};
export const TOPIC_REACH = 10;
