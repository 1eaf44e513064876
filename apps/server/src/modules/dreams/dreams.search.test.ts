import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { newStemmer } from 'snowball-stemmers';
import { describe, expect, it } from 'vitest';
import {
  blindToken,
  documentTokens,
  foldText,
  queryTokenGroups,
  stemEnglish,
  stemPortuguese,
  tagToken,
  tokenize,
} from './dreams.search.ts';

const key = randomBytes(32);

/** Does a query match a text, the way the database will decide it (every group shares a token)? */
function matches(query: string, text: string, k = key): boolean {
  const doc = new Set(documentTokens(k, [text]));
  const groups = queryTokenGroups(k, query);
  return groups.length > 0 && groups.every((group) => group.some((token) => doc.has(token)));
}

describe('folding and tokenizing', () => {
  it('folds accents and case', () => {
    expect(foldText('Água CORAÇÃO Pôr-do-sol')).toBe('agua coracao por-do-sol');
  });

  it('drops stopwords, single letters and punctuation', () => {
    expect(tokenize('Eu sonhei que estava voando, e a casa... era azul!')).toEqual([
      'sonhei',
      'voando',
      'casa',
      'azul',
    ]);
  });
});

describe('Portuguese stemming', () => {
  it.each([
    [['voando', 'voar', 'voei', 'voou', 'voava', 'voamos', 'voo'], 'vo'],
    [['sonho', 'sonhos', 'sonhando', 'sonhei', 'sonhar', 'sonhava'], 'sonh'],
    [['caindo', 'cair', 'cai', 'caiu'], 'ca'],
    [['agua', 'aguas'], 'agu'],
    [['casa', 'casas', 'casinha'], 'cas'],
    [['perseguido', 'perseguicao', 'perseguindo'], 'persegu'],
    [['animal', 'animais'], 'animal'],
  ])('%j all stem to %s', (words, stem) => {
    for (const word of words) expect(stemPortuguese(word), word).toBe(stem);
  });

  it('leaves short words alone and keeps singular and plural together', () => {
    expect(stemPortuguese('mar')).toBe('mar');
    expect(stemPortuguese('eu')).toBe('eu');
    expect(stemPortuguese('pais')).toBe(stemPortuguese('pai'));
    expect(stemPortuguese('flores')).toBe(stemPortuguese('flor'));
  });
});

describe('matching a query to a text', () => {
  it('finds other forms of a word, in Portuguese and English', () => {
    expect(matches('voar', 'Sonhei que estava voando sobre o mar')).toBe(true);
    expect(matches('voando', 'Eu queria voar')).toBe(true);
    expect(matches('AGUA', 'muita água escura')).toBe(true);
    expect(matches('flying', 'I could fly over the city')).toBe(true);
    expect(matches('dreams', 'a dreaming night')).toBe(true);
  });

  it('requires every word of the query', () => {
    expect(matches('voar mar', 'voando sobre o mar')).toBe(true);
    expect(matches('voar montanha', 'voando sobre o mar')).toBe(false);
  });

  it('does not match unrelated words', () => {
    expect(matches('gato', 'um cachorro enorme')).toBe(false);
    expect(matches('voar', 'nadar no rio')).toBe(false);
  });

  it('matches nothing for a query made only of stopwords', () => {
    expect(queryTokenGroups(key, 'de que a')).toEqual([]);
  });

  it('gives unrelated tokens under another key (a dump cannot be searched without the key)', () => {
    const other = randomBytes(32);
    expect(blindToken(key, 'pt:vo')).not.toBe(blindToken(other, 'pt:vo'));
    expect(matches('voar', 'voando', other)).toBe(true);
    const doc = new Set(documentTokens(key, ['voando']));
    expect(queryTokenGroups(other, 'voar').every((g) => g.some((t) => doc.has(t)))).toBe(false);
  });

  it('produces 64-bit integer tokens and no words', () => {
    const tokens = documentTokens(key, ['Sonhei com o mar']);
    for (const token of tokens) {
      expect(token).toMatch(/^-?\d+$/);
      const n = BigInt(token);
      expect(n >= -(2n ** 63n) && n < 2n ** 63n).toBe(true);
    }
  });

  it('matches tags exactly, ignoring accents and case', () => {
    expect(tagToken(key, 'Infância')).toBe(tagToken(key, ' infancia '));
    expect(tagToken(key, 'infância')).not.toBe(tagToken(key, 'infâncias'));
  });
});

describe('tokens stay those already stored', () => {
  it('stems English as Snowball does (the stemmer the stored tokens were made with)', () => {
    // snowball-stemmers stays a dev dependency for this comparison only.
    const english = newStemmer('english');
    const goldDir = path.join(import.meta.dirname, '../analyses/builtin/gold');
    const corpus = readdirSync(goldDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => readFileSync(path.join(goldDir, file), 'utf8'))
      .join(' ');
    const tricky =
      'generously skies dying lying news succeeded exceeding proceeded communism arsenal generate gently ' +
      "cried ties flies flying sky's dreamt dreamed nightmares recurring lucidity consigned consigning knightly";
    const words = new Set(tokenize(`${corpus} ${tricky}`));
    expect(words.size).toBeGreaterThan(3000);
    const differing = [...words].filter((word) => stemEnglish(word) !== english.stem(word));
    expect(differing).toEqual([]);
  });

  it('keys a term to the same blind token as before (known answers)', () => {
    const fixedKey = Buffer.alloc(32, 1);
    expect(blindToken(fixedKey, 'en:fli')).toBe('6927272995780386078');
    expect(blindToken(fixedKey, 'pt:voa')).toBe('9062341923869383651');
  });
});
