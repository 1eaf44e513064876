// The builtin guide's answer (docs/decisions/060): what a rule-based guide can say, from the dreams it was given.
// What the dream holds (people, places, images, feelings, type), where the same things come back in the other dreams
// given (with [D<n>] links, how often, since when), the dreamer's own words reflected back, an honest word on what
// it cannot answer with something useful in its place, and at most one question, built from the dream's elements.
// With distress: calm, short, pointing to help, and nothing from unrelated dreams.
import { CLASSIC_NOTES } from '../analyses/builtin/classic-dreams.ts';
import { DREAM_SETTINGS, DREAM_SYMBOLS } from '../analyses/builtin/lexicon.ts';
import { foldText } from '../dreams/dreams.search.ts';
import { assessDistress } from '../safety/distress.ts';
import { safeReply } from '../safety/safe-reply.ts';
import { emotionName, factsOf, peopleIn, type DreamFacts, type DreamPerson } from './chat.builtin-dreams.ts';
import { feelingWords, readMessage, type MessageReading } from './chat.builtin-intents.ts';
import {
  contentWords,
  formatDate,
  hasStem,
  languageOf,
  list,
  padded,
  pick,
  quiet,
  seedOf,
  stemsOf,
  type Lang,
} from './chat.builtin-words.ts';
import type { ChatRequest } from './chat.context.ts';

