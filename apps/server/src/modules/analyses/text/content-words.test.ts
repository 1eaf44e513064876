import { describe, expect, it } from 'vitest';
import { groupForms, isContentWord, lexiconIdOf } from './content-words.ts';

const groupsOf = (words: string[], options: Parameters<typeof groupForms<string>>[2] = {}) =>
  groupForms(words, (word) => word, options)
    .map((group) => group.items.join('/'))
    .sort();

// The words "Em comum", the dream signs and the monthly report show (docs/decisions/061).
describe('content words', () => {
  it('leaves out function words, verbs of seeing, telling and dreaming, time fillers and numbers, pt and en', () => {
    const fillers =
      'vi vejo olhei ouvi senti achei lembro sonhei acordei lá não então noite dia hoje depois 12 três ' +
      'saw looked heard felt remember dreamt woke then later night something really';
    for (const word of fillers.split(' ')) expect(isContentWord(word), word).toBe(false);
    for (const word of 'farol gaivotas escada voo caí avó lighthouse teeth snake'.split(' '))
      expect(isContentWord(word), word).toBe(true);
    expect(isContentWord('NÃO')).toBe(false);
  });

  it('groups the forms of one word, in the spelling used most', () => {
    expect(
      groupsOf(['voo', 'voar', 'voando', 'caindo', 'cair', 'caí', 'caiu', 'dogs', 'dog', 'flying', 'flew']),
    ).toEqual(['caindo/cair/caí/caiu', 'dogs/dog', 'flying/flew', 'voo/voar/voando']);
    const [group] = groupForms(['voar', 'voo', 'voo'], (word) => word);
    expect(group).toMatchObject({ form: 'voo', key: 'voo', weight: 3 });
  });

  it('does not merge nouns that only look like the forms of one verb, nor other genders', () => {
    expect(groupsOf(['casa', 'caso', 'gato', 'gata', 'porta', 'porto'])).toEqual([
      'casa',
      'caso',
      'gata',
      'gato',
      'porta',
      'porto',
    ]);
  });

  it('merges names the builtin lexicon maps to one symbol or theme only when asked', () => {
    expect(lexiconIdOf('symbol', 'Voar')).toBe(lexiconIdOf('symbol', 'Voo'));
    expect(lexiconIdOf('theme', 'caindo')).toBe(lexiconIdOf('theme', 'Queda'));
    expect(groupsOf(['Queda', 'caindo'])).toEqual(['Queda', 'caindo']);
    expect(groupsOf(['Queda', 'caindo'], { sameAs: (word) => lexiconIdOf('theme', word) })).toEqual(['Queda/caindo']);
  });
});
