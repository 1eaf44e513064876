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
import { DREAM_WORD_FAMILIES } from './dreams.search.words.ts';

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
    [['voando', 'voar', 'voei', 'voou', 'voava', 'voamos', 'voo'], 'voa'],
    [['sonho', 'sonhos', 'sonhando', 'sonhei', 'sonhar', 'sonhava'], 'sonh'],
    [['caindo', 'cair', 'cai', 'caiu', 'caia', 'caido', 'cairam'], 'cai'],
    [['cao', 'caes'], 'cao'],
    [['coracao', 'coracoes'], 'coracao'],
    [['cor', 'cores'], 'cor'],
    [['mae', 'maes'], 'mae'],
    [['mao', 'maos'], 'mao'],
    [['agua', 'aguas'], 'agu'],
    [['casa', 'casas', 'casinha'], 'casa'],
    [['perseguido', 'perseguicao', 'perseguindo'], 'persegu'],
    [['animal', 'animais'], 'animal'],
  ])('%j all stem to %s', (words, stem) => {
    for (const word of words) expect(stemPortuguese(word), word).toBe(stem);
  });

  it('keeps a stem of three letters: a two-letter root keeps its theme vowel', () => {
    // Folded, "cão", "cair" and "cá" all start "ca": the old stems made them one word.
    expect(new Set(['cao', 'cair', 'ca', 'casa', 'cama'].map(stemPortuguese)).size).toBe(5);
    expect(stemPortuguese('sair')).toBe(stemPortuguese('saiu'));
    expect(stemPortuguese('sair')).not.toBe(stemPortuguese('sapo'));
  });

  it('leaves short words alone and keeps singular and plural together', () => {
    expect(stemPortuguese('mar')).toBe('mar');
    expect(stemPortuguese('eu')).toBe('eu');
    expect(stemPortuguese('pais')).toBe(stemPortuguese('pai'));
    expect(stemPortuguese('flores')).toBe(stemPortuguese('flor'));
  });
});

describe('common dream words (dreams.search.words.ts)', () => {
  const words = DREAM_WORD_FAMILIES.flatMap((family, index) => family.map((word) => ({ word, index })));
  const docs = new Map(words.map(({ word }) => [word, new Set(documentTokens(key, [word]))]));
  const queries = new Map(words.map(({ word }) => [word, queryTokenGroups(key, word)]));
  const found = (query: string, word: string) =>
    queries.get(query)!.every((group) => group.some((token) => docs.get(word)?.has(token)));

  it('holds a list of a few hundred words', () => {
    expect(DREAM_WORD_FAMILIES.length).toBeGreaterThan(100);
    expect(new Set(words.map((w) => w.word)).size).toBe(words.length);
  });

  it('finds every form of a word from every other', () => {
    const missed = words.flatMap((a) =>
      words.filter((b) => a.index === b.index && !found(a.word, b.word)).map((b) => `${a.word} → ${b.word}`),
    );
    expect(missed).toEqual([]);
  });

  it('finds no word of another family (no two unrelated words share a stem, in either language)', () => {
    const merged = words.flatMap((a) =>
      words.filter((b) => a.index !== b.index && found(a.word, b.word)).map((b) => `${a.word} → ${b.word}`),
    );
    expect(merged).toEqual([]);
  });
});

describe('matching a query to a text', () => {
  it('tells a dog from a fall (issue 34)', () => {
    const dog = 'Sonhei com um cão enorme e dois cães latindo';
    const fall = 'Eu caí da escada; depois caiu a casa toda e eu continuava caindo';
    for (const query of ['cão', 'cães', 'cao', 'CÃES']) {
      expect(matches(query, dog), query).toBe(true);
      expect(matches(query, fall), query).toBe(false);
    }
    for (const query of ['cair', 'caiu', 'caí', 'caindo']) {
      expect(matches(query, fall), query).toBe(true);
      expect(matches(query, dog), query).toBe(false);
    }
    expect(matches('coração', 'as cores do céu')).toBe(false);
    expect(matches('cores', 'meu coração batia forte')).toBe(false);
    expect(matches('corações', 'meu coração batia forte')).toBe(true);
  });

  it('gives a word written with an accent no English stem, and keeps it found without the accent', () => {
    // English "caos" stems to "cao"; "cão" is no English word.
    expect(matches('caos', 'um cão no quintal')).toBe(false);
    expect(matches('cão', 'o caos da cidade')).toBe(false);
    expect(matches('cao', 'um cão no quintal')).toBe(true);
    expect(matches('café', 'tomei cafe')).toBe(true);
    expect(matches('cafe', 'tomei café')).toBe(true);
    expect(queryTokenGroups(key, 'cão')[0]).toHaveLength(1);
    expect(queryTokenGroups(key, 'dog')[0]).toHaveLength(2);
  });

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
