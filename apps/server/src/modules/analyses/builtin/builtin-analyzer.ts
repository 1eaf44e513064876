// The builtin provider: an offline, deterministic symbolic reading from the lexicon (decisions 025, 058). It never
// pretends to be generative AI; every text it writes says so and leaves the meaning to the dreamer.
// Its parts: analyzer-words.ts (the tokenizer), analyzer-match.ts (the lexicon's triggers), analyzer-salience.ts,
// analyzer-feelings.ts, analyzer-lucidity.ts, analyzer-dream-type.ts; reading-text.ts writes the texts.
import { assessDistress } from '../../safety/distress.ts';
import { readDreamType, readNightmareSigns } from './analyzer-dream-type.ts';
import { dreamersFeelings, readEmotions, sentimentOf } from './analyzer-feelings.ts';
import { luciditySignalsOf, readLucidity } from './analyzer-lucidity.ts';
import { IMAGE_READ, match, PEOPLE_READ, type Hit } from './analyzer-match.ts';
import { normalizePhrase, titleLength } from './analyzer-phrases.ts';
import { byAppearance, bySalience, byWeight, settingSymbols, themeMentions } from './analyzer-salience.ts';
import { splitWords, type Words } from './analyzer-words.ts';
import { CHARACTER_INDEX, EMOTION_INDEX, SETTING_INDEX, SYMBOL_INDEX, THEME_INDEX } from './lexicon-index.ts';
import type { LexiconEntry } from './lexicon.ts';
import { writeReading } from './reading-text.ts';
import type { AnalysisLanguage, AnalysisResult } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';

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

const LIMITS = { symbols: 3, themes: 4, historyMentions: 2, questions: 4 } as const;

/** The images a dream names as the analysis reads them: its feelings, symbols, places, themes and people. */
function readImages(parsed: Words, padded: string) {
  const primary = parsed.lang;
  // Emotions: words in the text (not negated ones), and those the dreamer picked, which weigh more than any word.
  const emotionHits = dreamersFeelings(match(EMOTION_INDEX, parsed, padded, primary, { isNegationRead: true }), parsed);
  const emotionPositions = [...emotionHits.values()].flatMap((hit) => hit.positions);
  let symbolHits = match(SYMBOL_INDEX, parsed, padded, primary, IMAGE_READ);
  // Read as images: a negated place ('não era na escola') or one named in a comparison ('como um rio') is not where it happens.
  const settings = byAppearance(match(SETTING_INDEX, parsed, padded, primary, IMAGE_READ));
  // No dream of some length is read empty (issue 31). A dream that names no image but in a capitalized word reads it
  // ("friends from Highschool"); one that names none at all is about its place ("a party at his cabin"): the
  // setting, as a symbol.
  let salient = bySalience(symbolHits, emotionPositions, LIMITS.symbols);
  if (salient.length === 0) {
    symbolHits = match(SYMBOL_INDEX, { ...parsed, notImage: parsed.namesRead }, padded, primary, IMAGE_READ);
    salient = bySalience(symbolHits, emotionPositions, LIMITS.symbols);
  }
  // The place read as an image is (not negated, not a topic or a figure of speech, in the sense the lexicon means).
  const symbols =
    salient.length > 0
      ? salient
      : settingSymbols(byAppearance(match(SETTING_INDEX, parsed, padded, primary, IMAGE_READ))).slice(
          0,
          LIMITS.symbols,
        );
  const themeHits = match(THEME_INDEX, parsed, padded, primary, IMAGE_READ);
  // Every theme the words touch weighs on the dream's type; the reading names those that matter (decision 063).
  const touchedThemes = byWeight(themeHits).slice(0, LIMITS.themes);
  const themes = byWeight(themeHits)
    .filter((theme) => (themeHits.get(theme)?.count ?? 0) >= themeMentions(theme.id, parsed.words.length))
    .slice(0, LIMITS.themes);
  const characters = byAppearance(match(CHARACTER_INDEX, parsed, padded, primary, PEOPLE_READ));
  return { emotionHits, symbolHits, settings, symbols, touchedThemes, themes, characters };
}

