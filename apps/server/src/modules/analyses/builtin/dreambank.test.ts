import { describe, expect, it } from 'vitest';
import {
  afterAwakeningState,
  parseLabels,
  sampleSplit,
  scoreSample,
  splitAtAwakening,
  summarise,
  value,
  type DreambankLabel,
  type IdReading,
  type LabelledReading,
} from './dreambank.ts';

// The scoring of the DreamBank eval (decision 057) on made-up labels and readings: no DreamBank text here.
const label = (over: Partial<DreambankLabel> & { id: string }): DreambankLabel => ({
  split: 'tune',
  symbols: [],
  optionalSymbols: [],
  themes: [],
  optionalThemes: [],
  emotions: [],
  dreamType: 'comum',
  falseAwakening: false,
  classic: [],
  missing: [],
  ...over,
});
const reading = (over: Partial<IdReading> = {}): IdReading => ({
  symbols: [],
  themes: [],
  emotions: [],
  dreamType: 'comum',
  ...over,
});
const item = (l: DreambankLabel, r: IdReading, extra: Partial<LabelledReading> = {}): LabelledReading => ({
  label: l,
  reading: r,
  classic: null,
  ...extra,
});

describe('DreamBank labels', () => {
  it('accepts ids the lexicon has and refuses, by name, one it does not', () => {
    const good = label({ id: 'x-1', symbols: ['cachorro'], themes: ['animais'], emotions: ['medo'] });
    expect(parseLabels([good])).toEqual([good]);
    expect(() => parseLabels([{ ...good, symbols: ['unicornio'] }])).toThrow(/unknown symbol id unicornio/);
    expect(() => parseLabels([{ ...good, themes: ['cachorro'] }])).toThrow(/unknown theme id cachorro/);
    expect(() => parseLabels([{ ...good, classic: ['teeth_falling'] }])).toThrow();
    expect(() => parseLabels([{ ...good, dreamType: 'vívido' }])).toThrow();
  });

  it('places the sample on every third dream, the first 160, the last 40 held out', () => {
    expect(sampleSplit(0)).toBe('tune');
    expect(sampleSplit(1)).toBeNull();
    expect(sampleSplit(3 * 119)).toBe('tune');
    expect(sampleSplit(3 * 120)).toBe('heldout');
    expect(sampleSplit(3 * 159)).toBe('heldout');
    expect(sampleSplit(3 * 160)).toBeNull();
  });
});

