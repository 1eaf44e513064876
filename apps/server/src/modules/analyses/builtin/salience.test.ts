// The symbols that matter and the nightmares that are (issue 31, decision 063): the result's `symbols` hold the few
// images central to what happens, not the backdrop named once; a nightmare is fear or threat that dominates the dream,
// not a danger in passing among other feelings. Each test fails without its rule. The texts are written here.
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { describe, expect, it } from 'vitest';
import { analyzeDream, findSymbolIds } from './builtin-analyzer.ts';

const en = (content: string) => analyzeDream({ content }, { language: 'en' });
const pt = (content: string) => analyzeDream({ content }, { language: 'pt-BR' });
const symbols = (result: AnalysisResult) => result.symbols.map((s) => s.symbol);

describe('the symbols that matter', () => {
  it('keeps at most three, the most salient, while the reader still finds every image', () => {
    const content =
      'We were in a big old house by the sea. My sister opened the fridge, my father read the newspaper, and the dog slept on the carpet near the stairs. Then the sea rose, the house flooded and we swam out through the window to a boat.';
    expect(findSymbolIds(content).length).toBeGreaterThan(5);
    expect(symbols(en(content))).toEqual(['Flood', 'House', 'Sea']);
  });

  it('leaves out the backdrop named once (the light, the window) and keeps what the dream is doing', () => {
    const content =
      'Light came through the window while my friend and I baked a cake for her wedding. The cake kept growing.';
    expect(findSymbolIds(content)).toEqual(expect.arrayContaining(['luz', 'janela', 'bolo']));
    expect(symbols(en(content))).toEqual(['Cake']);
  });

  it('keeps a backdrop image when the event happens to or with it ("voar até a lua")', () => {
    const result = pt('Percebi que estava sonhando e decidi voar até a lua. Foi uma paz enorme.');
    expect(symbols(result)).toEqual(['Voo', 'Lua']);
  });

  it('keeps the one image a short dream names, backdrop or not', () => {
    expect(symbols(en('I remember only a door.'))).toEqual(['Door']);
  });
});

describe('nightmares: a fear or threat that dominates the dream', () => {
  it('reads a death with one fear word among joy and love as an ordinary dream', () => {
    const result = en(
      'My grandfather died in the dream. I was scared and sad, but then the whole family was at his house and I felt joy and so much love.',
    );
    expect(result.emotions.map((e) => e.emotion)).toEqual(expect.arrayContaining(['medo', 'alegria', 'amor']));
    expect(result.dreamType).toBe('comum');
    // The same death with fear and sadness only is one.
    expect(en('My grandfather died in the dream. I was scared and sad.').dreamType).toBe('pesadelo');
  });

  it('reads a long calm dream with an attack in passing and some guilt as an ordinary dream', () => {
    const result = en(
      "I was at a long family lunch at my aunt's place by the lake. We ate grilled fish and corn, and my cousins were planning a boat trip for the summer. Somebody put on old records and my uncle danced with my mother in the living room. Later we walked down to the water and skipped stones for a while, talking about school and the new puppy. At some point a stray dog attacked one of the chickens. I felt guilty that I had forgotten to bring the photos my aunt asked for. In the evening we sat on the porch and watched the sun go down over the water, and someone played the guitar.",
    );
    expect(result.emotions.map((e) => e.emotion)).toContain('culpa');
    expect(result.dreamType).toBe('comum');
    // An attack that is the dream, with the guilt after it, is a nightmare.
    expect(en('A man attacked me in the parking lot and I felt so guilty afterwards.').dreamType).toBe('pesadelo');
  });
});