export function analyzeDream(input: BuiltinAnalysisInput, options: BuiltinAnalysisOptions): AnalysisResult {
  const lang: Lang = options.language === 'en' ? 'en' : 'pt';
  const text = [input.title ?? '', input.content].join('\n');
  const padded = ` ${normalizePhrase(text)} `;
  const parsed = splitWords(text, titleLength(input.title), lang);
  // Read in the text's own language (a tie goes to the interface's); written in the interface's (`lang`). Exposed for
  // the composition: `textLanguage`, and where the dreamer woke up and the dream went on (`falseAwakenings`, word
  // positions) or really woke up (`finalWakeAt`, -1 when the report never says so after its first sentence).
  const textLanguage: Lang = parsed.lang;
  const falseAwakenings: readonly number[] = parsed.falseAwakenings;
  const finalWakeAt = parsed.wakeAt;
  const { emotionHits, symbolHits, settings, symbols, touchedThemes, themes, characters } = readImages(parsed, padded);
  const nightmare = readNightmareSigns(parsed);
  const emotions = readEmotions(emotionHits, parsed.words, input, nightmare.isCalledNightmare);
  const sentiment = sentimentOf(emotions);

  const lucidityMatches = readLucidity(parsed);
  const lucidity = Math.max(0, Math.min(3, Math.floor(input.lucidity ?? 0)));
  const luciditySignals = luciditySignalsOf(lucidityMatches, lucidity, lang);
  const dreamType = readDreamType({
    input,
    words: parsed.words,
    emotions,
    sentiment,
    symbolHits,
    touchedThemes,
    lucidity,
    lucidityMatches,
    nightmare,
  });

  // The one safety layer (modules/safety, docs/decisions/056), reading the text as a dream report.
  const distress = assessDistress(text, { context: 'dream' }).isDistress;

  // Texts in the requested language (reading-text.ts, decision 059).
  const reading = writeReading({
    lang,
    textLanguage,
    text,
    dreamEndsAt: finalWakeAt,
    hasFalseAwakening: falseAwakenings.length > 0,
    dreamType,
    symbols,
    symbolHits,
    themes,
    characters,
    settings,
    emotions,
    emotionHits,
    sentiment,
    history: options.history,
    distress,
  });

  return {
    summary: reading.summary,
    themes: reading.themes,
    symbols: reading.symbols,
    emotions: emotions.map(({ entry, intensity }) => ({ emotion: entry.id, intensity })),
    characters: characters.map((character) => character.name[lang]),
    settings: settings.map((setting) => setting.name[lang]),
    dreamType,
    interpretation: reading.interpretation,
    reflectionQuestions: reading.reflectionQuestions,
    luciditySignals,
    sentiment,
    distress,
  };
}

/** The lexicon's edition, stored as the "model" of builtin analyses (bump it when the lexicon's meanings change). */
export const BUILTIN_MODEL = 'léxico 2026.12';

/**
 * Why each symbol and theme was read: the words (a few either side) where its triggers hit, for the eval's
 * `--errors` listing (bench/eval-analyzer.ts). The same matching as analyzeDream's.
 */
export function explainReading(input: Pick<BuiltinAnalysisInput, 'title' | 'content'>): {
  symbols: Record<string, string[]>;
  themes: Record<string, string[]>;
} {
  const text = [input.title ?? '', input.content].join('\n');
  const padded = ` ${normalizePhrase(text)} `;
  const parsed = splitWords(text, titleLength(input.title));
  const primary = parsed.lang;
  const around = (position: number) =>
    `${parsed.words.slice(Math.max(0, position - 3), position).join(' ')} [${parsed.words[position] ?? ''}] ${parsed.words
      .slice(position + 1, position + 4)
      .join(' ')}`.trim();
  const explain = (hits: Map<LexiconEntry, Hit>) =>
    Object.fromEntries([...hits.entries()].map(([target, hit]) => [target.id, hit.positions.map(around)]));
  return {
    symbols: explain(match(SYMBOL_INDEX, parsed, padded, primary, IMAGE_READ)),
    themes: explain(match(THEME_INDEX, parsed, padded, primary, IMAGE_READ)),
  };
}

/** The ids of the lexicon symbols a text mentions, to count them over the user's earlier dreams. */
export function findSymbolIds(text: string): string[] {
  const parsed = splitWords(text);
  // The same reading as analyzeDream's: a negated mention ("não tinha cachorro") is not the symbol.
  const hits = match(SYMBOL_INDEX, parsed, ` ${normalizePhrase(text)} `, parsed.lang, IMAGE_READ);
  return [...hits.keys()].map((symbol) => symbol.id);
}
