// The lexicon indexed for reading (the builtin analyzer): each trigger's word forms by language, its phrases by their
// first word, and the near forms a typo of a long Portuguese word matches.
import { tokenize } from '../../dreams/dreams.search.ts';
import { add, normalizePhrase } from './analyzer-phrases.ts';
import { enForms, ptForms } from './inflections.ts';
import { DREAM_CHARACTERS, DREAM_SETTINGS, DREAM_SYMBOLS, DREAM_THEMES, EMOTION_LEXICON } from './lexicon.ts';

type Lang = 'pt' | 'en';

// A dream is read with the lexicon of its language only: across languages short words collide ("gate" and the
// Portuguese "gato", "grade" and the Portuguese "grade" of a cell, "mascara" and "máscara").
// In Portuguese, a word of seven letters or more that misses by one letter ("cachoro", "elevadro") still matches a
// form of the same first letter and the same last two (the ending carries the inflection: "caminhou" is not
// "caminho"). Not in English, where one letter apart is usually another word ("stopping" and "shopping").
const MIN_TYPO_WORD = 7;

/**
 * Forms that rules would generate but that are, far more often, other words: "nada" (nothing) from nadar, "mata"
 * (kills) from matar. Only a trigger that names them itself can match them.
 */
const AMBIGUOUS_FORMS = new Set(
  'nada nado nadas mata matas muda mudas morro corro corre vela liga ligo pega toca cola bota sela tira para pesa conta prova como carrinho maca macas mate mato metros plano planos voo voos glasses letters fogos botao botoes galao galoes porcao porcoes'.split(
    ' ',
  ),
);

export type Index<T> = {
  forms: Record<Lang, Map<string, T[]>>;
  /** For typo tolerance: each long form, and the form with one letter deleted, to the forms they came from. */
  near: Record<Lang, Map<string, string[]>>;
  /** Multi-word triggers, padded with spaces, and their first word (a dream without it cannot hold the phrase). */
  phrases: { phrase: string; first: string; target: T }[];
  /** The same phrases' words, by their first word, with their place in `phrases`: one map read per word of a dream. */
  phraseWords: Map<string, { words: string[]; at: number }[]>;
};

/** Stopwords and one-letter words: never a trigger, never a form. */
const isStopword = (word: string) => tokenize(word).length === 0;

/** The trigger as matched: one folded word, or undefined for a phrase (several words). */
export function triggerWord(trigger: string): string | undefined {
  const words = normalizePhrase(trigger).split(' ');
  return words.length === 1 && !/[\s-]/.test(trigger.trim()) ? words[0] : undefined;
}

function buildIndex<T extends { triggers: { pt: readonly string[]; en: readonly string[] } }>(
  entries: readonly T[],
): Index<T> {
  const index: Index<T> = {
    forms: { pt: new Map(), en: new Map() },
    near: { pt: new Map(), en: new Map() },
    phrases: [],
    phraseWords: new Map(),
  };
  // A word that some trigger names itself is matched only for the triggers naming it: a rule-made form of
  // another trigger ("morro", I die, from morrer) does not take it over ("morro", a hill).
  const named = { pt: new Set<string>(), en: new Set<string>() };
  for (const target of entries) {
    for (const lang of ['pt', 'en'] as const) {
      for (const trigger of target.triggers[lang]) {
        const word = triggerWord(trigger);
        if (word === undefined) {
          const phrase = normalizePhrase(trigger);
          index.phrases.push({ phrase: ` ${phrase} `, first: phrase.split(' ')[0] ?? '', target });
        } else named[lang].add(word);
      }
    }
  }
  for (const target of entries) {
    for (const lang of ['pt', 'en'] as const) {
      for (const trigger of target.triggers[lang]) {
        const word = triggerWord(trigger);
        if (word === undefined) continue;
        add(index.forms[lang], word, target);
        for (const form of lang === 'pt' ? ptForms(word, /ç(?:ar|er|ir)$/iu.test(trigger.trim())) : enForms(word)) {
          if (form === word || named[lang].has(form) || AMBIGUOUS_FORMS.has(form) || isStopword(form)) continue;
          add(index.forms[lang], form, target);
        }
      }
    }
  }
  index.phrases.forEach(({ phrase }, at) => {
    const words = phrase.trim().split(' ');
    const list = index.phraseWords.get(words[0] ?? '');
    if (list) list.push({ words, at });
    else index.phraseWords.set(words[0] ?? '', [{ words, at }]);
  });
  for (const lang of ['pt', 'en'] as const) {
    for (const form of named[lang]) {
      if (form.length < MIN_TYPO_WORD) continue;
      add(index.near[lang], form, form);
      for (let i = 1; i < form.length - 2; i++) add(index.near[lang], form.slice(0, i) + form.slice(i + 1), form);
    }
  }
  return index;
}

/**
 * True when `word` is `form` with one letter dropped, doubled or added, or two neighbours swapped, inside the word
 * ("cachoro", "cahcorro"). A changed letter does not count: that is usually another word ("contando" and
 * "cantando", "porteiro" and "ponteiro").
 */
function isOneTypoApart(word: string, form: string): boolean {
  if (word === form || word[0] !== form[0] || word.slice(-2) !== form.slice(-2)) return false;
  const [short, long] = word.length <= form.length ? [word, form] : [form, word];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length)
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  return short.slice(i) === long.slice(i + 1);
}

export function lookup<T>(index: Index<T>, lang: Lang, word: string): readonly T[] {
  const exact = index.forms[lang].get(word);
  if (exact) return exact;
  // A word some part of the lexicon knows is that word, not a typo of another ("atrasado" is not "arrasado").
  if (lang === 'en' || word.length < MIN_TYPO_WORD || KNOWN_FORMS.has(word)) return [];
  const candidates = new Set(index.near[lang].get(word) ?? []);
  for (let i = 1; i < word.length - 2; i++)
    for (const form of index.near[lang].get(word.slice(0, i) + word.slice(i + 1)) ?? []) candidates.add(form);
  const found: T[] = [];
  for (const form of candidates) {
    if (!isOneTypoApart(word, form)) continue;
    for (const target of index.forms[lang].get(form) ?? []) if (!found.includes(target)) found.push(target);
  }
  return found;
}

// Built once at module load: every analysis is then a map lookup or two per word.
export const SYMBOL_INDEX = buildIndex(DREAM_SYMBOLS);
export const THEME_INDEX = buildIndex(DREAM_THEMES);
export const EMOTION_INDEX = buildIndex(EMOTION_LEXICON);
export const CHARACTER_INDEX = buildIndex(DREAM_CHARACTERS);
export const SETTING_INDEX = buildIndex(DREAM_SETTINGS);
const KNOWN_FORMS = new Set(
  [SYMBOL_INDEX, THEME_INDEX, EMOTION_INDEX, CHARACTER_INDEX, SETTING_INDEX].flatMap((index) => [
    ...index.forms.pt.keys(),
    ...index.forms.en.keys(),
  ]),
);
