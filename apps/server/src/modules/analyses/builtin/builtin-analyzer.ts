// The builtin provider: an offline, deterministic symbolic reading from the lexicon (DESIGN.md §4). It never
// pretends to be generative AI; every text it writes says so and leaves the meaning to the dreamer.
import type { AnalysisLanguage, AnalysisResult, DreamType } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { foldText, stemEnglish, stemPortuguese, tokenize } from '../../dreams/dreams.search.ts';
import {
  DISTRESS_PHRASES,
  DREAM_CHARACTERS,
  DREAM_SETTINGS,
  DREAM_SYMBOLS,
  DREAM_THEMES,
  EMOTION_LEXICON,
  LUCIDITY_PHRASES,
  type Bilingual,
  type EmotionEntry,
  type LexiconEntry,
} from './lexicon.ts';

export type BuiltinAnalysisInput = {
  title?: string | null;
  content: string;
  emotions?: Emotion[];
  isNightmare?: boolean;
  isRecurring?: boolean;
  lucidity?: number;
  vividness?: number | null;
};

export type BuiltinAnalysisOptions = {
  language: AnalysisLanguage;
  /** Counts of symbol ids over the user's last `dreamCount` dreams (this one excluded). */
  history?: { symbolCounts: Record<string, number>; dreamCount: number };
};

type Lang = 'pt' | 'en';

const LIMITS = { symbols: 8, themes: 4, symbolsInText: 4, historyMentions: 2, questions: 4 } as const;

// --- matching ---------------------------------------------------------------------------------------------