describe('scoring a labelled sample', () => {
  it('counts strict precision on the symbols that matter, lenient on the incidental ones too, and recall', () => {
    const score = scoreSample([
      item(
        label({ id: 'a-1', symbols: ['cachorro', 'carro'], optionalSymbols: ['estrada'] }),
        reading({ symbols: ['cachorro', 'estrada', 'lua'] }),
      ),
      item(label({ id: 'a-2', symbols: ['mar'] }), reading({ symbols: ['mar', 'mar'] })),
    ]);
    expect(score.symbolPrecisionStrict).toEqual({ hits: 2, of: 4 });
    expect(score.symbolPrecisionLenient).toEqual({ hits: 3, of: 4 });
    expect(score.symbolRecall).toEqual({ hits: 2, of: 3 });
    expect(score.misses).toHaveLength(1);
    expect(score.misses[0]).toMatchObject({
      id: 'a-1',
      wrongSymbols: ['lua'],
      incidentalSymbols: ['estrada'],
      missedSymbols: ['carro'],
    });
  });

  it('scores themes the same way and emotions by recall, counting the ones given beyond the labels', () => {
    const score = scoreSample([
      item(
        label({ id: 'b-1', themes: ['morte'], optionalThemes: ['casas'], emotions: ['tristeza', 'amor'] }),
        reading({ themes: ['casas', 'agua'], emotions: ['tristeza', 'medo'] }),
      ),
    ]);
    expect(score.themePrecisionStrict).toEqual({ hits: 0, of: 2 });
    expect(score.themePrecisionLenient).toEqual({ hits: 1, of: 2 });
    expect(score.themeRecall).toEqual({ hits: 0, of: 1 });
    expect(score.emotionRecall).toEqual({ hits: 1, of: 2 });
    expect(score.extraEmotions).toBe(1);
    expect(score.misses[0]).toMatchObject({ missedEmotions: ['amor'], extraEmotions: ['medo'] });
  });

  it('measures nightmare precision on what was read as one and recall on what was labelled one; lucid recall', () => {
    const score = scoreSample([
      item(label({ id: 'c-1', dreamType: 'pesadelo' }), reading({ dreamType: 'pesadelo' })),
      item(label({ id: 'c-2', dreamType: 'pesadelo' }), reading({ dreamType: 'comum' })),
      item(label({ id: 'c-3' }), reading({ dreamType: 'pesadelo' })),
      item(label({ id: 'c-4', dreamType: 'lúcido' }), reading({ dreamType: 'lúcido' })),
      item(label({ id: 'c-5', dreamType: 'lúcido' }), reading({ dreamType: 'pesadelo' })),
    ]);
    expect(score.nightmarePrecision).toEqual({ hits: 1, of: 3 });
    expect(score.nightmareRecall).toEqual({ hits: 1, of: 2 });
    expect(score.lucidRecall).toEqual({ hits: 1, of: 2 });
    expect(score.misses.map((miss) => [miss.id, miss.dreamType])).toEqual([
      ['c-2', { want: 'pesadelo', got: 'comum' }],
      ['c-3', { want: 'comum', got: 'pesadelo' }],
      ['c-5', { want: 'lúcido', got: 'pesadelo' }],
    ]);
  });

  it('counts false awakenings read through, leaves the undecidable ones out, and classic recall only with a recogniser', () => {
    const awake = label({ id: 'd-1', falseAwakening: true, classic: ['teeth', 'chase'] });
    const score = scoreSample([
      item(awake, reading(), { afterAwakening: 'read', classic: ['teeth', 'flying'] }),
      item({ ...awake, id: 'd-2' }, reading(), { afterAwakening: 'lost', classic: [] }),
      item({ ...awake, id: 'd-3' }, reading(), { afterAwakening: 'undecidable', classic: [] }),
    ]);
    expect(score.falseAwakenings).toEqual({ hits: 1, of: 2, undecidable: 1 });
    expect(score.classicRecall).toEqual({ hits: 1, of: 6 });
    expect(score.classicPrecision).toEqual({ hits: 1, of: 2 });
    expect(score.misses.find((miss) => miss.id === 'd-2')?.lostAfterAwakening).toBe(true);
    expect(score.misses[0]).toMatchObject({ missedClassic: ['chase'], wrongClassic: ['flying'] });

    const without = scoreSample([item(awake, reading(), { afterAwakening: 'read' })]);
    expect(without.classicRecall).toBeNull();
  });

  it('has no figure for an empty sample rather than a perfect one', () => {
    const score = scoreSample([]);
    expect(value(score.symbolPrecisionStrict)).toBeNull();
    expect(value(score.nightmareRecall)).toBeNull();
  });
});

describe('false awakenings', () => {
  const text = 'I thought I would wake early. Then I woke up in my bed, and a wolf was at the window.';

  it('cuts the report at the wake-up word the label names, the first by default', () => {
    expect(splitAtAwakening(text)?.after).toBe('wake early. Then I woke up in my bed, and a wolf was at the window.');
    expect(splitAtAwakening(text, 2)).toEqual({
      before: 'I thought I would wake early. Then I ',
      after: 'woke up in my bed, and a wolf was at the window.',
    });
    expect(splitAtAwakening(text, 3)).toBeNull();
    expect(splitAtAwakening('We awoke on a boat.')?.after).toBe('awoke on a boat.');
  });

  it('calls the part after read when the whole reading holds an id only it gives, lost when it holds none', () => {
    const before = reading({ symbols: ['cama'] });
    const after = reading({ symbols: ['cama', 'lobo'], emotions: ['medo'] });
    expect(afterAwakeningState(reading({ symbols: ['cama', 'lobo'] }), before, after)).toBe('read');
    expect(afterAwakeningState(reading({ symbols: ['cama'], emotions: ['medo'] }), before, after)).toBe('read');
    expect(afterAwakeningState(reading({ symbols: ['cama'] }), before, after)).toBe('lost');
    expect(afterAwakeningState(reading({ symbols: ['cama'] }), before, reading({ symbols: ['cama'] }))).toBe(
      'undecidable',
    );
  });
});

describe('the corpus summary', () => {
  it('counts empty fields, empty readings of 20+ words, types and the most frequent symbols', () => {
    const summary = summarise(
      [
        { words: 25, reading: reading() },
        { words: 19, reading: reading() },
        { words: 40, reading: reading({ emotions: ['medo'], dreamType: 'pesadelo' }) },
        { words: 30, reading: reading({ symbols: ['casa', 'mar', 'casa'], themes: ['agua'] }) },
        { words: 30, reading: reading({ symbols: ['mar'] }) },
      ],
      2,
    );
    expect(summary).toMatchObject({ dreams: 5, noSymbol: 3, noTheme: 4, noEmotion: 4, long: 4, longEmpty: 1 });
    expect(summary.types).toContainEqual(['pesadelo', 1]);
    expect(summary.types).toContainEqual(['comum', 4]);
    expect(summary.topSymbols).toEqual([
      ['mar', 2],
      ['casa', 1],
    ]);
  });
});
