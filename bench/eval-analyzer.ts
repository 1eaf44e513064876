// The builtin analyzer against its gold set (apps/server/src/modules/analyses/builtin/gold/): precision and recall
// per language and per field, forbidden outputs, the nightmare and emotion recall, and the CPU per dream.
//
//   npm run eval:analyzer               # the figures
//   npm run eval:analyzer -- --misses   # and every entry the analyzer got wrong
//   npm run eval:analyzer -- --errors   # every wrong, forbidden or missed symbol and theme, with the dream id and
//                                       # the words that triggered it (the cause to fix by rule)
//
// Then, when ../shared/eval/dreambank-dev.json is there, the same reader on 500 real English dreams and a hand-labelled
// sample of them (bench/eval-dreambank.ts, decision 057); `--misses` lists the misses of its tune part too,
// `--misses --misses-heldout` those of its held-out part.
import { explainReading } from '../apps/server/src/modules/analyses/builtin/builtin-analyzer.ts';
import {
  GOLD_LANGUAGES,
  loadGold,
  precision,
  read,
  recall,
  scoreGold,
  type FieldScore,
  type Miss,
} from '../apps/server/src/modules/analyses/builtin/gold.ts';
import { evalDreambank } from './eval-dreambank.ts';

const showMisses = process.argv.includes('--misses');
const showErrors = process.argv.includes('--errors');
const TARGETS = { symbolPrecision: 0.92, symbolRecall: 0.8, nightmareRecall: 0.9, emotionRecall: 0.7 };
const HELD_OUT = /^[a-z]+-m?h\d+$/;

const pct = (value: number) => value.toFixed(3);
const field = (score: FieldScore) =>
  `precision ${pct(precision(score))} (${score.correct}/${score.given}), recall ${pct(recall(score))} (${score.found}/${score.required})`;
const mark = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET');

let isMet = true;
for (const language of GOLD_LANGUAGES) {
  const entries = loadGold(language);
  const score = scoreGold(entries, language);
  // CPU per dream: the whole set read 20 times after a warm-up.
  for (const entry of entries) read(entry, language);
  const started = process.cpuUsage();
  const ROUNDS = 20;
  for (let round = 0; round < ROUNDS; round++) for (const entry of entries) read(entry, language);
  const used = process.cpuUsage(started);
  const msPerDream = (used.user + used.system) / 1000 / (ROUNDS * entries.length);

  const symbolsOk =
    precision(score.symbols) >= TARGETS.symbolPrecision && recall(score.symbols) >= TARGETS.symbolRecall;
  const nightmareRecall = score.nightmares.required === 0 ? 1 : score.nightmares.found / score.nightmares.required;
  const nightmaresOk = nightmareRecall >= TARGETS.nightmareRecall;
  const emotionsOk = recall(score.emotions) >= TARGETS.emotionRecall;
  isMet &&= symbolsOk && nightmaresOk && emotionsOk && score.forbidden === 0;

  console.log(`\n${language}: ${score.entries} dreams`);
  console.log(`  symbols   ${field(score.symbols)}  ${mark(symbolsOk)}`);
  console.log(`  themes    ${field(score.themes)}`);
  console.log(
    `  emotions  ${field(score.emotions)}  ${mark(emotionsOk)}; ${score.extraEmotions} given beyond the annotation`,
  );
  console.log(
    `  nightmare recall ${pct(nightmareRecall)} (${score.nightmares.found}/${score.nightmares.required}), ` +
      `${score.nightmares.falseAlarms} read as nightmares that are not  ${mark(nightmaresOk)}`,
  );
  console.log(`  forbidden outputs ${score.forbidden}  ${mark(score.forbidden === 0)}`);
  console.log(`  CPU ${msPerDream.toFixed(3)} ms per dream`);
  // The held-out dreams (apps/server/src/modules/analyses/builtin/gold/README.md), written before the analyzer read them: the check on rules tuned on the rest.
  const heldOut = entries.filter((entry) => HELD_OUT.test(entry.id));
  if (heldOut.length > 0) {
    const held = scoreGold(heldOut, language);
    console.log(
      `  held-out (${held.entries}): symbols P ${pct(precision(held.symbols))} R ${pct(recall(held.symbols))}; ` +
        `themes P ${pct(precision(held.themes))} R ${pct(recall(held.themes))}; emotion R ${pct(recall(held.emotions))}; ` +
        `nightmares ${held.nightmares.found}/${held.nightmares.required} (${held.nightmares.falseAlarms} false); ` +
        `forbidden ${held.forbidden}`,
    );
  }
  if (showMisses) {
    const line = (miss: Miss) =>
      `    ${miss.id}: ${[
        miss.wrong.length > 0 ? `wrong ${miss.wrong.join(' ')}` : '',
        miss.missed.length > 0 ? `missed ${miss.missed.join(' ')}` : '',
        miss.forbidden.length > 0 ? `FORBIDDEN ${miss.forbidden.join(' ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}`;
    for (const kind of ['symbols', 'themes', 'emotions'] as const) {
      console.log(`  ${kind} misses:`);
      for (const miss of score.misses[kind]) console.log(line(miss));
    }
    console.log('  dream type misses:');
    for (const miss of score.misses.dreamType) console.log(`    ${miss.id}: want ${miss.want}, got ${miss.got}`);
  }
  if (showErrors) {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    for (const kind of ['symbols', 'themes'] as const) {
      console.log(`  wrong ${kind}, with the words that triggered them (FORBIDDEN: a trap the gold names):`);
      for (const miss of score.misses[kind]) {
        const entry = byId.get(miss.id);
        if (!entry) continue;
        const evidence = explainReading(entry)[kind];
        for (const id of miss.wrong) {
          const tag = miss.forbidden.includes(id) ? 'FORBIDDEN ' : '';
          console.log(`    ${miss.id} ${tag}${id} <- ${(evidence[id] ?? ['?']).join(' | ')}`);
        }
      }
      console.log(`  missed ${kind}:`);
      for (const miss of score.misses[kind])
        if (miss.missed.length > 0) console.log(`    ${miss.id} ${miss.missed.join(' ')}`);
    }
    console.log('  emotions given beyond the annotation, and missed:');
    for (const miss of score.misses.emotions) {
      const parts = [
        miss.wrong.length > 0 ? `given ${miss.wrong.join(' ')}` : '',
        miss.missed.length > 0 ? `missed ${miss.missed.join(' ')}` : '',
      ];
      console.log(`    ${miss.id}: ${parts.filter(Boolean).join('; ')}`);
    }
    console.log('  dream type misses:');
    for (const miss of score.misses.dreamType) console.log(`    ${miss.id}: want ${miss.want}, got ${miss.got}`);
  }
}
console.log(
  `\ntargets (both languages): symbol precision ≥ ${TARGETS.symbolPrecision}, recall ≥ ${TARGETS.symbolRecall}; ` +
    `nightmare recall ≥ ${TARGETS.nightmareRecall}; emotion recall ≥ ${TARGETS.emotionRecall}; no forbidden output: ` +
    (isMet ? 'met' : 'NOT MET'),
);

await evalDreambank({ showMisses, showHeldOutMisses: process.argv.includes('--misses-heldout') });
