// The language a dream is written in (the builtin analyzer reads it with that language's lexicon).
import { EMOTION_INDEX, SYMBOL_INDEX } from './lexicon-index.ts';

type Lang = 'pt' | 'en';

// The language of the text itself, not of the interface (issue 31): a short dream often has no "the" or "que" ("A
// huge dog chased me through a dark forest."). Each language scores its function words (those of one language only:
// "a", "me", "no", "so" are both), the spellings the other language lacks (ã, õ, ç, "nh", "lh", "-ção" in Portuguese;
// "th", "w", "y", "k", "-ing" in English) and the words its lexicon knows; a tie is read in the interface's
// language. A pure function on the words (docs/decisions/058): a few microseconds, no model to load.
const PT_MARKERS = new Set(
  'que q nao um uma uns umas eu estava estavam tava tavam com para pra pro pros minha meu minhas meus era eram muito mt mas sonhei sonho entao quando qdo ele ela eles elas tinha tinham de da das dos em na nas os ao aos se isso esse essa isto aquele aquela foi fui pq vc voce tb tambem ai dai la ja aqui tudo todo toda todos depois fiquei ficou estou tipo agr ngm gnt kkk kkkk kkkkk mim sem mais muita num numa pela pelo nem nunca ninguem nada porque onde quem hoje ontem acordei'.split(
    ' ',
  ),
);
const EN_MARKERS = new Set(
  'the and was my of to it with dreamed dreamt dream that then when he she had were i we you they is are in on at through into from but this his her our their there what been did didn couldn wasn weren don doesn t s ll ve an by for out up down over just all about around after before because while who which not would could should some something someone someplace got went came saw felt woke like'.split(
    ' ',
  ),
);
const PT_SPELLING = /[ãõç]|nh|lh|(?:cao|coes|oes|ado|ada|ando|endo|indo|ava|avam|ei|eu|ou|inha|inho)$/u;
const EN_SPELLING = /th|wh|sh|w|y|k|(?:ing|ed|ly|ght)$/u;

/** The language a text is written in, from its words (folded, lowercase) and raw text; `fallback` on a tie. */
export function detectLanguage(words: readonly string[], fallback: Lang = 'pt', raw = ''): Lang {
  let pt = 0;
  let en = 0;
  for (const word of words) {
    if (PT_MARKERS.has(word)) pt += 2;
    else if (EN_MARKERS.has(word)) en += 2;
    else if (word.length >= 3) {
      const isPt = SYMBOL_INDEX.forms.pt.has(word) || EMOTION_INDEX.forms.pt.has(word);
      const isEn = SYMBOL_INDEX.forms.en.has(word) || EMOTION_INDEX.forms.en.has(word);
      if (isPt && !isEn) pt += 1;
      else if (isEn && !isPt) en += 1;
      if (PT_SPELLING.test(word)) pt += 0.5;
      if (EN_SPELLING.test(word)) en += 0.5;
    }
  }
  // Accents Portuguese writes and English does not (the words are folded, the raw text is not).
  pt += Math.min(4, (raw.match(/[ãõçáéíóúâêô]/giu) ?? []).length);
  return pt === en ? fallback : en > pt ? 'en' : 'pt';
}
