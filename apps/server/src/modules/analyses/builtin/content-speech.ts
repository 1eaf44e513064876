// What was said in a dream (content-analysis.ts): quoted or reported speech, who said it, and an instruction to the
// dreamer.
import { findSpans, fold, patternSet, type Doc } from './content-analysis.ts';
import { personAt, type Person } from './content-people.ts';

type Lang = 'pt' | 'en';

export type Speech = {
  /** The words, turned to direct speech when they were reported ("disse que estava tudo bem" → "está tudo bem"). */
  text: string;
  /** Whether `text` holds the speaker's own words (a quote, or reported speech turned back to them). */
  isDirect: boolean;
  /** An instruction to the dreamer ("told me to stop worrying", "me disse pra ter calma"): `text` is what to do. */
  isInstruction?: boolean;
  speaker: Person | undefined;
  language: Lang;
};

const SAY = patternSet([
  '(disse|dizia|falou|falava|sussurrou|respondeu|avisou|repetia|repetiu|garantiu) ~1 que',
  '(disse|falou|falava|dizia) (pra|para) (mim|eu) que',
  'me (disse|falou|dizia|falava|garantiu|avisou) que',
  '(said|says|whispered|kept saying|told me|tells me|assured me|promised me|promised)',
  // An instruction: "me disse pra ter calma", "falou pra eu parar", "asked me to", "told me to" (the last by its "to").
  'me (disse|falou|pediu|mandou) (pra|para)',
  '(disse|falou|pediu|mandou) (pra|para) (eu|mim)',
  '(asked me|begged me|wanted me) to',
]);
const INSTRUCTION_ENDS = new Set(['pra', 'para', 'eu', 'mim', 'to']);
const SPEECH_ENDS = new Set('e mas entao depois and but then so'.split(' '));
const FIRST_PERSON = new Set('eu me mim meu minha meus minhas comigo i me my mine myself'.split(' '));
// Reported speech turned back: the first verb goes back to the present ("estava tudo bem" → "está tudo bem",
// "everything was okay" → "everything is okay").
const BACKSHIFT: Record<string, string> = {
  tava: 'tá',
  estava: 'está',
  era: 'é',
  ia: 'vai',
  tinha: 'tem',
  podia: 'pode',
  queria: 'quer',
  precisava: 'precisa',
  devia: 'deve',
  sabia: 'sabe',
  iria: 'vai',
  ficaria: 'vai ficar',
  estavam: 'estão',
  eram: 'são',
  was: 'is',
  were: 'are',
  would: 'will',
  could: 'can',
  had: 'has',
  wanted: 'wants',
  needed: 'needs',
  loved: 'loves',
  missed: 'misses',
  knew: 'knows',
};
const PT_SPEECH_WORDS = new Set('que tava estava era ia tinha tudo bem ele ela voce vc nao sempre'.split(' '));