/** Folded words separated by single spaces, padded, so a phrase matches on word boundaries with `includes`. */
function normalizePhrase(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Stems of two letters or fewer collide across unrelated words ("cão" and "cair" both stem to "ca"), so such
// triggers match only their exact forms. In the language the dream is not written in, short stems also
// collide ("gate" stems to the Portuguese "gat" of "gato"), so there only long stems or exact words count.
const MIN_STEM = 3;
const MIN_FOREIGN_STEM = 5;

// The Portuguese stemmer is light and strips noun and verb endings alike ("estava" and "estação" both give
// "est", "livre" and "livro" both "livr"), so a Portuguese stem match also needs the word and the trigger to
// agree beyond the stem, or the word to begin with the trigger ("mares" / "mar").
type Index<T> = {
  words: Map<string, T[]>;
  ptStems: Map<string, { target: T; trigger: string }[]>;
  phrases: { phrase: string; target: T }[];
};

function agreesBeyondStem(word: string, trigger: string, stem: string): boolean {
  if (word.startsWith(trigger)) return true;
  // "casa" is not a short "casamento", though both stem to "cas".
  if (word.length < trigger.length - 2) return false;
  let common = 0;
  while (common < word.length && word.charCodeAt(common) === trigger.charCodeAt(common)) common++;
  return common > stem.length;
}

function add<T>(map: Map<string, T[]>, key: string, target: T) {
  const list = map.get(key);
  if (!list) map.set(key, [target]);
  else if (!list.includes(target)) list.push(target);
}

function buildIndex<T extends { triggers: { pt: readonly string[]; en: readonly string[] } }>(
  entries: readonly T[],
): Index<T> {
  const index: Index<T> = { words: new Map(), ptStems: new Map(), phrases: [] };
  for (const target of entries) {
    for (const lang of ['pt', 'en'] as const) {
      for (const trigger of target.triggers[lang]) {
        const words = tokenize(trigger);
        const [word] = words;
        if (word === undefined || words.length !== 1 || /[\s-]/.test(trigger.trim())) {
          index.phrases.push({ phrase: ` ${normalizePhrase(trigger)} `, target });
          continue;
        }
        const stem = lang === 'pt' ? stemPortuguese(word) : stemEnglish(word);
        add(index.words, `${lang}w:${word}`, target);
        if (stem.length < MIN_STEM) {
          // Exact-only triggers still take the regular plural ("rio" / "rios").
          add(index.words, `${lang}w:${word}s`, target);
          if (lang === 'pt' && /[rzl]$/.test(word)) add(index.words, `${lang}w:${word}es`, target);
          continue;
        }
        if (lang === 'en') add(index.words, `ens:${stem}`, target);
        else {
          const list = index.ptStems.get(stem) ?? [];
          if (!list.some((item) => item.target === target && item.trigger === word))
            list.push({ target, trigger: word });
          index.ptStems.set(stem, list);
        }
      }
    }
  }
  return index;
}

// Built once at module load: every analysis is then a few map lookups per word.
const SYMBOL_INDEX = buildIndex(DREAM_SYMBOLS);
const THEME_INDEX = buildIndex(DREAM_THEMES);
const EMOTION_INDEX = buildIndex(EMOTION_LEXICON);
const CHARACTER_INDEX = buildIndex(DREAM_CHARACTERS);
const SETTING_INDEX = buildIndex(DREAM_SETTINGS);
const LUCIDITY = LUCIDITY_PHRASES.map((entry) => ({
  entry,
  phrases: [...entry.phrases.pt, ...entry.phrases.en].map((phrase) => ` ${normalizePhrase(phrase)} `),
}));
const DISTRESS = [...DISTRESS_PHRASES.pt, ...DISTRESS_PHRASES.en].map((phrase) => ` ${normalizePhrase(phrase)} `);

type WordInfo = { skip: boolean; pt: string; en: string };
// Memo of per-word work (stopword check, two stems); bounded so a long-running server does not grow it forever.
const wordCache = new Map<string, WordInfo>();
const WORD_CACHE_MAX = 50_000;

function wordInfo(word: string): WordInfo {
  let info = wordCache.get(word);
  if (info) return info;
  const skip = tokenize(word).length === 0;
  info = { skip, pt: skip ? '' : stemPortuguese(word), en: skip ? '' : stemEnglish(word) };
  if (wordCache.size >= WORD_CACHE_MAX) wordCache.clear();
  wordCache.set(word, info);
  return info;
}

const PT_MARKERS = new Set(
  'que nao um uma eu estava com para minha meu era muito mas sonhei sonho entao quando ele ela tinha'.split(' '),
);
const EN_MARKERS = new Set(
  'the and was my of to it with dreamed dreamt dream that then when he she had were'.split(' '),
);

/** The language the dream is written in, only to decide which stemmer to trust; both lexicons are always used. */
function detectLanguage(words: readonly string[]): Lang {
  let pt = 0;
  let en = 0;
  for (const word of words) {
    if (PT_MARKERS.has(word)) pt++;
    else if (EN_MARKERS.has(word)) en++;
  }
  return en > pt ? 'en' : 'pt';
}

type Hit = { first: number; count: number };

function match<T>(index: Index<T>, words: readonly string[], padded: string, primary: Lang): Map<T, Hit> {
  const hits = new Map<T, Hit>();
  const record = (target: T, position: number) => {
    const hit = hits.get(target);
    if (hit) hit.count++;
    else hits.set(target, { first: position, count: 1 });
  };
  words.forEach((word, position) => {
    const info = wordInfo(word);
    if (info.skip) return;
    const found = new Set<T>();
    for (const target of index.words.get(`ptw:${word}`) ?? []) found.add(target);
    for (const target of index.words.get(`enw:${word}`) ?? []) found.add(target);
    const ptStemAllowed = primary === 'pt' || info.pt.length >= MIN_FOREIGN_STEM;
    if (ptStemAllowed) {
      for (const { target, trigger } of index.ptStems.get(info.pt) ?? []) {
        if (agreesBeyondStem(word, trigger, info.pt)) found.add(target);
      }
    }
    if (primary === 'en' || info.en.length >= MIN_FOREIGN_STEM) {
      for (const target of index.words.get(`ens:${info.en}`) ?? []) found.add(target);
    }
    for (const target of found) record(target, position);
  });
  for (const { phrase, target } of index.phrases) {
    const at = padded.indexOf(phrase);
    if (at < 0) continue;
    // Position in words: the spaces before the match.
    let position = 0;
    for (let i = 1; i < at; i++) if (padded.charCodeAt(i) === 32) position++;
    const hit = hits.get(target);
    if (hit) {
      hit.count++;
      hit.first = Math.min(hit.first, position);
    } else hits.set(target, { first: position, count: 1 });
  }
  return hits;
}

function byAppearance<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()].sort((a, b) => a[1].first - b[1].first).map(([target]) => target);
}

