// Scoring the builtin reader on real dreams: DreamBank reports (../shared/eval/dreambank-dev.json, never copied into
// the project) against hand labels committed as ids only (bench/dreambank-labels/*.json, decision 057). Pure: the
// reading is done by bench/eval-dreambank.ts (`npm run eval:analyzer`), which passes it here as lexicon ids.
import { DREAM_TYPES, type DreamType } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { z } from 'zod';
import { CLASSIC_DREAM_IDS } from './classic-dreams.data.ts';
import { DREAM_SYMBOLS, DREAM_THEMES } from './lexicon.ts';

const SYMBOL_IDS = new Set(DREAM_SYMBOLS.map((symbol) => symbol.id));
const THEME_IDS = new Set(DREAM_THEMES.map((theme) => theme.id));
const ids = (known: Set<string>, kind: string) =>
  z.array(z.string().refine((id) => known.has(id), { error: (issue) => `unknown ${kind} id ${String(issue.input)}` }));

const dreambankLabel = z.object({
  /** `${collection}-${number}`: unique in the file. */
  id: z.string().min(1),
  split: z.enum(['tune', 'heldout']),
  /** Symbols in the dream that matter to it: the only ones strict precision counts as right. */
  symbols: ids(SYMBOL_IDS, 'symbol'),
  /** Present but incidental: a reader that lists them is not wrong (lenient precision). */
  optionalSymbols: ids(SYMBOL_IDS, 'symbol'),
  themes: ids(THEME_IDS, 'theme'),
  optionalThemes: ids(THEME_IDS, 'theme'),
  emotions: z.array(z.enum(EMOTIONS)),
  dreamType: z.enum(['comum', 'pesadelo', 'lúcido']),
  falseAwakening: z.boolean(),
  /**
   * Which wake-up word of the report ("woke", "wake", "awoke", "awakened"…, counted from 1) is the false awakening;
   * the first when absent. A position, so that no words of the report need to be kept.
   */
  awakeningWord: z.number().int().positive().optional(),
  classic: z.array(z.enum(CLASSIC_DREAM_IDS)),
  /** Images that matter to the dream and have no lexicon id (English words): the lexicon's gaps. */
  missing: z.array(z.string().min(1)),
});
export type DreambankLabel = z.infer<typeof dreambankLabel>;

/** A labels file, validated: an id the lexicon does not have (a renamed symbol) fails loudly, naming it. */
export function parseLabels(json: unknown): DreambankLabel[] {
  return z.array(dreambankLabel).parse(json);
}

/** What the reader gave for one dream, as lexicon ids. */
export interface IdReading {
  symbols: string[];
  themes: string[];
  emotions: Emotion[];
  dreamType: DreamType;
}

export interface LabelledReading {
  label: DreambankLabel;
  reading: IdReading;
  /** The classic dreams the reader recognised, or null when it has no recogniser. */
  classic: string[] | null;
  /**
   * For a false awakening: whether the reading holds something only the text after the wake-up has (`read`), holds
   * nothing of it (`lost`), or cannot tell (`undecidable`: the text after it names nothing the text before lacks).
   */
  afterAwakening?: 'read' | 'lost' | 'undecidable';
}

export interface Ratio {
  hits: number;
  of: number;
}
const ratio = (hits = 0, of = 0): Ratio => ({ hits, of });
export const value = (r: Ratio) => (r.of === 0 ? null : r.hits / r.of);

interface DreamMiss {
  id: string;
  split: DreambankLabel['split'];
  /** Given, neither required nor optional. */
  wrongSymbols: string[];
  /** Given and optional: right for lenient precision, wrong for strict. */
  incidentalSymbols: string[];
  missedSymbols: string[];
  wrongThemes: string[];
  missedThemes: string[];
  missedEmotions: string[];
  extraEmotions: string[];
  dreamType: { want: string; got: string } | null;
  missedClassic: string[];
  wrongClassic: string[];
  lostAfterAwakening: boolean;
}

export interface SampleScore {
  dreams: number;
  symbolPrecisionStrict: Ratio;
  symbolPrecisionLenient: Ratio;
  symbolRecall: Ratio;
  themePrecisionStrict: Ratio;
  themePrecisionLenient: Ratio;
  themeRecall: Ratio;
  emotionRecall: Ratio;
  /** Emotions given that the labels do not list. */
  extraEmotions: number;
  nightmarePrecision: Ratio;
  nightmareRecall: Ratio;
  lucidRecall: Ratio;
  /** False awakenings read through (the text after the wake-up read), of those that can be told. */
  falseAwakenings: Ratio & { undecidable: number };
  /** Null when the reader has no classic-dream recogniser. */
  classicRecall: Ratio | null;
  classicPrecision: Ratio | null;
  misses: DreamMiss[];
}

