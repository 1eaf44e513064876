import { describe, expect, it } from 'vitest';
import { GOLD_LANGUAGES, loadGold, precision, recall, scoreGold } from './gold.ts';

// The analyzer on its gold set (gold/README.md): `npm run eval:analyzer -- --errors` prints every miss with the
// words that caused it. Issue 12's targets are symbol precision ≥ 0.92 and recall ≥ 0.80, nightmare recall ≥ 0.90,
// emotion recall ≥ 0.70 and no forbidden output; all are met (2026-11-24, held-out dreams included) and are the floors.
const TARGETS = { symbolPrecision: 0.92, symbolRecall: 0.8, nightmareRecall: 0.9, emotionRecall: 0.7 };

describe.each(GOLD_LANGUAGES)('the builtin analyzer on the %s gold set', (language) => {
  const entries = loadGold(language);
  const score = scoreGold(entries, language);

  it('is a set worth measuring: at least 90 dreams of realistic length, with nightmares and emotions', () => {
    expect(entries.length).toBeGreaterThanOrEqual(90);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    const lengths = entries.map((entry) => entry.content.length).sort((a, b) => a - b);
    expect(lengths[Math.floor(lengths.length / 2)]).toBeGreaterThanOrEqual(400);
    expect(lengths.filter((length) => length >= 1200).length).toBeGreaterThanOrEqual(10);
    expect(score.nightmares.required).toBeGreaterThanOrEqual(15);
    expect(score.emotions.required).toBeGreaterThanOrEqual(80);
  });

  it('reads symbols as precisely and completely as issue 12 asks (precision ≥ 0.92, recall ≥ 0.80)', () => {
    expect(precision(score.symbols)).toBeGreaterThanOrEqual(TARGETS.symbolPrecision);
    expect(recall(score.symbols)).toBeGreaterThanOrEqual(TARGETS.symbolRecall);
  });

  it('recognizes nightmares and felt emotions (nightmare recall ≥ 0.90, emotion recall ≥ 0.70)', () => {
    expect(score.nightmares.found / score.nightmares.required).toBeGreaterThanOrEqual(TARGETS.nightmareRecall);
    expect(recall(score.emotions)).toBeGreaterThanOrEqual(TARGETS.emotionRecall);
  });

  it('gives no forbidden output (word-sense traps, waking life, what did not happen: symbols and themes)', () => {
    expect(score.forbidden).toBe(0);
  });
});