function byWeight<T>(hits: Map<T, Hit>): T[] {
  return [...hits.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .map(([target]) => target);
}

// --- texts --------------------------------------------------------------------------------------------------

const round2 = (value: number) => Math.round(value * 100) / 100;
const quote = (text: string) => `“${text}”`;

function list(items: string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  const and = lang === 'pt' ? ' e ' : ' and ';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

const TYPE_PHRASE: Record<DreamType, Bilingual> = {
  comum: { pt: 'um sonho', en: 'a dream' },
  lúcido: { pt: 'um sonho lúcido', en: 'a lucid dream' },
  pesadelo: { pt: 'um pesadelo', en: 'a nightmare' },
  recorrente: { pt: 'um sonho recorrente', en: 'a recurring dream' },
  vívido: { pt: 'um sonho vívido', en: 'a vivid dream' },
};

const LOCAL_READING: Bilingual = {
  pt: 'Leitura simbólica local (sem IA generativa)',
  en: 'Local symbolic reading (no generative AI)',
};

const LUCIDITY_LEVEL_NAMES: Record<Lang, readonly string[]> = {
  pt: ['nenhuma', 'leve', 'moderada', 'controle total'],
  en: ['none', 'slight', 'moderate', 'full control'],
};

const TEXT = {
  intro: {
    pt: 'Esta é uma leitura simbólica local (sem IA generativa): o Sonhário compara o seu relato com um dicionário de símbolos, temas e emoções, sem enviar nada para fora. Os significados abaixo são possibilidades, não respostas — só você sabe o que o seu sonho significa.',
    en: 'This is a local symbolic reading (no generative AI): Sonhário compares your account with a dictionary of symbols, themes and emotions, without sending anything out. The meanings below are possibilities, not answers — only you know what your dream means.',
  },
  themes: { pt: 'Temas que aparecem:', en: 'Themes that show up:' },
  symbols: { pt: 'Alguns símbolos e o que costumam evocar:', en: 'Some symbols and what they often evoke:' },
  nothing: {
    pt: 'Nenhum símbolo do dicionário foi reconhecido neste relato; talvez ele fale de algo muito pessoal. Vale anotar as imagens que mais marcaram você.',
    en: 'No symbol from the dictionary was recognized in this account; perhaps it speaks of something very personal. It may help to note the images that stayed with you.',
  },
  closing: {
    pt: 'Ao reler, guarde o que ressoa e deixe de lado o que não faz sentido para você.',
    en: 'As you reread, keep what resonates and set aside what does not make sense to you.',
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
  vivid: {
    pt: 'A vividez do sonho sugere que ele tocou em algo importante para você.',
    en: 'How vivid the dream was suggests it touched something important to you.',
  },
  fallbackQuestions: {
    pt: ['Qual imagem do sonho ficou com você ao acordar, e por quê?', 'Se este sonho tivesse um título, qual seria?'],
    en: [
      'Which image from the dream stayed with you when you woke up, and why?',
      'If this dream had a title, what would it be?',
    ],
  },
} satisfies Record<string, Bilingual | { pt: string[]; en: string[] }>;

const symbolQuestion = (name: string, lang: Lang) =>
  lang === 'pt'
    ? `O que ${quote(name)} lembra na sua vida desperta?`
    : `What does ${quote(name)} bring to mind in your waking life?`;
const emotionQuestion = (name: string, lang: Lang) =>
  lang === 'pt'
    ? `Em que momento dos últimos dias você sentiu ${name.toLocaleLowerCase('pt-BR')}?`
    : `When in the last few days did you feel ${name.toLocaleLowerCase('en')}?`;

function historySentence(
  symbols: readonly LexiconEntry[],
  history: BuiltinAnalysisOptions['history'],
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
    if (symbols.length === 0) return undefined;
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

// --- analysis ---------------------------------------------------------------------------------------------

const STRONG_FEAR = 0.75;
const FEAR_WITH_THREAT = 0.45;
const THREAT_THEMES = new Set(['perseguicao', 'morte', 'queda']);

export function analyzeDream(input: BuiltinAnalysisInput, options: BuiltinAnalysisOptions): AnalysisResult {
  const lang: Lang = options.language === 'en' ? 'en' : 'pt';
  const text = [input.title ?? '', input.content].join('\n');
  const normalized = normalizePhrase(text);
  const padded = ` ${normalized} `;
  const words = normalized.length > 0 ? normalized.split(' ') : [];
  const primary = detectLanguage(words);

  const symbols = byAppearance(match(SYMBOL_INDEX, words, padded, primary)).slice(0, LIMITS.symbols);
  const themes = byWeight(match(THEME_INDEX, words, padded, primary)).slice(0, LIMITS.themes);
  const characters = byAppearance(match(CHARACTER_INDEX, words, padded, primary));
  const settings = byAppearance(match(SETTING_INDEX, words, padded, primary));

  // Emotions: words in the text, and those the dreamer picked, which weigh more than any word.
  const emotionHits = match(EMOTION_INDEX, words, padded, primary);
  const chosen = new Set(input.emotions ?? []);
  const emotions: { entry: EmotionEntry; intensity: number }[] = [];
  for (const entry of EMOTION_LEXICON) {
    const hits = emotionHits.get(entry)?.count ?? 0;
    let intensity = 0;
    if (chosen.has(entry.id)) intensity = Math.min(1, 0.6 + 0.1 * hits);
    else if (hits > 0) intensity = Math.min(0.9, 0.3 + 0.15 * hits);
    else if (entry.id === 'medo' && input.isNightmare) intensity = 0.5;
    if (intensity > 0) emotions.push({ entry, intensity: round2(intensity) });
  }
  emotions.sort((a, b) => b.intensity - a.intensity || EMOTIONS.indexOf(a.entry.id) - EMOTIONS.indexOf(b.entry.id));

  const weight = emotions.reduce((sum, { intensity }) => sum + intensity, 0);
  const sentiment =
    weight === 0
      ? 0
      : round2(Math.max(-1, Math.min(1, emotions.reduce((sum, e) => sum + e.entry.valence * e.intensity, 0) / weight)));

  const lucidityMatches = LUCIDITY.filter(({ phrases }) => phrases.some((phrase) => padded.includes(phrase))).map(
    ({ entry }) => entry,
  );
  const lucidity = Math.max(0, Math.min(3, Math.floor(input.lucidity ?? 0)));
  const luciditySignals = lucidityMatches.map((entry) => entry.label[lang]);
  if (lucidity > 0) {
    luciditySignals.push(
      lang === 'pt'
        ? `Lucidez registrada por você: ${LUCIDITY_LEVEL_NAMES.pt[lucidity]}`
        : `Lucidity you recorded: ${LUCIDITY_LEVEL_NAMES.en[lucidity]}`,
    );
  }

  const fear = emotions.find((e) => e.entry.id === 'medo')?.intensity ?? 0;
  const hasThreat = themes.some((theme) => THREAT_THEMES.has(theme.id));
  let dreamType: DreamType = 'comum';
  if (input.isNightmare || fear >= STRONG_FEAR || (fear >= FEAR_WITH_THREAT && hasThreat)) dreamType = 'pesadelo';
  else if (lucidity > 0 || lucidityMatches.length > 0) dreamType = 'lúcido';
  else if (input.isRecurring) dreamType = 'recorrente';
  else if ((input.vividness ?? 0) >= 4) dreamType = 'vívido';

  const distress = DISTRESS.some((phrase) => padded.includes(phrase));

  // Texts in the requested language.
  const locale = lang === 'pt' ? 'pt-BR' : 'en';
  const lower = (name: string) => name.toLocaleLowerCase(locale);
  const symbolNames = symbols.map((symbol) => symbol.name[lang]);
  const themeNames = themes.map((theme) => theme.name[lang]);
  const topEmotion = emotions[0]?.entry.name[lang];

  let opening = `${LOCAL_READING[lang]}: ${TYPE_PHRASE[dreamType][lang]}`;
  if (symbolNames.length > 0) {
    opening +=
      lang === 'pt'
        ? ` com ${list(symbolNames.slice(0, 3).map(lower), lang)}.`
        : ` with ${list(symbolNames.slice(0, 3).map(lower), lang)}.`;
  } else {
    opening += lang === 'pt' ? ' sem símbolos do dicionário reconhecidos.' : ' with no dictionary symbols recognized.';
  }
  const summaryParts = [opening];
  if (themeNames.length > 0)
    summaryParts.push(`${lang === 'pt' ? 'Temas' : 'Themes'}: ${list(themeNames.map(lower), lang)}.`);
  if (topEmotion)
    summaryParts.push(`${lang === 'pt' ? 'Emoção mais marcada' : 'Strongest emotion'}: ${lower(topEmotion)}.`);

  const paragraphs = [TEXT.intro[lang]];
  if (themes.length > 0) {
    paragraphs.push(
      `${TEXT.themes[lang]} ${themes.map((theme) => `${theme.name[lang]} — ${theme.meaning[lang]}`).join(' ')}`,
    );
  }
  if (symbols.length > 0) {
    const shown = symbols.slice(0, LIMITS.symbolsInText);
    paragraphs.push(
      `${TEXT.symbols[lang]} ${shown.map((symbol) => `${symbol.name[lang]} — ${symbol.meaning[lang]}`).join(' ')}`,
    );
  }
  if (symbols.length === 0 && themes.length === 0) paragraphs.push(TEXT.nothing[lang]);
  if (emotions.length > 0) {
    const names = emotions.slice(0, 3).map((e) => lower(e.entry.name[lang]));
    paragraphs.push(
      lang === 'pt'
        ? `As emoções mais presentes foram ${list(names, lang)}. O que se sente no sonho costuma ecoar o que foi vivido nos últimos dias.`
        : `The emotions most present were ${list(names, lang)}. What is felt in a dream often echoes what was lived in recent days.`,
    );
  }
  const history = historySentence(symbols, options.history, lang);
  if (history) paragraphs.push(history);
  const typeNote = {
    pesadelo: TEXT.nightmare,
    lúcido: TEXT.lucid,
    recorrente: TEXT.recurring,
    vívido: TEXT.vivid,
    comum: undefined,
  }[dreamType];
  if (typeNote) paragraphs.push(typeNote[lang]);
  paragraphs.push(TEXT.closing[lang]);

  const questions: string[] = themes.slice(0, 2).map((theme) => theme.question[lang]);
  const themeIds = new Set(themes.map((theme) => theme.id));
  const symbolForQuestion = symbols.find((symbol) => !themeIds.has(symbol.id));
  if (symbolForQuestion) questions.push(symbolQuestion(symbolForQuestion.name[lang], lang));
  if (topEmotion) questions.push(emotionQuestion(topEmotion, lang));
  for (const fallback of TEXT.fallbackQuestions[lang]) if (questions.length < 2) questions.push(fallback);

  return {
    summary: summaryParts.join(' '),
    themes: themes.map((theme) => ({ name: theme.name[lang], description: theme.meaning[lang] })),
    symbols: symbols.map((symbol) => ({ symbol: symbol.name[lang], meaning: symbol.meaning[lang] })),
    emotions: emotions.map(({ entry, intensity }) => ({ emotion: entry.id, intensity })),
    characters: characters.map((character) => character.name[lang]),
    settings: settings.map((setting) => setting.name[lang]),
    dreamType,
    interpretation: paragraphs.join('\n\n'),
    reflectionQuestions: questions.slice(0, LIMITS.questions),
    luciditySignals,
    sentiment,
    distress,
  };
}

/** The lexicon's edition, stored as the "model" of builtin analyses (bump it when the lexicon's meanings change). */
export const BUILTIN_MODEL = 'léxico 2026.11';

/** The ids of the lexicon symbols a text mentions, to count them over the user's earlier dreams. */
export function findSymbolIds(text: string): string[] {
  const normalized = normalizePhrase(text);
  const words = normalized.length > 0 ? normalized.split(' ') : [];
  const hits = match(SYMBOL_INDEX, words, ` ${normalized} `, detectLanguage(words));
  return [...hits.keys()].map((symbol) => symbol.id);
}
