import { describe, expect, it } from 'vitest';
import { STREAMED_FIELDS, type StreamedField } from '@sonhario/contracts/analyses';
import { createJsonFieldStream } from './json-stream.ts';
import { SAMPLE_RESULT, sampleWireJson } from '../analyses/providers/provider-test-servers.ts';

type Delta = { field: StreamedField; text: string };

function feed(chunks: readonly string[]) {
  const deltas: Delta[] = [];
  const stream = createJsonFieldStream(STREAMED_FIELDS, (field, text) => deltas.push({ field, text }));
  for (const chunk of chunks) stream.write(chunk);
  const joined = (field: StreamedField) =>
    deltas
      .filter((delta) => delta.field === field)
      .map((delta) => delta.text)
      .join('');
  return { deltas, summary: joined('summary'), interpretation: joined('interpretation') };
}

const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

// Deterministic pseudo-random cuts, so a failure can be replayed.
function* seededCuts(text: string, seed: number): Generator<string> {
  let state = seed;
  let offset = 0;
  while (offset < text.length) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const size = 1 + (state % 9);
    yield text.slice(offset, offset + size);
    offset += size;
  }
}

describe('createJsonFieldStream', () => {
  const wire = sampleWireJson();

  it('decodes the streamed fields of a whole answer given at once', () => {
    const { summary, interpretation } = feed([wire]);
    expect(summary).toBe(SAMPLE_RESULT.summary);
    expect(interpretation).toBe(SAMPLE_RESULT.interpretation);
  });

  it('gives the same text one character at a time, with no lone surrogate in any delta', () => {
    // By code point (Array.from iterates the string): no chunk holds half of a surrogate pair.
    const { deltas, summary, interpretation } = feed(Array.from(wire));
    expect(summary).toBe(SAMPLE_RESULT.summary);
    expect(interpretation).toBe(SAMPLE_RESULT.interpretation);
    for (const delta of deltas) expect(isWellFormed(delta.text)).toBe(true);
  });

  it('survives a cut at every position of the answer', () => {
    for (let cut = 1; cut < wire.length; cut++) {
      const { summary, interpretation } = feed([wire.slice(0, cut), wire.slice(cut)]);
      expect(summary, `cut at ${cut}`).toBe(SAMPLE_RESULT.summary);
      expect(interpretation, `cut at ${cut}`).toBe(SAMPLE_RESULT.interpretation);
    }
  });

  it('survives random uneven chunking', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { summary, interpretation } = feed([...seededCuts(wire, seed)]);
      expect(summary, `seed ${seed}`).toBe(SAMPLE_RESULT.summary);
      expect(interpretation, `seed ${seed}`).toBe(SAMPLE_RESULT.interpretation);
    }
  });

  it('decodes escapes split across chunks: \\n, \\", \\\\, \\/, \\uXXXX and surrogate pairs', () => {
    const { deltas, summary } = feed(['{"summary":"a\\', 'nb\\', '"c\\\\d\\/e\\u00', 'e7f \\ud83c', '\\udf19', ' g"}']);
    expect(summary).toBe('a\nb"c\\d/eçf 🌙 g');
    // The high surrogate waits for its low half instead of going out alone.
    expect(deltas.map((delta) => delta.text)).toEqual(['a', '\nb', '"c\\d/e', 'çf ', '🌙', ' g']);
  });

  it('emits in arrival order, at most once per field per chunk', () => {
    const { deltas } = feed(['{"interpretation":"first', ' part","summary":"sum', 'mary"}']);
    expect(deltas).toEqual([
      { field: 'interpretation', text: 'first' },
      { field: 'interpretation', text: ' part' },
      { field: 'summary', text: 'sum' },
      { field: 'summary', text: 'mary' },
    ]);
  });

  it('recognizes a key cut in the middle', () => {
    const { summary } = feed(['{"sum', 'mary"', ' : ', '"ok"}']);
    expect(summary).toBe('ok');
  });

  it('ignores nested fields with the same names and string values that look like keys', () => {
    const { summary, interpretation } = feed([
      '{"themes":[{"name":"summary","description":"x"}],"meta":{"summary":"nested"},',
      '"symbols":[{"symbol":"\\"summary\\": \\"fake\\"}","meaning":"{ [ ] }"}],',
      '"summary":"real","interpretation":"also real"}',
    ]);
    expect(summary).toBe('real');
    expect(interpretation).toBe('also real');
  });

  it('does not stream a value under a key that merely ends in a wanted name', () => {
    const { deltas } = feed(['{"no_summary":"x","summary_extra":"y","summary":"z"}']);
    expect(deltas).toEqual([{ field: 'summary', text: 'z' }]);
  });

  it('skips text before the object, such as a markdown fence', () => {
    const { summary } = feed(['Here you go:\n```json\n{"summ', 'ary":"fenced"}\n```']);
    expect(summary).toBe('fenced');
  });

  it('streams only the first occurrence of a repeated key', () => {
    const { summary } = feed(['{"summary":"one","summary":"two"}']);
    expect(summary).toBe('one');
  });

  it('emits nothing for non-string or empty values', () => {
    const { deltas } = feed(['{"summary":null,"interpretation":"","sentiment":-0.5,"distress":false}']);
    expect(deltas).toEqual([]);
  });

  it('streams what it has of an answer that is cut off', () => {
    const { summary, interpretation } = feed(['{"summary":"done","interpretation":"half of it']);
    expect(summary).toBe('done');
    expect(interpretation).toBe('half of it');
  });
});