function compare(given: readonly string[], required: readonly string[], optional: readonly string[]) {
  const unique = [...new Set(given)];
  const isRequired = new Set(required);
  const isOptional = new Set(optional);
  return {
    given: unique.length,
    strict: unique.filter((id) => isRequired.has(id)).length,
    lenient: unique.filter((id) => isRequired.has(id) || isOptional.has(id)).length,
    required: isRequired.size,
    found: [...isRequired].filter((id) => unique.includes(id)).length,
    wrong: unique.filter((id) => !isRequired.has(id) && !isOptional.has(id)),
    incidental: unique.filter((id) => !isRequired.has(id) && isOptional.has(id)),
    missed: [...isRequired].filter((id) => !unique.includes(id)),
  };
}

const add = (into: Ratio, hits: number, of: number) => {
  into.hits += hits;
  into.of += of;
};

/** Precision (strict and lenient), recall and the type, lucid, false-awakening and classic figures of a sample. */
export function scoreSample(items: readonly LabelledReading[]): SampleScore {
  const hasClassic = items.some((item) => item.classic !== null);
  const score: SampleScore = {
    dreams: items.length,
    symbolPrecisionStrict: ratio(),
    symbolPrecisionLenient: ratio(),
    symbolRecall: ratio(),
    themePrecisionStrict: ratio(),
    themePrecisionLenient: ratio(),
    themeRecall: ratio(),
    emotionRecall: ratio(),
    extraEmotions: 0,
    nightmarePrecision: ratio(),
    nightmareRecall: ratio(),
    lucidRecall: ratio(),
    falseAwakenings: { ...ratio(), undecidable: 0 },
    classicRecall: hasClassic ? ratio() : null,
    classicPrecision: hasClassic ? ratio() : null,
    misses: [],
  };
  for (const { label, reading, classic, afterAwakening } of items) {
    const symbols = compare(reading.symbols, label.symbols, label.optionalSymbols);
    add(score.symbolPrecisionStrict, symbols.strict, symbols.given);
    add(score.symbolPrecisionLenient, symbols.lenient, symbols.given);
    add(score.symbolRecall, symbols.found, symbols.required);
    const themes = compare(reading.themes, label.themes, label.optionalThemes);
    add(score.themePrecisionStrict, themes.strict, themes.given);
    add(score.themePrecisionLenient, themes.lenient, themes.given);
    add(score.themeRecall, themes.found, themes.required);
    const emotions = compare(reading.emotions, label.emotions, []);
    add(score.emotionRecall, emotions.found, emotions.required);
    score.extraEmotions += emotions.wrong.length;

    const isNightmare = label.dreamType === 'pesadelo';
    const readNightmare = reading.dreamType === 'pesadelo';
    if (readNightmare) add(score.nightmarePrecision, isNightmare ? 1 : 0, 1);
    if (isNightmare) add(score.nightmareRecall, readNightmare ? 1 : 0, 1);
    if (label.dreamType === 'lúcido') add(score.lucidRecall, reading.dreamType === 'lúcido' ? 1 : 0, 1);

    let lost = false;
    if (label.falseAwakening) {
      if (afterAwakening === 'undecidable' || afterAwakening === undefined) score.falseAwakenings.undecidable++;
      else {
        lost = afterAwakening === 'lost';
        add(score.falseAwakenings, lost ? 0 : 1, 1);
      }
    }

    let classicMiss = { wrong: [] as string[], missed: [] as string[] };
    if (classic !== null && score.classicRecall && score.classicPrecision) {
      const found = compare(classic, label.classic, []);
      add(score.classicRecall, found.found, found.required);
      add(score.classicPrecision, found.strict, found.given);
      classicMiss = { wrong: found.wrong, missed: found.missed };
    }

    const dreamType = reading.dreamType === label.dreamType ? null : { want: label.dreamType, got: reading.dreamType };
    const miss: DreamMiss = {
      id: label.id,
      split: label.split,
      wrongSymbols: symbols.wrong,
      incidentalSymbols: symbols.incidental,
      missedSymbols: symbols.missed,
      wrongThemes: themes.wrong,
      missedThemes: themes.missed,
      missedEmotions: emotions.missed,
      extraEmotions: emotions.wrong,
      dreamType,
      missedClassic: classicMiss.missed,
      wrongClassic: classicMiss.wrong,
      lostAfterAwakening: lost,
    };
    const lists = [
      miss.wrongSymbols,
      miss.incidentalSymbols,
      miss.missedSymbols,
      miss.wrongThemes,
      miss.missedThemes,
      miss.missedEmotions,
      miss.extraEmotions,
      miss.missedClassic,
      miss.wrongClassic,
    ];
    if (lists.some((list) => list.length > 0) || dreamType || lost) score.misses.push(miss);
  }
  return score;
}

