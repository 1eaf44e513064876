import { describe, expect, it } from 'vitest';
import { isStorableText } from '../../plugins/text-input.ts';
import { DERIVED_TITLE_MAX, deriveTitle, excerptOf } from './dreams.text.ts';

describe('deriving a title from the content', () => {
  it('takes the first six words and marks that the text goes on', () => {
    expect(deriveTitle('Eu estava voando sobre uma cidade enorme feita de vidro')).toBe(
      'Eu estava voando sobre uma cidade…',
    );
  });

  it('keeps a short dream whole, without an ellipsis', () => {
    expect(deriveTitle('  Um gato   azul\n')).toBe('Um gato azul');
    expect(deriveTitle('Seis palavras exatas neste sonho aqui')).toBe('Seis palavras exatas neste sonho aqui');
  });

  it('drops punctuation before the ellipsis and folds line breaks', () => {
    expect(deriveTitle('Caí,\nacordei, dormi, sonhei, caí, acordei, de novo')).toBe(
      'Caí, acordei, dormi, sonhei, caí, acordei…',
    );
  });

  it('never exceeds 60 characters, cutting long words at a word boundary', () => {
    const title = deriveTitle(
      'Inconstitucionalissimamente extraordinariamente desproporcionalmente paralelepipedos caleidoscopicos',
    );
    expect(title.length).toBeLessThanOrEqual(DERIVED_TITLE_MAX);
    expect(title).toBe('Inconstitucionalissimamente extraordinariamente…');
    const giant = deriveTitle('a'.repeat(500));
    expect(giant).toHaveLength(DERIVED_TITLE_MAX);
    expect(giant.endsWith('…')).toBe(true);
  });

  it('never cuts an emoji in half (found by the contract fuzz test)', () => {
    // 59 UTF-16 units of room before the ellipsis, emoji of two units each: the cut falls inside the 30th.
    const title = deriveTitle('😀'.repeat(100));
    expect(title).toBe(`${'😀'.repeat(29)}…`);
    expect(isStorableText(title)).toBe(true);
    expect(isStorableText(excerptOf('😀'.repeat(200)))).toBe(true);
  });
});

describe('excerpts', () => {
  it('keeps short content and cuts long content near 180 characters on a word', () => {
    expect(excerptOf('Curto.')).toBe('Curto.');
    const long = excerptOf('palavra '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(180);
    expect(long.endsWith('palavra…')).toBe(true);
  });
});
