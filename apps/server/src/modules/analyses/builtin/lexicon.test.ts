import { describe, expect, it } from 'vitest';
import { tokenize } from '../../dreams/dreams.search.ts';
import { triggerWord } from './lexicon-index.ts';
import { DREAM_CHARACTERS, DREAM_SETTINGS, DREAM_SYMBOLS, DREAM_THEMES, EMOTION_LEXICON } from './lexicon.ts';
import { enForms, ptForms } from './inflections.ts';

const ENTRIES = [...DREAM_SYMBOLS, ...DREAM_THEMES, ...EMOTION_LEXICON, ...DREAM_CHARACTERS, ...DREAM_SETTINGS];

/** Every trigger of the lexicon, with where it comes from. */
const TRIGGERS = ENTRIES.flatMap((entry) =>
  (['pt', 'en'] as const).flatMap((lang) => entry.triggers[lang].map((trigger) => ({ id: entry.id, lang, trigger }))),
);

describe('the lexicon (issue 12: lexicon rules)', () => {
  it('has no one-word trigger that folds to a stopword or to fewer than three letters', () => {
    const bad = TRIGGERS.filter(({ trigger }) => {
      const word = triggerWord(trigger);
      return word !== undefined && (word.length < 3 || tokenize(word).length === 0);
    });
    expect(bad).toEqual([]);
  });

  it('has no phrase made of stopwords only ("o pé" is fine, "a o" is not)', () => {
    const bad = TRIGGERS.filter(({ trigger }) => {
      if (triggerWord(trigger) !== undefined) return false;
      return tokenize(trigger).length === 0;
    });
    expect(bad).toEqual([]);
  });

  it('inflects by rule only: plural, gender, diminutive and verb endings, never any word that starts alike', () => {
    expect(ptForms('mudo')).not.toContain('mudou');
    expect(ptForms('mata')).not.toContain('matava');
    expect(ptForms('cachorro')).toEqual(expect.arrayContaining(['cachorros', 'cachorrinho', 'cachorrao']));
    expect(ptForms('rio')).not.toContain('ria');
    expect(ptForms('atacar')).toEqual(expect.arrayContaining(['atacou', 'ataquei', 'atacando', 'atacado']));
    expect(ptForms('mar')).toEqual(expect.arrayContaining(['mar', 'mares']));
    // A noun that ends like an infinitive is not conjugated ("altar" would give "alto").
    expect(ptForms('altar')).not.toContain('alto');
    expect(enForms('knife')).toContain('knives');
    expect(enForms('policeman')).toContain('policemen');
    expect(enForms('stab')).toEqual(expect.arrayContaining(['stabs', 'stabbed', 'stabbing']));
    expect(enForms('chase')).toEqual(expect.arrayContaining(['chases', 'chased', 'chasing']));
    expect(enForms('officer')).not.toContain('office');
  });
});
