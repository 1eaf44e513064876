// The builtin reader on real dreams (decision 057): the 500 DreamBank reports in ../shared/eval/dreambank-dev.json,
// read as English from their text alone, and the hand-labelled sample in bench/dreambank-labels/*.json (ids and
// labels only). Called by bench/eval-analyzer.ts (`npm run eval:analyzer`; `-- --misses` adds the tune dreams'
// misses, `-- --misses --misses-heldout` the held-out ones' too). Skipped with one line when the file is absent (a
// fresh clone has no ../shared). Prints no dream text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyzeDream } from '../apps/server/src/modules/analyses/builtin/builtin-analyzer.ts';
import {
  afterAwakeningState,
  EMPTY_READING_MIN_WORDS,
  parseLabels,
  SAMPLE,
  sampleSplit,
  scoreSample,
  splitAtAwakening,
  summarise,
  value,
  wordCount,
  type DreambankLabel,
  type IdReading,
  type LabelledReading,
  type Ratio,
  type SampleScore,
} from '../apps/server/src/modules/analyses/builtin/dreambank.ts';
import { DREAM_SYMBOLS, DREAM_THEMES } from '../apps/server/src/modules/analyses/builtin/lexicon.ts';

const DATA = path.resolve(import.meta.dirname, '../../shared/eval/dreambank-dev.json');
const LABELS = path.join(import.meta.dirname, 'dreambank-labels');
const CLASSIC_MODULE = path.resolve(
  import.meta.dirname,
  '../apps/server/src/modules/analyses/builtin/classic-dreams.ts',
);
const TARGETS = {
  symbolPrecision: 0.92,
  symbolRecall: 0.8,
  nightmarePrecision: 0.85,
  nightmareRecall: 0.9,
  lucidRecall: 0.9,
  /** "About 1 ms" of CPU per dream. */
  cpuMs: 1.25,
};
const ROUNDS = 3;

interface Report {
  collection: string;
  number: string | number;
  content: string;
}

const symbolIdByName = new Map(DREAM_SYMBOLS.flatMap((s) => [[s.name.pt, s.id] as const, [s.name.en, s.id] as const]));
const themeIdByName = new Map(DREAM_THEMES.flatMap((t) => [[t.name.pt, t.id] as const, [t.name.en, t.id] as const]));

/** The reader as a new user's English dream meets it: the text, no title, no emotions picked, no flags. */
function read(content: string): IdReading {
  const result = analyzeDream({ title: null, content }, { language: 'en' });
  return {
    symbols: result.symbols.map((s) => symbolIdByName.get(s.symbol) ?? `?${s.symbol}`),
    themes: result.themes.map((t) => themeIdByName.get(t.name) ?? `?${t.name}`),
    emotions: result.emotions.map((e) => e.emotion),
    dreamType: result.dreamType,
  };
}

/** The classic-dream recogniser (issue 31) when the reader has one: `findClassicDreams(text)` in classic-dreams.ts. */
async function classicRecogniser(): Promise<((text: string) => string[]) | null> {
  if (!existsSync(CLASSIC_MODULE)) return null;
  const module = (await import(pathToFileURL(CLASSIC_MODULE).href)) as Record<string, unknown>;
  const find = module.findClassicDreams;
  return typeof find === 'function' ? (text: string) => (find as (text: string) => string[])(text) : null;
}

const pct = (part: number, whole: number) => `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)} %`;
const fig = (r: Ratio | null) => {
  if (r === null) return 'n/a';
  const v = value(r);
  return v === null ? `n/a (0)` : `${v.toFixed(3)} (${r.hits}/${r.of})`;
};
const against = (r: Ratio | null, target: number) => {
  const v = r === null ? null : value(r);
  return v === null ? '' : `  ${v >= target ? 'ok' : 'BELOW'} (≥ ${target})`;
};