// A verb of saying just before a quote, or a colon: what follows is said ("she said, 'hurry'", "ele disse: 'calma'").
const SAID_BEFORE =
  /(?:\b(?:said|says|say|asked|asks|told|tells|yelled|yells|screamed|screams|shouted|shouts|whispered|whispers|called|calls|replied|answered|wondered|cried|sang|read|disse|diz|dizia|falou|fala|falava|perguntou|pergunta|gritou|grita|gritava|respondeu|responde|pediu|pede|sussurrou|chamou|cantou|leu|escrito|written)\b[^.!?"“”«»]{0,12}|:\s*)$/iu;

/**
 * Things said in quotes: a sentence of three words or more, a question or an exclamation, or any quote after a verb of
 * saying. Not a name or a title in quotes ("The Red Hot Chili Peppers"), a word in scare quotes ("best friend"), or an
 * editor's note in brackets ("[my home state]").
 */
function quotedSpeech(text: string): string[] {
  const quotes: string[] = [];
  for (const match of text.matchAll(/["“«]([^"“”«»\n]{3,90})["”»]/gu)) {
    const quoted = (match[1] ?? '').trim();
    const words = quoted.split(/\s+/u);
    if (words.length < 2 || words.length > 14 || quoted.startsWith('[')) continue;
    const isTitle = words.every((word) => word.length <= 3 || /^\p{Lu}/u.test(word));
    const isSaid = SAID_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index));
    const isSentence = words.length >= 3 || /[?!]$/u.test(quoted);
    if ((isSaid || isSentence) && !(isTitle && !isSaid)) quotes.push(quoted.replace(/[.,;!]+$/u, ''));
  }
  return quotes;
}

/**
 * The first thing said in the dream: a quote ("ele disse: 'tá tudo bem'"), or reported speech ("disse que estava
 * tudo bem", "told me that everything was okay") turned back to the speaker's words where that is safe; and who said
 * it (a person named just before the verb, or `fallbackSpeaker` for "ele"/"she").
 */
const DREAMER_SUBJECT = new Set(['i', 'eu']);
const ADDRESSEE_AFTER_TO = new Set(
  'the a an my his her their our your them him me us everyone everybody someone'.split(' '),
);

export function findSpeech(text: string, doc: Doc, fallbackSpeaker?: Person): Speech | undefined {
  const language: Lang = [...doc.present].filter((word) => PT_SPEECH_WORDS.has(word)).length >= 2 ? 'pt' : 'en';
  const speakerBefore = (at: number) => {
    for (let i = at - 1; i >= Math.max(0, at - 6) && doc.sentence[i] === doc.sentence[at]; i--) {
      const person = personAt(doc, i);
      if (person) return person;
    }
    return fallbackSpeaker;
  };
  const quote = quotedSpeech(text)[0];
  if (quote) {
    const at = doc.raw.findIndex((word) => fold(quote).startsWith(fold(word)));
    return { text: quote, isDirect: true, speaker: at > 0 ? speakerBefore(at) : fallbackSpeaker, language };
  }
  const said = findSpans(doc, SAY)[0];
  if (!said) return undefined;
  // What the dreamer said ("I said to the others that I was freaking out") is not said to them.
  if (DREAMER_SUBJECT.has(doc.words[said.start - 1] ?? '')) return undefined;
  const words: string[] = [];
  for (let at = said.end; at < said.end + 10; at++) {
    const word = doc.words[at];
    if (word === undefined || doc.sentence[at] !== doc.sentence[said.start] || (at > said.end && doc.clauseStart[at]))
      break;
    if (SPEECH_ENDS.has(word) && words.length > 0) break;
    words.push(doc.raw[at] ?? word);
  }
  if (fold(words[0] ?? '') === 'that') words.shift();
  // "told me to stop worrying": what to do, not what is so.
  // "said to the others that…" is to whom it was said, not what to do ("told me to stop").
  const isInstruction =
    INSTRUCTION_ENDS.has(doc.words[said.end - 1] ?? '') ||
    (fold(words[0] ?? '') === 'to' && !ADDRESSEE_AFTER_TO.has(fold(words[1] ?? '')) && words.shift() !== undefined);
  if (words.length < 2) return undefined;
  const speaker = speakerBefore(said.start);
  if (isInstruction) return { text: words.join(' '), isDirect: false, isInstruction: true, speaker, language };
  // "disse que me amava" cannot be turned back without guessing the pronouns: kept as reported.
  if (words.some((word) => FIRST_PERSON.has(fold(word))))
    return { text: words.join(' '), isDirect: false, speaker, language };
  // "disse que ele estava bem": the speaker's own "ele" is "eu" in direct speech; left as reported.
  if (/^(ele|ela|he|she)$/u.test(fold(words[0] ?? '')))
    return { text: words.join(' '), isDirect: false, speaker, language };
  const verbAt = words.findIndex((word) => BACKSHIFT[fold(word)] !== undefined);
  if (verbAt < 0 || verbAt > 2) return { text: words.join(' '), isDirect: false, speaker, language };
  const direct = [...words];
  direct[verbAt] = BACKSHIFT[fold(words[verbAt] ?? '')] ?? words[verbAt] ?? '';
  return { text: direct.join(' '), isDirect: true, speaker, language };
}