interface Answer {
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

const cap = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const ref = (facts: DreamFacts) => `[${facts.dream.label}]`;
const dated = (facts: DreamFacts, lang: Lang) => `[${facts.dream.label}] (${formatDate(facts.dream.dreamtOn, lang)})`;
const quote = (text: string) => `“${text}”`;

/** A short quote of a dream's sentence, cut at a word. */
function excerpt(sentence: string, max = 140): string {
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
function placeLabel(facts: DreamFacts, place: { key: string; label: string }, lang: Lang): string {
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
const STRANGERS = new Set([
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

const personOf = (person: DreamPerson, lang: Lang) =>
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
function describe(facts: DreamFacts, a: Answer, options: { withDate?: boolean } = {}): string {
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

// --- what a message points at ------------------------------------------------------------------------------------

/** The person of the dream the message speaks of: named ("meu avô"), else by its pronoun ("ele" → "seu avô"). */
function personAskedAbout(a: Answer, facts: DreamFacts | undefined): DreamPerson | undefined {
  if (!facts) return undefined;
  const named = a.message.people.find((person) => facts.people.some((other) => other.key === person.key));
  if (named) return facts.people.find((person) => person.key === named.key);
  if (!a.message.pronoun) return undefined;
  return (
    facts.people.find((person) => person.gender === a.message.pronoun) ??
    facts.people.find((person) => person.gender === 'n')
  );
}

const TYPE_WORDS = new Set([
  'pesadelo',
  'pesadelos',
  'nightmare',
  'nightmares',
  'lucido',
  'lucidos',
  'lucida',
  'lucid',
]);

/** A key word found in dreams: the dreamer's word and the dreams (oldest first) that hold it. */
interface Topic {
  word: string;
  dreams: DreamFacts[];
}

/** The message's key words found in the dreams given: by stem (pt and en), by person and by the lexicon's symbol. */
function topicsOf(a: Answer): Topic[] {
  const topics: Topic[] = [];
  const seen = new Set<string>();
  const feelingWordsFolded = new Set(a.message.feelings.flatMap((feeling) => foldText(feeling.word).split(' ')));
  for (const word of a.message.keywords) {
    const { pt, en } = stemsOf(word);
    if (seen.has(pt) || seen.has(en) || feelingWordsFolded.has(word)) continue;
    seen.add(pt);
    seen.add(en);
    const person = a.message.people.find((p) => foldText(p.label.pt).endsWith(word) || p.key === word);
    const symbol = SYMBOL_BY_WORD.get(word);
    const symbols = symbol ? [symbol.id] : [];
    const isType = a.message.dreamType !== null && TYPE_WORDS.has(word);
    const dreams = a.facts
      .filter(
        (facts) =>
          (isType &&
            (facts.dreamType === a.message.dreamType ||
              (facts.dream.isNightmare && a.message.dreamType === 'pesadelo'))) ||
          hasStem(facts.stems, word) ||
          (person && facts.people.some((p) => p.key === person.key)) ||
          symbols.some((id) => facts.symbolIds.has(id)),
      )
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (dreams.length > 0) topics.push({ word, dreams });
  }
  return topics.sort((x, y) => y.dreams.length - x.dreams.length).slice(0, 2);
}

/** The dreamer's word as they wrote it (accents kept). */
function asWritten(message: string, folded: string): string {
  for (const word of message.split(/[^\p{L}\p{N}-]+/u)) if (foldText(word) === folded) return word.toLocaleLowerCase();
  return folded;
}

/** The sentence of a dream where a word appears, to show how it appears. */
function sentenceWith(facts: DreamFacts, word: string): string | undefined {
  const { pt, en } = stemsOf(word);
  return facts.sentences.find((sentence) => {
    const stems = new Set<string>();
    for (const w of foldText(sentence).split(/[^\p{L}\p{N}]+/u)) {
      const s = stemsOf(w);
      stems.add(s.pt);
      stems.add(s.en);
    }
    return stems.has(pt) || stems.has(en);
  });
}

type Symbol = (typeof DREAM_SYMBOLS)[number];

// The lexicon's symbols by each of their words (folded), and by the stems of their one-word names, built once.
const SYMBOL_BY_WORD = new Map<string, Symbol>();
const SYMBOL_BY_STEM = new Map<string, Symbol>();
for (const symbol of DREAM_SYMBOLS) {
  for (const name of [...symbol.triggers.pt, ...symbol.triggers.en, symbol.name.pt, symbol.name.en]) {
    const folded = foldText(name);
    if (!SYMBOL_BY_WORD.has(folded)) SYMBOL_BY_WORD.set(folded, symbol);
    if (folded.includes(' ') || folded.length < 4) continue;
    const stems = stemsOf(folded);
    for (const stem of [stems.pt, stems.en]) if (!SYMBOL_BY_STEM.has(stem)) SYMBOL_BY_STEM.set(stem, symbol);
  }
}

/** The lexicon's symbol a word names: the word itself first, then a word of the same stem ("cobras" → cobra). */
function symbolFor(word: string): Symbol | undefined {
  const exact = SYMBOL_BY_WORD.get(word);
  if (exact) return exact;
  const { pt, en } = stemsOf(word);
  return SYMBOL_BY_STEM.get(pt) ?? SYMBOL_BY_STEM.get(en);
}

/** What the lexicon commonly associates with an image the message names, stated as a possibility. */
function symbolNote(a: Answer, facts: DreamFacts[]): string | null {
  const hasVisit = facts.some((f) => f.people.some((p) => p.isDeceased));
  for (const word of a.message.keywords) {
    const entry = symbolFor(word);
    if (!entry || (hasVisit && entry.id === 'morte')) continue;
    return pick(
      a.lang === 'pt'
        ? [
            `Como possibilidade, não como regra: ${lowerFirst(entry.meaning.pt)}`,
            `Uma leitura comum, que só vale se fizer sentido para você: ${lowerFirst(entry.meaning.pt)}`,
          ]
        : [
            `As a possibility, not a rule: ${lowerFirst(entry.meaning.en)}`,
            `A common reading, worth keeping only if it fits you: ${lowerFirst(entry.meaning.en)}`,
          ],
      a.seed >>> 2,
    );
  }
  return null;
}

/** "What do the symbols of this dream say about me?": the dream's own first image the lexicon knows. */
function imageNote(a: Answer, facts: DreamFacts[]): string | null {
  if (!a.message.asksMeaning) return null;
  const hasVisit = facts.some((f) => f.people.some((p) => p.isDeceased));
  for (const f of facts) {
    for (const image of f.images) {
      const entry = symbolFor(foldText(image));
      if (!entry || (hasVisit && entry.id === 'morte')) continue;
      return a.lang === 'pt'
        ? `Sobre ${quote(image)}, uma das imagens do sonho, uma leitura comum, que só vale se fizer sentido para você: ${lowerFirst(entry.meaning.pt)}`
        : `About ${quote(image)}, one of the dream's images, a common reading, worth keeping only if it fits you: ${lowerFirst(entry.meaning.en)}`;
    }
  }
  return null;
}

/** What people and research commonly associate with the classic dream it is (chase, teeth…), when it is one. */
function classicNote(facts: DreamFacts, a: Answer): string | null {
  const id = facts.classics.find((classic) => classic !== 'deceased_visit');
  return id ? CLASSIC_NOTES[id][a.lang] : null;
}

const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

// --- what the guide says it cannot do, and what it offers instead ------------------------------------------------

function griefNote(person: DreamPerson, a: Answer, options: { isDescribed: boolean }): string {
  const { lang } = a;
  const shown = options.isDescribed ? [] : [...person.actions.map((action) => action[lang])];
  const speech = options.isDescribed ? undefined : person.speech[0];
  if (speech) shown.push(lang === 'pt' ? `diz ${quote(speech)}` : `says ${quote(speech)}`);
  const who = lang === 'pt' ? person.label.pt : person.label.en;
  const showed = shown.length
    ? lang === 'pt'
      ? ` No seu sonho, ${who} ${list(shown, lang)}.`
      : ` In your dream, ${who} ${list(shown, lang)}.`
    : '';
  return (
    pick(
      lang === 'pt'
        ? [
            'Sonhos em que alguém querido que já morreu vem visitar são muito comuns no luto, e muita gente os sente como uma despedida, um consolo ou um reencontro.',
            'Quem perdeu alguém sonha muitas vezes com uma visita assim; é comum que ela seja sentida como despedida ou como conforto, mais do que como um sonho qualquer.',
          ]
        : [
            'Dreams in which a loved one who has died comes to visit are very common in grief, and many people feel them as a farewell, a comfort or a reunion.',
            'People who have lost someone often dream of a visit like this; it is commonly felt as a goodbye or a comfort, more than as an ordinary dream.',
          ],
      a.seed >>> 4,
    ) + showed
  );
}

/** "was it really him" → "whether it was really him"; other questions are quoted as they were asked. */
function englishIndirect(clause: string): string {
  const inverted = /^(was|is|were|are)\s+(it|he|she|that|this|they|there)\s+(.+)$/iu.exec(clause);
  if (inverted)
    return `whether ${inverted[2]?.toLowerCase() ?? ''} ${inverted[1]?.toLowerCase() ?? ''} ${inverted[3] ?? ''}`;
  return `about this: ${quote(lowerFirst(clause))}`;
}

/** The honest part for what no rule can answer (meaning, why, "será que…"), in the dreamer's own words. */
function honestOffer(a: Answer, person: DreamPerson | undefined, hasNote = true): string {
  const { lang, message, seed } = a;
  const sameLanguage = languageOf(a.request.message) === lang;
  let clause = sameLanguage ? message.clause : null;
  if (clause && person) {
    const pronouns = lang === 'pt' ? /\b(ele|ela)\b/iu : /\b(him|her|he|she)\b/iu;
    const name = lang === 'pt' ? person.label.pt : person.label.en;
    clause = clause.replace(pronouns, name);
  }
  if (message.asksSpeculation) {
    const asked =
      clause && lang === 'pt'
        ? `Você se pergunta ${/^(se|quem|o que|por que|onde|como|quando)\b/iu.test(clause) ? '' : 'se '}${lowerFirst(clause)}.`
        : clause
          ? `You are wondering ${englishIndirect(clause)}.`
          : null;
    const honest = pick(
      lang === 'pt'
        ? [
            'Isso eu não tenho como saber por você — ninguém de fora tem. O que posso é mostrar o que o sonho trouxe e o que se costuma viver em sonhos assim.',
            'Essa resposta só você pode sentir; uma regra não chega lá. Posso, sim, mostrar o que o sonho trouxe e o que muita gente vive em sonhos parecidos.',
          ]
        : [
            "That is something I can't know for you — no one outside can. What I can do is show what the dream brought and what people often live in dreams like it.",
            'Only you can feel the answer to that; a rule cannot reach it. I can show what the dream brought and what many people live in similar dreams.',
          ],
      seed,
    );
    return asked ? `${asked} ${honest}` : honest;
  }
  if (message.asksMeaning && !hasNote) {
    return pick(
      lang === 'pt'
        ? [
            'O sentido, quem dá é você: não tenho um dicionário de certezas, e esse elemento não está entre os que conheço. Posso mostrar como ele aparece no sonho e o que está em volta.',
            'Não existe um significado fixo que eu possa afirmar; o que posso é mostrar como isso aparece no sonho e o que está em volta.',
          ]
        : [
            "The meaning is yours to give: I don't have a dictionary of certainties, and this is not among the images I know. I can show how it appears in the dream and what surrounds it.",
            'There is no fixed meaning I could state; what I can do is show how it appears in the dream and what surrounds it.',
          ],
      seed,
    );
  }
  if (message.asksMeaning) {
    return pick(
      lang === 'pt'
        ? [
            'O sentido, quem dá é você: não tenho um dicionário de certezas. Posso contar o que se costuma associar a isso e como aparece no seu sonho.',
            'Não existe um significado fixo que eu possa afirmar; o que posso é mostrar como isso aparece no sonho e o que se costuma associar a ele.',
          ]
        : [
            "The meaning is yours to give: I don't have a dictionary of certainties. I can tell you what is commonly associated with it and how it shows up in your dream.",
            'There is no fixed meaning I could state; what I can do is show how it appears in the dream and what it is commonly linked to.',
          ],
      seed,
    );
  }
  return pick(
    lang === 'pt'
      ? [
          'O porquê eu não consigo dizer por regra. Dá para olhar o que o sonho mostra e onde isso volta nos seus registros.',
          'Por que o sonho foi assim, só você pode ligar à sua vida; eu mostro o que está nele.',
        ]
      : [
          'The why is not something I can tell by rule. We can look at what the dream shows and where it comes back in your journal.',
          'Why the dream went this way, only you can link to your life; I can show what is in it.',
        ],
    seed,
  );
}

// --- the one question --------------------------------------------------------------------------------------------

function questionsFor(facts: DreamFacts | undefined, a: Answer, focus: string | null): string[] {
  const { lang } = a;
  const pool: string[] = [];
  if (focus) {
    pool.push(
      lang === 'pt'
        ? `O que ${quote(focus)} lembra na sua vida acordada?`
        : `What does ${quote(focus)} bring to mind in your waking life?`,
    );
  }
  if (facts) {
    const [main] = facts.people;
    const speech = main?.speech[0];
    if (main && speech) {
      pool.push(
        lang === 'pt'
          ? `O que a frase ${personOf(main, lang)} — ${quote(speech)} — diz a você hoje?`
          : `What do ${personOf(main, lang)} words — ${quote(speech)} — say to you today?`,
      );
    }
    if (main?.isDeceased) {
      pool.push(
        lang === 'pt'
          ? `Se você pudesse falar com ${main.label.pt} nesse encontro, o que diria?`
          : `If you could speak to ${main.label.en} in that meeting, what would you say?`,
      );
    }
    const hug = main?.actions.find((action) => action.en === 'hugs you');
    if (main && hug) {
      pool.push(
        lang === 'pt'
          ? `Como esse abraço ficou em você depois que acordou?`
          : `How did that hug stay with you after you woke up?`,
      );
    }
    if (main && !main.isDeceased) {
      pool.push(
        lang === 'pt'
          ? `O que está acontecendo entre você e ${main.label.pt} na vida acordada?`
          : `What is going on between you and ${main.label.en} in waking life?`,
      );
    }
    const place = facts.places[0];
    if (place) {
      const label = placeLabel(facts, place, lang).replace(/^(uma|um|a|o|as|os) /u, '');
      pool.push(
        lang === 'pt'
          ? `Que lembranças ${quote(label)} traz para você?`
          : `What memories does ${quote(label)} bring back?`,
      );
    }
    for (const image of facts.images.slice(0, 2)) {
      pool.push(
        lang === 'pt'
          ? `O que ${quote(image)} lembra na sua vida acordada?`
          : `What does ${quote(image)} bring to mind in your waking life?`,
      );
    }
    const [feeling] = facts.emotions;
    if (feeling) {
      pool.push(
        lang === 'pt'
          ? `Onde mais, nos últimos dias, você sentiu ${emotionName(feeling, lang)}?`
          : `Where else, in recent days, did you feel ${emotionName(feeling, lang)}?`,
      );
    }
  }
  pool.push(
    ...(lang === 'pt'
      ? ['O que mais chamou sua atenção ao acordar?', 'Isso lembra algo que você está vivendo agora?']
      : ['What struck you most when you woke up?', 'Does this remind you of something you are living now?']),
  );
  return pool;
}

/** One question: the first of the pool not asked before in this conversation. */
/**
 * One question: among the first `spread` of the pool not asked before in this conversation (the pool is most
 * specific first: 1 keeps the most specific, more lets the wording vary with the message).
 */
function oneQuestion(pool: string[], a: Answer, spread = 1): string {
  const fresh = pool.filter((question) => !a.asked.includes(question));
  return fresh.length > 0 ? pick(fresh.slice(0, spread), a.seed >>> 9) : (pool[0] ?? '');
}

// --- the answers -------------------------------------------------------------------------------------------------

const INTRO: Record<Lang, string> = {
  pt: 'Uma nota só desta vez: sou o guia de reflexão do Sonhário, não uma IA generativa. Respondo por regras, com o que está nos seus sonhos; o sentido quem dá é você.',
  en: "A note just this once: I am Sonhário's reflection guide, not generative AI. I answer by rules, from what is in your dreams; the meaning is yours to give.",
};

/**
 * With distress, the safety layer's own reply (docs/decisions/056: the same words whatever the provider, with the
 * line that fits the kind: grounding for panic, where to turn for violence), then, only when the message is about the
 * conversation's dream, one gentle line naming it: no images, no reading, nothing from other dreams.
 */
function distressAnswer(a: Answer): string {
  const { lang, request } = a;
  const paragraphs = safeReply(request.language, assessDistress(request.message).kinds).split('\n\n');
  const subject = request.kind === 'dream' ? a.facts[0] : undefined;
  const aboutDream =
    subject !== undefined &&
    (a.message.keywords.some((word) => hasStem(subject.stems, word)) || /\b(sonh|dream)/iu.test(request.message));
  if (subject && aboutDream) {
    const line =
      lang === 'pt'
        ? `O sonho ${ref(subject)} pode esperar; quando você quiser, voltamos a ele devagar.`
        : `The dream ${ref(subject)} can wait; whenever you are ready, we can come back to it.`;
    paragraphs.splice(Math.max(1, paragraphs.length - 1), 0, line);
  }
  return paragraphs.join('\n\n');
}

function dreamAnswer(a: Answer): string[] {
  const { lang, message, seed } = a;
  const facts = a.facts[0];
  if (!facts)
    return [lang === 'pt' ? 'Não encontrei este sonho no seu diário.' : "I couldn't find this dream in your journal."];
  const paragraphs: string[] = [];
  const person = personAskedAbout(a, facts);
  const asksOpen = message.asksSpeculation || message.asksMeaning || message.asksWhy;
  const felt = new Set(message.feelings.flatMap((feeling) => foldText(feeling.word).split(' ')));
  const inDream = message.keywords.filter((word) => hasStem(facts.stems, word));
  const focusImage = inDream.find((word) => !felt.has(word));
  const focusWord = inDream[0] ? asWritten(a.said, inDream[0]) : null;

  if (message.isThanks) {
    paragraphs.push(
      pick(
        lang === 'pt'
          ? ['Eu que agradeço por dividir esse sonho.', 'De nada — foi bom olhar esse sonho com você.']
          : ['Thank you for sharing this dream.', "You're welcome — it was good to look at this dream with you."],
        seed,
      ),
    );
  } else if (message.isGreeting) {
    paragraphs.push(lang === 'pt' ? 'Oi! Vamos olhar esse sonho juntos.' : "Hi! Let's look at this dream together.");
  }
  const visit = facts.people.find((p) => p.isDeceased);
  const note = asksOpen && !visit ? (symbolNote(a, [facts]) ?? classicNote(facts, a) ?? imageNote(a, [facts])) : null;
  if (asksOpen) paragraphs.push(honestOffer(a, person, note !== null || visit !== undefined));
  else if (message.feelings.length > 0) paragraphs.push(feelingReflection(a, [facts]));
  const stranger = focusImage && STRANGERS.has(focusImage) ? asWritten(a.said, focusImage) : null;
  // "Who was laughing?": the person the dream names in the sentence that holds the word, when there is one.
  const whoSentence = message.asksWho && !person && focusImage ? sentenceWith(facts, focusImage) : undefined;
  const [named] = whoSentence ? peopleIn(whoSentence) : [];
  if (named && whoSentence) {
    paragraphs.push(
      lang === 'pt'
        ? `Pelo relato, é ${named.label.pt}: ${quote(excerpt(whoSentence))}.`
        : `From the dream, it is ${named.label.en}: ${quote(excerpt(whoSentence))}.`,
    );
  } else if (message.asksWho && !person) {
    paragraphs.push(
      stranger
        ? lang === 'pt'
          ? `Quem era esse ${stranger}, o relato não diz: não há nome, só o que acontece.`
          : `Who this ${stranger} was, the dream does not say: there is no name, only what happens.`
        : lang === 'pt'
          ? 'O relato não dá nome a essa pessoa; só você pode reconhecer quem ela lembra.'
          : 'The dream gives this person no name; only you can tell who they remind you of.',
    );
  }
  const showAll = a.turn === 0 || asksOpen || message.asksWho || message.asksWhere || message.isGreeting;
  if (showAll) paragraphs.push(describe(facts, a));
  else if (!focusWord && !message.isThanks && message.feelings.length === 0) paragraphs.push(echo(a, person));
  if (focusWord && inDream[0] && !named) {
    const sentence = sentenceWith(facts, inDream[0]);
    if (sentence) {
      paragraphs.push(
        pick(
          lang === 'pt'
            ? [
                `Você falou de ${quote(focusWord)}. No sonho, aparece assim: ${quote(excerpt(sentence))}.`,
                `Sobre ${quote(focusWord)}, o sonho diz: ${quote(excerpt(sentence))}.`,
              ]
            : [
                `You mentioned ${quote(focusWord)}. In the dream it appears like this: ${quote(excerpt(sentence))}.`,
                `About ${quote(focusWord)}, the dream says: ${quote(excerpt(sentence))}.`,
              ],
          seed >>> 1,
        ),
      );
    }
  }
  const griefSaid = /comuns no luto|visita assim|common in grief|visit like this/u.test(a.asked);
  if (visit && !griefSaid && (asksOpen || message.feelings.length > 0 || person === visit))
    paragraphs.push(griefNote(visit, a, { isDescribed: showAll }));
  else if (note) paragraphs.push(note);
  const others = a.facts.slice(1);
  if (message.asksFrequency || message.asksComparison)
    paragraphs.push(recurrenceInOthers(a, facts, others, inDream[0]));
  else if (others.length > 0 && (a.turn === 0 || person !== undefined)) {
    // Where the dream's people come back in the related dreams given with it, named with links and dates.
    const line = peopleInOthers(a, facts, others, person);
    if (line) paragraphs.push(line);
  }
  if (a.turn === 0 && !a.request.summary) paragraphs.push(INTRO[lang]);
  const imageWord = focusImage && !visit && !stranger ? asWritten(a.said, focusImage) : null;
  const hasSpecific =
    imageWord !== null ||
    stranger !== null ||
    person !== undefined ||
    named !== undefined ||
    facts.people.some((p) => p.speech.length > 0 || p.isDeceased);
  const [feeling] = facts.emotions;
  const lead =
    message.asksFeeling && feeling
      ? [
          lang === 'pt'
            ? `Onde mais, nos últimos dias, você sentiu ${emotionName(feeling, lang)}?`
            : `Where else, in recent days, did you feel ${emotionName(feeling, lang)}?`,
        ]
      : stranger
        ? [
            lang === 'pt'
              ? `Esse ${stranger} lembra alguém da sua vida acordada?`
              : `Does this ${stranger} remind you of anyone in your waking life?`,
          ]
        : (person ?? named) && !(person ?? named)?.isDeceased
          ? [
              lang === 'pt'
                ? `O que está acontecendo entre você e ${(person ?? named)?.label.pt ?? ''} na vida acordada?`
                : `What is going on between you and ${(person ?? named)?.label.en ?? ''} in waking life?`,
            ]
          : [];
  paragraphs.push(
    oneQuestion([...lead, ...questionsFor(facts, a, imageWord)], a, hasSpecific || lead.length > 0 ? 1 : 3),
  );
  return paragraphs;
}

/** "de" contracted with the label's article or possessive: "do seu avô", "da sua mãe", "de um amigo". */
/**
 * How often and since when the asked word (or the dream's people, places and images) comes back in the related dreams
 * given with a conversation's dream (chat.service relatedDreams: the search and similar dreams), with links and dates.
 */
function recurrenceInOthers(a: Answer, facts: DreamFacts, others: DreamFacts[], word: string | undefined): string {
  const { lang } = a;
  if (others.length === 0) {
    return lang === 'pt'
      ? 'Não encontrei no seu diário outros sonhos parecidos com este; quando houver, mostro aqui onde as mesmas pessoas, lugares e imagens voltam. No Oráculo você pode procurar no diário inteiro.'
      : 'I found no other dreams in your journal like this one; when there are, I will show where the same people, places and images come back. In the Oracle you can search your whole journal.';
  }
  if (word) {
    const symbol = symbolFor(word);
    const dreams = [facts, ...others]
      .filter((f) => hasStem(f.stems, word) || (symbol !== undefined && f.symbolIds.has(symbol.id)))
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (dreams.length > 1) return topicParagraph({ word, dreams }, a);
    const shown = quote(asWritten(a.said, word));
    return lang === 'pt'
      ? `Entre os ${others.length} sonhos mais parecidos com este que consultei, ${shown} não volta: aparece só aqui.`
      : `Among the ${others.length} dreams most like this one that I looked at, ${shown} does not come back: it appears only here.`;
  }
  const shared = sharedElements([facts, ...others], lang).filter((entry) => entry.dreams.includes(facts));
  if (shared.length === 0) {
    return lang === 'pt'
      ? `Entre os ${others.length} sonhos mais parecidos com este que consultei, nenhuma pessoa, lugar ou imagem deste sonho se repete.`
      : `Among the ${others.length} dreams most like this one that I looked at, no person, place or image of this dream comes back.`;
  }
  const names = shared.slice(0, 3).map((entry) => {
    const sorted = [...entry.dreams].sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    return `${entry.name} (${list(
      sorted.filter((f) => f !== facts).map((f) => dated(f, lang)),
      lang,
    )})`;
  });
  return lang === 'pt'
    ? `Deste sonho, ${names.length > 1 ? 'voltam' : 'volta'} em outros: ${list(names, lang)}.`
    : `From this dream, these come back in others: ${list(names, lang)}.`;
}

/** The dream's people (or the one asked about) who appear in the related dreams too, with links and dates. */
function peopleInOthers(
  a: Answer,
  facts: DreamFacts,
  others: DreamFacts[],
  asked: DreamPerson | undefined,
): string | null {
  const { lang } = a;
  const people = asked ? [asked] : facts.people;
  for (const person of people) {
    const withPerson = others
      .filter((f) => f.people.some((p) => p.key === person.key))
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (withPerson.length === 0) continue;
    const refs = list(
      withPerson.map((f) => dated(f, lang)),
      lang,
    );
    const name = person.label[lang];
    return lang === 'pt' ? `${cap(name)} também aparece em ${refs}.` : `${cap(name)} also appears in ${refs}.`;
  }
  return null;
}

const ofPt = (label: string) =>
  label
    .replace(/^seu /u, 'do seu ')
    .replace(/^sua /u, 'da sua ')
    .replace(/^(?!d[oa] )/u, 'de ');

/**
 * Free text on a later turn: the dreamer's own sentence said back (reflective listening), tied to the dream's person
 * when it speaks of them ("Ele sempre dizia isso" → a memory of "seu avô").
 */
function echo(a: Answer, person: DreamPerson | undefined): string {
  const { lang, seed } = a;
  const sentences = a.request.message
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const best = [...sentences].sort((x, y) => contentWords(y).length - contentWords(x).length)[0] ?? a.request.message;
  const said = quote(excerpt(best));
  if (person) {
    return lang === 'pt'
      ? `Você trouxe algo ${ofPt(person.label.pt)} fora do sonho: ${said}. Isso diz mais sobre o sonho do que qualquer regra.`
      : `You brought something of ${person.label.en} from outside the dream: ${said}. That says more about the dream than any rule.`;
  }
  return pick(
    lang === 'pt'
      ? [`Você escreveu: ${said}. Fico com isso.`, `Guardo o que você disse: ${said}.`]
      : [`You wrote: ${said}. I'll keep that in view.`, `I'm holding on to what you said: ${said}.`],
    seed,
  );
}

function feelingReflection(a: Answer, facts: DreamFacts[]): string {
  const { lang } = a;
  const words = feelingWords(a.message, lang, (emotion) => emotionName(emotion, lang));
  const felt = list(
    words.slice(0, 2).map((feeling) => feeling.word),
    lang,
  );
  const isNoun = words[0]?.isNoun ?? true;
  const withIt = facts.filter((f) =>
    a.message.feelings.some(
      (feeling) =>
        f.emotions.includes(feeling.emotion) || feeling.word.split(' ').every((w) => hasStem(f.stems, foldText(w))),
    ),
  );
  const opening = pick(
    lang === 'pt'
      ? [
          `${isNoun ? `Você ficou com ${felt}` : `Você se sentiu ${felt}`}. Faz sentido ficar com isso depois de um sonho assim.`,
          `${cap(felt)} — é isso que ficou em você. É um sentimento que merece espaço.`,
        ]
      : [
          `You felt ${felt}. It makes sense to carry that after a dream like this.`,
          `${cap(felt)} — that is what stayed with you. It deserves some room.`,
        ],
    a.seed,
  );
  if (withIt.length === 0 || a.request.kind === 'dream') return opening;
  const sorted = [...withIt].sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
  return `${opening} ${
    lang === 'pt'
      ? `Entre os sonhos que encontrei, esse sentimento aparece em ${list(
          sorted.slice(0, 5).map((f) => dated(f, lang)),
          lang,
        )}${sorted.length > 1 ? ` (${sorted.length} de ${facts.length})` : ''}.`
      : `Among the dreams I found, that feeling shows up in ${list(
          sorted.slice(0, 5).map((f) => dated(f, lang)),
          lang,
        )}${sorted.length > 1 ? ` (${sorted.length} of ${facts.length})` : ''}.`
  }`;
}

/** Elements (people, places, images, feelings) in two or more of the given dreams, most shared first. */
function sharedElements(facts: DreamFacts[], lang: Lang): { key: string; name: string; dreams: DreamFacts[] }[] {
  const byKey = new Map<string, { key: string; name: string; dreams: DreamFacts[] }>();
  const add = (key: string, name: string, f: DreamFacts) => {
    const entry = byKey.get(key) ?? { key, name, dreams: [] };
    if (!entry.dreams.includes(f)) entry.dreams.push(f);
    byKey.set(key, entry);
  };
  for (const f of facts) {
    for (const person of f.people) add(`person:${person.key}`, person.label[lang], f);
    for (const place of f.places) add(`place:${place.key}`, placeLabel(f, place, lang), f);
    for (const image of f.images) add(`image:${foldText(image)}`, image, f);
    for (const emotion of f.emotions) add(`emotion:${emotion}`, emotionName(emotion, lang), f);
  }
  return [...byKey.values()]
    .filter((entry) => entry.dreams.length >= 2)
    .sort((x, y) => y.dreams.length - x.dreams.length);
}

function topicParagraph(topic: Topic, a: Answer): string {
  const { lang, seed } = a;
  const word = quote(asWritten(a.said, topic.word));
  const total = a.facts.length;
  const refs = list(
    topic.dreams.slice(0, 6).map((f) => dated(f, lang)),
    lang,
  );
  const first = topic.dreams[0];
  const last = topic.dreams.at(-1);
  if (!first || !last) return '';
  const more =
    total >= 10
      ? lang === 'pt'
        ? ' (procuro até 10 de cada vez; pode haver mais)'
        : ' (I look at up to 10 at a time; there may be more)'
      : '';
  if (total === 1) return lang === 'pt' ? `${cap(word)} aparece em ${refs}.` : `${cap(word)} appears in ${refs}.`;
  if (topic.dreams.length === 1) {
    return lang === 'pt'
      ? `${cap(word)} aparece em ${refs}, o único entre os ${total} sonhos que consultei${more}.`
      : `${cap(word)} appears in ${refs}, the only one among the ${total} dreams I looked at${more}.`;
  }
  const since = formatDate(first.dream.dreamtOn, lang);
  const latest = formatDate(last.dream.dreamtOn, lang);
  return pick(
    lang === 'pt'
      ? [
          `${cap(word)} aparece em ${topic.dreams.length} dos ${total} sonhos que consultei${more}: ${refs}. O primeiro é de ${since}; o mais recente, de ${latest}.`,
          `Encontrei ${word} em ${topic.dreams.length} sonhos${more}: ${refs}. Desde ${since}, e a última vez em ${latest}.`,
        ]
      : [
          `${cap(word)} appears in ${topic.dreams.length} of the ${total} dreams I looked at${more}: ${refs}. The first is from ${since}; the latest from ${latest}.`,
          `I found ${word} in ${topic.dreams.length} dreams${more}: ${refs}. Since ${since}, most recently on ${latest}.`,
        ],
    seed,
  );
}

function journalAnswer(a: Answer): string[] {
  const { lang, message, seed } = a;
  if (a.facts.length === 0) {
    return [
      lang === 'pt'
        ? 'Seu diário ainda não tem sonhos para eu consultar. Quando você registrar alguns, posso mostrar quem, onde e que imagens voltam neles, com datas.'
        : 'Your journal has no dreams for me to look at yet. Once you record some, I can show who, where and which images come back in them, with dates.',
    ];
  }
  const paragraphs: string[] = [];
  const topics = topicsOf(a);
  const asksOpen = message.asksSpeculation || message.asksMeaning || message.asksWhy;
  if (message.isThanks) {
    paragraphs.push(
      pick(lang === 'pt' ? ['De nada!', 'Eu que agradeço.'] : ["You're welcome!", 'Thank you, too.'], seed),
    );
  } else if (message.isGreeting) {
    paragraphs.push(
      lang === 'pt'
        ? 'Oi! Posso procurar no seu diário pessoas, lugares, imagens e sentimentos que voltam, com datas.'
        : 'Hi! I can look through your journal for people, places, images and feelings that come back, with dates.',
    );
  }
  const hasVisit = a.facts.some((f) => f.people.some((p) => p.isDeceased));
  const topicDreams = topics[0]?.dreams ?? [];
  const withClassic = topicDreams.find((f) => classicNote(f, a) !== null);
  const journalNote = asksOpen
    ? (symbolNote(a, a.facts) ??
      (withClassic ? classicNote(withClassic, a) : null) ??
      imageNote(a, topicDreams.length > 0 ? topicDreams : a.facts))
    : null;
  const griefSaid = /comuns no luto|visita assim|common in grief|visit like this/u.test(a.asked);
  if (asksOpen) paragraphs.push(honestOffer(a, undefined, (hasVisit && !griefSaid) || journalNote !== null));
  if (message.feelings.length > 0 && !asksOpen) paragraphs.push(feelingReflection(a, a.facts));

  let focus: DreamFacts[] = [];
  let focusWord: string | null = null;
  for (const topic of topics) {
    paragraphs.push(topicParagraph(topic, a));
    if (focus.length === 0) {
      focus = topic.dreams;
      focusWord = asWritten(a.said, topic.word);
      const latest = topic.dreams.at(-1);
      const earliest = topic.dreams[0];
      const sentence = latest ? sentenceWith(latest, topic.word) : undefined;
      if (TYPE_WORDS.has(topic.word) && earliest && latest && earliest !== latest) {
        // "How have my nightmares changed?": the first and the latest of them, side by side.
        paragraphs.push(describe(earliest, a, { withDate: true }), describe(latest, a, { withDate: true }));
      } else if (latest && sentence) {
        paragraphs.push(
          topic.dreams.length === 1
            ? `${ref(latest)}: ${quote(excerpt(sentence))}.`
            : lang === 'pt'
              ? `No mais recente, ${ref(latest)}: ${quote(excerpt(sentence))}.`
              : `In the latest, ${ref(latest)}: ${quote(excerpt(sentence))}.`,
        );
      }
    }
  }
  const keywordsMissed = message.keywords.filter((word) => !a.facts.some((f) => hasStem(f.stems, word)));
  if (topics.length === 0) {
    const recent = [...a.facts].sort((x, y) => y.dream.dreamtOn.localeCompare(x.dream.dreamtOn)).slice(0, 2);
    const missed = message.isCarried ? [] : keywordsMissed.slice(0, 2).map((word) => quote(asWritten(a.said, word)));
    if (missed.length > 0 && message.feelings.length === 0) {
      paragraphs.push(
        lang === 'pt'
          ? `Não encontrei ${list(missed, lang)} nos seus sonhos. Os mais recentes são estes:`
          : `I didn't find ${list(missed, lang)} in your dreams. These are the most recent:`,
      );
    }
    // The newest dreams are shown when the words found nothing, and on a first turn; not for thanks or a comparison
    // (which shows its own two).
    const showRecent =
      (missed.length > 0 || a.turn === 0 || message.isGreeting) && !message.isThanks && !message.asksComparison;
    if (showRecent) for (const f of recent) paragraphs.push(describe(f, a, { withDate: true }));
    focus = recent;
  }
  // What else comes back across the dreams in view (the topic's, or all of them).
  const pool = focus.length >= 2 && topics.length > 0 ? focus : a.facts;
  const focusStems = focusWord ? stemsOf(foldText(focusWord)) : null;
  const focusSymbol = focusWord ? symbolFor(foldText(focusWord)) : undefined;
  const shared = sharedElements(pool, lang).filter((entry) => {
    if (!focusStems) return true;
    const stems = stemsOf(foldText(entry.name).split(' ').at(-1) ?? '');
    const isFocusSymbol = focusSymbol !== undefined && symbolFor(foldText(entry.name))?.id === focusSymbol.id;
    return stems.pt !== focusStems.pt && stems.en !== focusStems.en && !isFocusSymbol;
  });
  if (shared.length > 0 && !message.asksComparison && !message.isThanks) {
    const names = shared
      .slice(0, 3)
      .map(
        (entry) =>
          `${entry.name} (${entry.dreams.length} ${lang === 'pt' ? 'sonhos' : 'dreams'}: ${list(entry.dreams.slice(0, 4).map(ref), lang)})`,
      );
    paragraphs.push(
      pick(
        lang === 'pt'
          ? [
              `Nesses sonhos também ${names.length > 1 ? 'voltam' : 'volta'} ${list(names, lang)}.`,
              `O que mais se repete entre eles: ${list(names, lang)}.`,
            ]
          : [
              `In these dreams, ${list(names, lang)} also ${names.length > 1 ? 'come' : 'comes'} back.`,
              `What else repeats among them: ${list(names, lang)}.`,
            ],
        seed >>> 2,
      ),
    );
  }
  if (message.asksComparison) {
    const [x, y] = pool.length >= 2 ? pool.slice(-2) : a.facts.slice(0, 2);
    if (x && y) paragraphs.push(comparison(x, y, a));
  }
  // An open question about dreams already counted: what the latest of them hold, in prose.
  if (asksOpen && topics.length > 0 && a.asked.length > 0)
    for (const f of focus.slice(-2).reverse()) paragraphs.push(describe(f, a, { withDate: true }));
  const [askedPerson] = focusWord !== null ? peopleIn(focusWord) : [];
  // Someone who died, asked about or in the dreams of an open question: what such visits commonly are, once.
  const visit =
    focus.flatMap((f) => f.people).find((p) => p.isDeceased && (!askedPerson || p.key === askedPerson.key)) ??
    undefined;
  if (visit && !griefSaid && (asksOpen || askedPerson?.key === visit.key))
    paragraphs.push(griefNote(visit, a, { isDescribed: true }));
  else if (asksOpen && journalNote) paragraphs.push(journalNote);
  if (a.turn === 0 && !a.request.summary) paragraphs.push(INTRO[lang]);
  const subject = focus.at(-1) ?? a.facts[0];
  const top = shared[0];
  const topName = top ? (top.key.startsWith('image:') ? quote(top.name) : top.name) : '';
  const sharedQuestion = top
    ? lang === 'pt'
      ? [`O que, na sua vida agora, pode estar trazendo ${topName} de volta aos seus sonhos?`]
      : [`What in your life right now might be bringing ${topName} back into your dreams?`]
    : [];
  const personQuestion = !askedPerson
    ? []
    : visit?.key === askedPerson.key
      ? [
          lang === 'pt'
            ? `Se ${askedPerson.label.pt} voltasse num próximo sonho, o que você gostaria de dizer?`
            : `If ${askedPerson.label.en} came back in another dream, what would you like to say?`,
        ]
      : [
          lang === 'pt'
            ? `O que está acontecendo entre você e ${askedPerson.label.pt} na vida acordada?`
            : `What is going on between you and ${askedPerson.label.en} in waking life?`,
        ];
  const typeQuestion =
    focusWord !== null && TYPE_WORDS.has(foldText(focusWord))
      ? [
          lang === 'pt'
            ? 'O que andava acontecendo na sua vida perto dessas noites?'
            : 'What was going on in your life around those nights?',
        ]
      : [];
  paragraphs.push(
    oneQuestion(
      [
        ...typeQuestion,
        ...personQuestion,
        ...(focusWord ? [] : sharedQuestion),
        ...questionsFor(subject, a, askedPerson ? null : focusWord),
      ],
      a,
      focusWord ? 1 : 3,
    ),
  );
  return paragraphs;
}

function comparison(x: DreamFacts, y: DreamFacts, a: Answer): string {
  const { lang } = a;
  const names = (f: DreamFacts) =>
    new Map<string, string>([
      ...f.people.map((p): [string, string] => [`p:${p.key}`, p.label[lang]]),
      ...f.places.map((p): [string, string] => [`l:${p.key}`, placeLabel(f, p, lang)]),
      ...f.images.map((i): [string, string] => [`i:${foldText(i)}`, i]),
      ...f.emotions.map((e): [string, string] => [`e:${e}`, emotionName(e, lang)]),
    ]);
  const nx = names(x);
  const ny = names(y);
  const both = [...nx.entries()].filter(([key]) => ny.has(key)).map(([, name]) => name);
  const onlyX = [...nx.entries()].filter(([key]) => !ny.has(key)).map(([, name]) => name);
  const onlyY = [...ny.entries()].filter(([key]) => !nx.has(key)).map(([, name]) => name);
  const parts: string[] = [];
  parts.push(
    both.length > 0
      ? lang === 'pt'
        ? `Entre ${dated(x, lang)} e ${dated(y, lang)}, o que se repete é ${list(both.slice(0, 3), lang)}.`
        : `Between ${dated(x, lang)} and ${dated(y, lang)}, what repeats is ${list(both.slice(0, 3), lang)}.`
      : lang === 'pt'
        ? `${dated(x, lang)} e ${dated(y, lang)} não têm pessoas, lugares ou imagens em comum que eu reconheça.`
        : `${dated(x, lang)} and ${dated(y, lang)} share no people, places or images that I can recognise.`,
  );
  if (onlyX.length > 0 || onlyY.length > 0) {
    parts.push(
      lang === 'pt'
        ? `Só em ${ref(x)}: ${list(onlyX.slice(0, 3), lang) || 'nada de diferente'}; só em ${ref(y)}: ${list(onlyY.slice(0, 3), lang) || 'nada de diferente'}.`
        : `Only in ${ref(x)}: ${list(onlyX.slice(0, 3), lang) || 'nothing different'}; only in ${ref(y)}: ${list(onlyY.slice(0, 3), lang) || 'nothing different'}.`,
    );
  }
  return parts.join(' ');
}

/**
 * A follow-up with no words of its own ("desde quando isso acontece?", "what do they mean?") is about what the
 * dreamer's last message with words named: its key words and people carry over, marked as carried.
 */
function withEarlierTopic(message: MessageReading, turns: ChatRequest['turns']): MessageReading {
  const asks =
    message.asksFrequency ||
    message.asksMeaning ||
    message.asksWhy ||
    message.asksComparison ||
    message.asksSpeculation ||
    message.asksWho ||
    message.asksWhere;
  if (message.keywords.length > 0 || !asks) return message;
  for (const turn of [...turns].reverse()) {
    if (turn.role !== 'user') continue;
    const earlier = readMessage(turn.content);
    if (earlier.keywords.length > 0)
      return { ...message, keywords: earlier.keywords, people: earlier.people, isCarried: true };
  }
  return message;
}

/** The guide's answer, whole (deterministic: the same request gives the same text). */
export function composeGuideAnswer(request: ChatRequest): string {
  const lang: Lang = request.language === 'en' ? 'en' : 'pt';
  const turn = request.turns.filter((t) => t.role === 'assistant').length;
  const a: Answer = {
    request,
    lang,
    seed: seedOf(`${request.message}\u0000${turn}`),
    turn,
    message: withEarlierTopic(readMessage(request.message), request.turns),
    // With distress only the subject dream is read (the answer may name it, gently), never the journal's.
    facts: (request.distress && request.kind === 'journal' ? [] : request.dreams)
      .slice(0, request.distress ? 1 : undefined)
      .map((dream) => factsOf(dream, request.language)),
    asked: request.turns
      .filter((t) => t.role === 'assistant')
      .map((t) => t.content)
      .join('\n'),
    said: [
      request.message,
      ...request.turns
        .filter((t) => t.role === 'user')
        .reverse()
        .map((t) => t.content),
    ].join('\n'),
  };
  // Someone the journal says has died is the same person in the dreams that do not say it again.
  const deceased = new Set(a.facts.flatMap((f) => f.people.filter((p) => p.isDeceased).map((p) => p.key)));
  for (const f of a.facts) for (const p of f.people) if (deceased.has(p.key)) p.isDeceased = true;
  if (request.distress) return distressAnswer(a);
  // What an earlier answer of this conversation already said is not said again (the question has its own rule),
  // unless that would leave the question alone.
  const all = request.kind === 'dream' ? dreamAnswer(a) : journalAnswer(a);
  const fresh = all.filter((paragraph, index) => index === all.length - 1 || !a.asked.includes(paragraph));
  const paragraphs = fresh.length > 1 ? fresh : all;
  return paragraphs.filter(Boolean).join('\n\n');
}