function printSample(name: string, score: SampleScore) {
  console.log(`  ${name} (${score.dreams} dreams):`);
  if (score.dreams === 0) {
    console.log('    no labels yet');
    return;
  }
  console.log(
    `    symbols   precision strict ${fig(score.symbolPrecisionStrict)}${against(score.symbolPrecisionStrict, TARGETS.symbolPrecision)}; ` +
      `lenient ${fig(score.symbolPrecisionLenient)}; recall ${fig(score.symbolRecall)}${against(score.symbolRecall, TARGETS.symbolRecall)}`,
  );
  console.log(
    `    themes    precision strict ${fig(score.themePrecisionStrict)}; lenient ${fig(score.themePrecisionLenient)}; ` +
      `recall ${fig(score.themeRecall)}`,
  );
  console.log(`    emotions  recall ${fig(score.emotionRecall)}; ${score.extraEmotions} given beyond the labels`);
  console.log(
    `    nightmare precision ${fig(score.nightmarePrecision)}${against(score.nightmarePrecision, TARGETS.nightmarePrecision)}; ` +
      `recall ${fig(score.nightmareRecall)}${against(score.nightmareRecall, TARGETS.nightmareRecall)}`,
  );
  console.log(`    lucid recall ${fig(score.lucidRecall)}${against(score.lucidRecall, TARGETS.lucidRecall)}`);
  console.log(
    `    false awakenings read through ${fig(score.falseAwakenings)}` +
      (score.falseAwakenings.undecidable > 0 ? `, ${score.falseAwakenings.undecidable} undecidable` : ''),
  );
  console.log(
    `    classic dreams recall ${fig(score.classicRecall)}` +
      (score.classicPrecision ? `, precision ${fig(score.classicPrecision)}` : ''),
  );
}

function printMisses(score: SampleScore) {
  for (const miss of score.misses) {
    const parts = [
      miss.wrongSymbols.length > 0 ? `wrong ${miss.wrongSymbols.join(' ')}` : '',
      miss.incidentalSymbols.length > 0 ? `incidental ${miss.incidentalSymbols.join(' ')}` : '',
      miss.missedSymbols.length > 0 ? `missed ${miss.missedSymbols.join(' ')}` : '',
      miss.wrongThemes.length > 0 ? `wrong themes ${miss.wrongThemes.join(' ')}` : '',
      miss.missedThemes.length > 0 ? `missed themes ${miss.missedThemes.join(' ')}` : '',
      miss.missedEmotions.length > 0 ? `missed emotions ${miss.missedEmotions.join(' ')}` : '',
      miss.extraEmotions.length > 0 ? `extra emotions ${miss.extraEmotions.join(' ')}` : '',
      miss.dreamType ? `type want ${miss.dreamType.want} got ${miss.dreamType.got}` : '',
      miss.missedClassic.length > 0 ? `missed classic ${miss.missedClassic.join(' ')}` : '',
      miss.wrongClassic.length > 0 ? `wrong classic ${miss.wrongClassic.join(' ')}` : '',
      miss.lostAfterAwakening ? 'nothing read after the false awakening' : '',
    ];
    console.log(`    ${miss.id} [${miss.split}]: ${parts.filter(Boolean).join('; ')}`);
  }
}

/** Every labels file, validated, with the checks that keep the sample the agreed one (ids, positions, splits). */
function loadLabels(reports: readonly Report[]): { labels: DreambankLabel[]; files: string[] } {
  const files = existsSync(LABELS)
    ? readdirSync(LABELS)
        .filter((file) => file.endsWith('.json'))
        .sort()
    : [];
  const indexById = new Map(reports.map((report, index) => [`${report.collection}-${report.number}`, index]));
  const labels: DreambankLabel[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let parsed: DreambankLabel[];
    try {
      parsed = parseLabels(JSON.parse(readFileSync(path.join(LABELS, file), 'utf8')));
    } catch (error) {
      throw new Error(`bench/dreambank-labels/${file}: ${String(error)}`, { cause: error });
    }
    for (const label of parsed) {
      const index = indexById.get(label.id);
      if (index === undefined) throw new Error(`${file}: ${label.id} is not a dream of the file`);
      if (seen.has(label.id)) throw new Error(`${file}: ${label.id} is labelled twice`);
      const split = sampleSplit(index);
      if (split === null) throw new Error(`${file}: ${label.id} is not in the sample (index ${index})`);
      if (split !== label.split) throw new Error(`${file}: ${label.id} is ${split}, labelled ${label.split}`);
      seen.add(label.id);
      labels.push(label);
    }
  }
  return { labels, files };
}

