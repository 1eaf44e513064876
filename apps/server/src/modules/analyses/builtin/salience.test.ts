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

describe("the images real dreams name that the lexicon lacked (the DreamBank labels' gaps)", () => {
  it.each([
    ['We were watching TV in the living room when the screen started talking to me.', 'televisao'],
    ['Tava vendo televisão com a minha mãe.', 'televisao'],
    ['I had two tiny TV sets on my desk, each showing a different channel.', 'televisao'],
    ['Two men kidnapped my sister and drove off in a van.', 'sequestro'],
    ['Fui sequestrada por dois homens encapuzados.', 'sequestro'],
    ['There was a huge crowd at the station and I lost my friend in it.', 'multidao'],
    ['Uma multidão enorme me empurrava na praça.', 'multidao'],
    ['We stayed at an old hotel with endless corridors.', 'hotel'],
    ['A gente tava num hotel no meio do nada.', 'hotel'],
    ['I was reading a magazine with my own face on the cover.', 'revista'],
    ['Eu folheava uma revista e as fotos se mexiam.', 'revista'],
    ['My aunt hugged me for a long time and would not let go.', 'abraco'],
    ['Minha avó me abraçou forte na porta.', 'abraco'],
    ['I was eating a huge cheeseburger with fries at the counter.', 'comida'],
    ['There was a whole group of people waiting on the stairs.', 'multidao'],
  ])('reads %j as %s', (content, id) => {
    expect(findSymbolIds(content)).toContain(id);
  });
});

describe('no dream of some length read empty', () => {
  it('reads a capitalized word as an image when the dream names no other, and as a name when it does', () => {
    expect(symbols(en('I remember a lot of friends from Highschool, and nothing else at all.'))).toEqual(['School']);
    expect(symbols(en('I walked my dog to the house on Linden Road.'))).not.toContain('Road');
  });

  it('reads the place as the symbol of a dream that names no other image', () => {
    const content = 'I spent the whole afternoon at the clinic with my friend, just talking.';
    expect(findSymbolIds(content)).toEqual([]);
    expect(symbols(en(content))).toEqual(['Hospital']);
    // Not a place only asked about.
    expect(symbols(en('My friend asked if I had been to the clinic lately.'))).toEqual([]);
  });

  it('reads "felt good" as joy', () => {
    expect(en('I was with my brother at his new place and I felt good.').emotions.map((e) => e.emotion)).toEqual([
      'alegria',
    ]);
  });
});

describe('the themes that matter', () => {
  const themes = (content: string) => en(content).themes.map((theme) => theme.name);

  it('gives the Houses theme when the house is what the dream is about, not where it happens', () => {
    expect(
      themes(
        'We were in the kitchen of my house, eating cake and laughing with my cousins. My uncle brought out an old guitar and we sang the songs we used to sing as kids, loud and out of tune, until the sun came up over the hills and my aunt told us to go to bed. Nobody listened to her, and we kept singing.',
      ),
    ).not.toContain('Houses');
    expect(
      themes(
        'The house was huge. Every room of the house opened onto another room, and the house kept growing, rooms behind rooms, a basement under the basement. I walked through it for hours looking for the way back to the room where my family was waiting for me.',
      ),
    ).toContain('Houses');
  });

  it('gives the Falling theme to a fall the dream dwells on, not to a slip in passing', () => {
    expect(
      themes(
        'I fell on the stairs on the way out, then we went to the fair with my brother, rode the big wheel twice and won a huge teddy bear at the shooting stand.',
      ),
    ).not.toContain('Falling');
    expect(
      themes(
        'I fell off the roof of my school and kept falling for what felt like hours, past windows and clouds, until I could see the whole town below me.',
      ),
    ).toContain('Falling');
    // In a dream of a few words, one mention is what it is about.
    expect(themes('I fell off a very tall building.')).toContain('Falling');
  });
});