const WAKE_WORD = /^(?:wake|wakes|waking|woke|woken|awake|awoke|awaken|awakens|awakened|awakening)$/i;

/**
 * The report cut at its `ordinal`-th wake-up word (from 1), that word starting the part after; null when the report
 * has fewer. Words are runs of letters and apostrophes, so the cut does not depend on punctuation.
 */
export function splitAtAwakening(text: string, ordinal = 1): { before: string; after: string } | null {
  let seen = 0;
  for (const match of text.matchAll(/[\p{L}']+/gu)) {
    if (!WAKE_WORD.test(match[0])) continue;
    seen++;
    if (seen === ordinal) return { before: text.slice(0, match.index), after: text.slice(match.index) };
  }
  return null;
}

const readingIds = (reading: IdReading) =>
  new Set([
    ...reading.symbols.map((id) => `symbol:${id}`),
    ...reading.themes.map((id) => `theme:${id}`),
    ...reading.emotions.map((id) => `emotion:${id}`),
  ]);

/**
 * Whether the reading of the whole report kept what comes after a false awakening: it holds an id that only the part
 * after the wake-up gives (`read`) or none of them (`lost`); `undecidable` when the part after, read alone, gives
 * nothing the part before does not.
 */
export function afterAwakeningState(
  whole: IdReading,
  before: IdReading,
  after: IdReading,
): 'read' | 'lost' | 'undecidable' {
  const beforeIds = readingIds(before);
  const onlyAfter = [...readingIds(after)].filter((id) => !beforeIds.has(id));
  if (onlyAfter.length === 0) return 'undecidable';
  const wholeIds = readingIds(whole);
  return onlyAfter.some((id) => wholeIds.has(id)) ? 'read' : 'lost';
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export interface CorpusSummary {
  dreams: number;
  noSymbol: number;
  noTheme: number;
  noEmotion: number;
  /** Dreams of `EMPTY_READING_MIN_WORDS` words or more. */
  long: number;
  /** Of those, read with no symbol, no theme and no emotion. */
  longEmpty: number;
  types: [DreamType, number][];
  /** The most frequent symbols, most frequent first (ties by id). */
  topSymbols: [string, number][];
}

export const EMPTY_READING_MIN_WORDS = 20;

/** The corpus-wide figures: empty fields, empty readings of dreams of 20+ words, types, frequent symbols. */
export function summarise(readings: readonly { words: number; reading: IdReading }[], top = 30): CorpusSummary {
  const types = new Map<DreamType, number>(DREAM_TYPES.map((type) => [type, 0]));
  const symbols = new Map<string, number>();
  const summary: CorpusSummary = {
    dreams: readings.length,
    noSymbol: 0,
    noTheme: 0,
    noEmotion: 0,
    long: 0,
    longEmpty: 0,
    types: [],
    topSymbols: [],
  };
  for (const { words, reading } of readings) {
    if (reading.symbols.length === 0) summary.noSymbol++;
    if (reading.themes.length === 0) summary.noTheme++;
    if (reading.emotions.length === 0) summary.noEmotion++;
    if (words >= EMPTY_READING_MIN_WORDS) {
      summary.long++;
      if (reading.symbols.length + reading.themes.length + reading.emotions.length === 0) summary.longEmpty++;
    }
    types.set(reading.dreamType, (types.get(reading.dreamType) ?? 0) + 1);
    for (const id of new Set(reading.symbols)) symbols.set(id, (symbols.get(id) ?? 0) + 1);
  }
  summary.types = [...types.entries()];
  summary.topSymbols = [...symbols.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, top);
  return summary;
}

/** The labelled sample's positions: every third dream of the file, the first 160; the last 40 are held out. */
export const SAMPLE = { every: 3, size: 160, heldOutFrom: 120 } as const;

/** The split a dream of the file belongs to, from its index in the file: null when it is not in the sample. */
export function sampleSplit(index: number): DreambankLabel['split'] | null {
  if (index % SAMPLE.every !== 0) return null;
  const position = index / SAMPLE.every;
  if (position >= SAMPLE.size) return null;
  return position >= SAMPLE.heldOutFrom ? 'heldout' : 'tune';
}