export async function evalDreambank(options: { showMisses: boolean; showHeldOutMisses: boolean }): Promise<void> {
  if (!existsSync(DATA)) {
    console.log(
      '\nDreamBank: skipped, ../shared/eval/dreambank-dev.json is not here (a fresh clone has no ../shared).',
    );
    return;
  }
  const reports = JSON.parse(readFileSync(DATA, 'utf8')) as Report[];
  const readings = reports.map((report) => ({ words: wordCount(report.content), reading: read(report.content) }));

  // CPU per dream: the 500 read ROUNDS times more, after the reading above as a warm-up.
  const started = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) for (const report of reports) read(report.content);
  const used = process.cpuUsage(started);
  const msPerDream = (used.user + used.system) / 1000 / (ROUNDS * reports.length);
  const meanChars = reports.reduce((sum, report) => sum + report.content.length, 0) / reports.length;

  const summary = summarise(readings);
  console.log(`\nDreamBank: ${summary.dreams} real English reports, read as 'en' from the text alone`);
  console.log(
    `  no symbol ${pct(summary.noSymbol, summary.dreams)} (${summary.noSymbol}), ` +
      `no theme ${pct(summary.noTheme, summary.dreams)} (${summary.noTheme}), ` +
      `no emotion ${pct(summary.noEmotion, summary.dreams)} (${summary.noEmotion})`,
  );
  console.log(
    `  ${EMPTY_READING_MIN_WORDS}+ words with an empty reading ${pct(summary.longEmpty, summary.long)} ` +
      `(${summary.longEmpty} of ${summary.long})  ${summary.longEmpty === 0 ? 'ok' : 'BELOW'} (none)`,
  );
  console.log(`  types: ${summary.types.map(([type, count]) => `${type} ${count}`).join(', ')}`);
  console.log(`  ${summary.topSymbols.length} most frequent symbols (dreams):`);
  console.log(`    ${summary.topSymbols.map(([id, count]) => `${id} ${count}`).join(', ')}`);
  console.log(
    `  CPU ${msPerDream.toFixed(3)} ms per dream (${ROUNDS} rounds after a warm-up; mean report ` +
      `${Math.round(meanChars)} characters)  ${msPerDream <= TARGETS.cpuMs ? 'ok' : 'BELOW'} (about 1 ms)`,
  );

  const { labels, files } = loadLabels(reports);
  if (labels.length === 0) {
    console.log('  labelled sample: no labels in bench/dreambank-labels/');
    return;
  }
  const find = await classicRecogniser();
  const contentById = new Map(reports.map((report) => [`${report.collection}-${report.number}`, report.content]));
  const readingById = new Map(
    reports.map((report, index) => [`${report.collection}-${report.number}`, readings[index]?.reading]),
  );
  const items: LabelledReading[] = labels.map((label) => {
    const content = contentById.get(label.id) ?? '';
    const reading = readingById.get(label.id) ?? read(content);
    let afterAwakening: LabelledReading['afterAwakening'];
    if (label.falseAwakening) {
      const cut = splitAtAwakening(content, label.awakeningWord);
      afterAwakening = cut ? afterAwakeningState(reading, read(cut.before), read(cut.after)) : 'undecidable';
    }
    return { label, reading, classic: find ? find(content) : null, afterAwakening };
  });
  const tune = items.filter((item) => item.label.split === 'tune');
  const heldOut = items.filter((item) => item.label.split === 'heldout');
  console.log(
    `  labelled sample: ${labels.length} of ${SAMPLE.size} dreams (${files.join(', ')}): ` +
      `${tune.length} tune, ${heldOut.length} held out (not to tune on)`,
  );
  const tuneScore = scoreSample(tune);
  const heldScore = scoreSample(heldOut);
  printSample('tune', tuneScore);
  printSample('held-out', heldScore);

  const missing = new Map<string, number>();
  for (const label of labels)
    for (const image of new Set(label.missing.map((word) => word.toLowerCase())))
      missing.set(image, (missing.get(image) ?? 0) + 1);
  const gaps = [...missing.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, 20);
  console.log(`  images the labels name that the lexicon lacks: ${gaps.map(([w, n]) => `${w} ${n}`).join(', ')}`);

  if (options.showMisses) {
    console.log('  misses per tune dream (ids only; incidental = optional, wrong for strict precision):');
    printMisses(tuneScore);
    // The held-out dreams' misses are what a rule must not be written from (decision 057): asked for apart.
    if (options.showHeldOutMisses) {
      console.log('  misses per held-out dream (to check a change, not to write rules from):');
      printMisses(heldScore);
    } else console.log('  held-out misses not listed (`--misses-heldout` lists them; rules are not written from them)');
  }
}
