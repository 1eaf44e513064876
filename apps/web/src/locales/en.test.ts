import { describe, expect, it } from 'vitest';
import en from './en.json';
import ptBR from './pt-BR.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a translation tree as `a.b.c` → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

/** The `{{name}}` placeholders of a text, sorted (i18next's interpolation; nesting `$t(...)` is not used). */
const variablesOf = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1]!).sort();

const portuguese = leaves(ptBR);
const english = leaves(en);

describe('the English translation (locales/en.json)', () => {
  it('has every key of pt-BR.json, and no key pt-BR.json lacks', () => {
    const missing = [...portuguese.keys()].filter((key) => !english.has(key));
    const extra = [...english.keys()].filter((key) => !portuguese.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the interpolation variables of every text', () => {
    const mismatched = [...portuguese]
      .filter(([key, text]) => english.has(key) && variablesOf(english.get(key)!).join() !== variablesOf(text).join())
      .map(([key, text]) => ({ key, ptBR: variablesOf(text), en: variablesOf(english.get(key)!) }));
    expect(mismatched).toEqual([]);
  });

  it('translates: no text is empty, and texts with words are not left in Portuguese', () => {
    expect([...english].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    // A few words that only Portuguese uses; names (Google, OpenAI, CVV) and symbols may stay the same.
    const portugueseWords = /(?<!\p{L})(você|não|sonhos?|análises?|créditos?|carregando|salvar|entrar|sair)(?!\p{L})/iu;
    const untranslated = [...english]
      .filter(([key, text]) => portugueseWords.test(text) && !key.startsWith('analyses.support.cvv'))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
