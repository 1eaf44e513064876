// The analysis tally, without a database: what GET /analyses/stats shows, kept as counts that an analysis adds to
// and a deleted dream takes its analyses out of. Sealed as one JSON blob per user (journal-stats.service.ts).
import { ANALYSIS_PAGE, DREAM_TYPES, type AnalysisResult, type AnalysisStats } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { foldText } from '../dreams/dreams.search.ts';

/** Intensities (0–1) are summed in millionths: integers add and subtract exactly, floats would drift. */
const INTENSITY_UNITS = 1_000_000;

export interface AnalysisTally {
  /** Folded name → [the first spelling seen, how many analyses name it]. */
  symbols: Record<string, [name: string, count: number]>;
  themes: Record<string, [name: string, count: number]>;
  /** Emotion → [how many analyses name it, the sum of their intensities in millionths]. */
  emotions: Partial<Record<Emotion, [count: number, intensity: number]>>;
  dreamTypes: Partial<Record<AnalysisResult['dreamType'], number>>;
}

export const emptyTally = (): AnalysisTally => ({ symbols: {}, themes: {}, emotions: {}, dreamTypes: {} });

/** Counts each name once per analysis, grouping spellings that differ only in case or accents. */
function countNames(names: string[], into: AnalysisTally['symbols'], sign: 1 | -1) {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim();
    const key = foldText(name);
    if (name && !byKey.has(key)) byKey.set(key, name);
  }
  for (const [key, name] of byKey) {
    const entry = into[key];
    into[key] = [entry?.[0] ?? name, (entry?.[1] ?? 0) + sign];
  }
}

/** Adds (sign 1) or takes out (sign -1) one analysis result. */
export function applyResult(tally: AnalysisTally, result: AnalysisResult, sign: 1 | -1): void {
  countNames(
    result.symbols.map((s) => s.symbol),
    tally.symbols,
    sign,
  );
  countNames(
    result.themes.map((t) => t.name),
    tally.themes,
    sign,
  );
  for (const { emotion, intensity } of result.emotions) {
    const [count, sum] = tally.emotions[emotion] ?? [0, 0];
    tally.emotions[emotion] = [count + sign, sum + sign * Math.round(intensity * INTENSITY_UNITS)];
  }
  tally.dreamTypes[result.dreamType] = (tally.dreamTypes[result.dreamType] ?? 0) + sign;
}

const positive = <V>(entries: Record<string, V>, countOf: (value: V) => number) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => countOf(value) > 0));

/** The tally without the names no analysis holds any more (a deleted dream took the last ones): what is sealed. */
export function prunedTally(tally: AnalysisTally): AnalysisTally {
  return {
    symbols: positive(tally.symbols, ([, count]) => count),
    themes: positive(tally.themes, ([, count]) => count),
    emotions: positive(tally.emotions, ([count]) => count),
    dreamTypes: positive(tally.dreamTypes, (count) => count),
  };
}

const top = (entries: Record<string, [string, number]>) =>
  Object.values(entries)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, ANALYSIS_PAGE.statsTop);

/** The stats the API answers: the most frequent names, every emotion and dream type, most frequent first. */
export function statsOf(tally: AnalysisTally, total: number): AnalysisStats {
  return {
    total,
    symbols: top(tally.symbols),
    themes: top(tally.themes),
    emotions: EMOTIONS.flatMap((emotion) => {
      const entry = tally.emotions[emotion];
      return entry && entry[0] > 0
        ? [
            {
              emotion,
              count: entry[0],
              averageIntensity: Math.round((entry[1] / INTENSITY_UNITS / entry[0]) * 100) / 100,
            },
          ]
        : [];
    }).sort((a, b) => b.count - a.count || EMOTIONS.indexOf(a.emotion) - EMOTIONS.indexOf(b.emotion)),
    dreamTypes: DREAM_TYPES.flatMap((dreamType) => {
      const count = tally.dreamTypes[dreamType];
      return count !== undefined && count > 0 ? [{ dreamType, count }] : [];
    }).sort((a, b) => b.count - a.count),
  };
}
