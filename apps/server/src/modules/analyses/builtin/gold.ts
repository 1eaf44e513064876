// Scoring the builtin analyzer against its gold set (gold/README.md): shared by gold.test.ts, which holds the
// floors, and bench/eval-analyzer.ts (`npm run eval:analyzer`), which prints the figures and the misses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DREAM_TYPES, type AnalysisResult, type DreamType } from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { z } from 'zod';
import { analyzeDream } from './builtin-analyzer.ts';
import { DREAM_SYMBOLS, DREAM_THEMES } from './lexicon.ts';

export const GOLD_LANGUAGES = ['pt', 'en'] as const;
export type GoldLanguage = (typeof GOLD_LANGUAGES)[number];

const SYMBOL_IDS = new Set(DREAM_SYMBOLS.map((symbol) => symbol.id));
const THEME_IDS = new Set(DREAM_THEMES.map((theme) => theme.id));
const knownId = (ids: Set<string>, kind: string) =>
  z.string().refine((id) => ids.has(id), { error: (issue) => `unknown ${kind} id ${String(issue.input)}` });
const symbolId = knownId(SYMBOL_IDS, 'symbol');
const themeId = knownId(THEME_IDS, 'theme');
const symbolOrThemeId = z
  .string()
  .refine((id) => SYMBOL_IDS.has(id) || THEME_IDS.has(id), { error: (issue) => `unknown id ${String(issue.input)}` });

const goldEntry = z.object({
  id: z.string().min(1),
  kind: z.array(z.string()),
  title: z.string().nullable(),
  content: z.string().min(1),
  symbols: z.array(symbolId),
  optionalSymbols: z.array(symbolId),
  themes: z.array(themeId),
  optionalThemes: z.array(themeId),
  emotions: z.array(z.enum(EMOTIONS)),
  dreamType: z.enum(DREAM_TYPES),
  forbidden: z.array(symbolOrThemeId),
});
export type GoldEntry = z.infer<typeof goldEntry>;

/** The gold set of one language, validated: every id must be the lexicon's, so a renamed id cannot score silently. */
export function loadGold(language: GoldLanguage): GoldEntry[] {
  const file = path.join(import.meta.dirname, 'gold', `${language}.json`);
  return z.array(goldEntry).parse(JSON.parse(readFileSync(file, 'utf8')));
}

const symbolIdByName = new Map(DREAM_SYMBOLS.flatMap((s) => [[s.name.pt, s.id] as const, [s.name.en, s.id] as const]));
const themeIdByName = new Map(DREAM_THEMES.flatMap((t) => [[t.name.pt, t.id] as const, [t.name.en, t.id] as const]));

/** What the analyzer read, as lexicon ids (the result itself carries display names). */
export interface Reading {
  symbols: string[];
  themes: string[];
  emotions: Emotion[];
  dreamType: DreamType;
  result: AnalysisResult;
}

export function read(entry: GoldEntry, language: GoldLanguage): Reading {
  const result = analyzeDream(
    { title: entry.title, content: entry.content },
    { language: language === 'pt' ? 'pt-BR' : 'en' },
  );
  return {
    symbols: result.symbols.map((s) => symbolIdByName.get(s.symbol) ?? `?${s.symbol}`),
    themes: result.themes.map((t) => themeIdByName.get(t.name) ?? `?${t.name}`),
    emotions: result.emotions.map((e) => e.emotion),
    dreamType: result.dreamType,
    result,
  };
}

/** Counts for one field: precision = correct ÷ given, recall = required found ÷ required. */
export interface FieldScore {
  given: number;
  correct: number;
  required: number;
  found: number;
}
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
export const precision = (score: FieldScore) => ratio(score.correct, score.given);
export const recall = (score: FieldScore) => ratio(score.found, score.required);

export interface Miss {
  id: string;
  /** Given but neither required nor optional. */
  wrong: string[];
  /** Required but not given. */
  missed: string[];
  forbidden: string[];
}

export interface GoldScore {
  entries: number;
  symbols: FieldScore;
  themes: FieldScore;
  emotions: FieldScore;
  /** Emotions given that the annotation does not list (a negated one, or a word read out of context). */
  extraEmotions: number;
  nightmares: { required: number; found: number; falseAlarms: number };
  /** Entries annotated lúcido, and how many were read so (decision 058). */
  lucid: { required: number; found: number };
  forbidden: number;
  misses: { symbols: Miss[]; themes: Miss[]; emotions: Miss[]; dreamType: { id: string; want: string; got: string }[] };
}

function scoreField(given: readonly string[], required: readonly string[], optional: readonly string[]) {
  const allowed = new Set([...required, ...optional]);
  const givenSet = new Set(given);
  return {
    given: givenSet.size,
    correct: [...givenSet].filter((id) => allowed.has(id)).length,
    required: required.length,
    found: required.filter((id) => givenSet.has(id)).length,
    wrong: [...givenSet].filter((id) => !allowed.has(id)),
    missed: required.filter((id) => !givenSet.has(id)),
  };
}

const add = (total: FieldScore, part: FieldScore) => {
  total.given += part.given;
  total.correct += part.correct;
  total.required += part.required;
  total.found += part.found;
};
const emptyField = (): FieldScore => ({ given: 0, correct: 0, required: 0, found: 0 });

export function scoreGold(entries: readonly GoldEntry[], language: GoldLanguage): GoldScore {
  const score: GoldScore = {
    entries: entries.length,
    symbols: emptyField(),
    themes: emptyField(),
    emotions: emptyField(),
    extraEmotions: 0,
    nightmares: { required: 0, found: 0, falseAlarms: 0 },
    lucid: { required: 0, found: 0 },
    forbidden: 0,
    misses: { symbols: [], themes: [], emotions: [], dreamType: [] },
  };
  for (const entry of entries) {
    const reading = read(entry, language);
    const forbidden = new Set(entry.forbidden);
    const hits = reading.symbols.filter((id) => forbidden.has(id));
    const themeHits = reading.themes.filter((id) => forbidden.has(id));
    score.forbidden += hits.length + themeHits.length;

    const symbols = scoreField(reading.symbols, entry.symbols, entry.optionalSymbols);
    add(score.symbols, symbols);
    if (symbols.wrong.length + symbols.missed.length + hits.length > 0)
      score.misses.symbols.push({ id: entry.id, wrong: symbols.wrong, missed: symbols.missed, forbidden: hits });

    const themes = scoreField(reading.themes, entry.themes, entry.optionalThemes);
    add(score.themes, themes);
    if (themes.wrong.length + themes.missed.length + themeHits.length > 0)
      score.misses.themes.push({ id: entry.id, wrong: themes.wrong, missed: themes.missed, forbidden: themeHits });

    const emotions = scoreField(reading.emotions, entry.emotions, []);
    add(score.emotions, emotions);
    score.extraEmotions += emotions.wrong.length;
    if (emotions.wrong.length + emotions.missed.length > 0)
      score.misses.emotions.push({ id: entry.id, wrong: emotions.wrong, missed: emotions.missed, forbidden: [] });

    if (entry.dreamType === 'pesadelo') {
      score.nightmares.required++;
      if (reading.dreamType === 'pesadelo') score.nightmares.found++;
    } else if (reading.dreamType === 'pesadelo') score.nightmares.falseAlarms++;
    if (entry.dreamType === 'lúcido') {
      score.lucid.required++;
      if (reading.dreamType === 'lúcido') score.lucid.found++;
    }
    if (reading.dreamType !== entry.dreamType)
      score.misses.dreamType.push({ id: entry.id, want: entry.dreamType, got: reading.dreamType });
  }
  return score;
}
