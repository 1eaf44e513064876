// The builtin reading's texts (decision 059): content first, in the categories of the Hall–Van de Castle system, then
// the classic dream's note, then where the feelings sit, the history and the type. The summary names the central
// event ("Um sonho em que seu avô, que já morreu, vem visitar você e diz que está tudo bem."); the questions are made
// of the dream's own people, words and things. "Not generative AI" is said once, in the web's author line, not here.
// Its parts: reading-facts.ts (what it is written from), reading-summary.ts, reading-interpretation.ts,
// reading-questions.ts; the event and image phrases in reading-events.ts and reading-images.ts.
import { assessDistress, explainDistress } from '../../safety/distress.ts';
import type { ClassicDreamId } from './classic-dreams.data.ts';
import { readDoc, type Doc } from './content-analysis.ts';
import type { LexiconEntry, ThemeEntry } from './lexicon.ts';
import { readFacts, type Quiet, type ReadingInput, type Scene } from './reading-facts.ts';
import { TEXT, writeInterpretation } from './reading-interpretation.ts';
import { writeQuestions } from './reading-questions.ts';
import { writeSummary } from './reading-summary.ts';

export type ReadingText = {
  summary: string;
  interpretation: string;
  reflectionQuestions: string[];
  themes: { name: string; description: string }[];
  symbols: { symbol: string; meaning: string }[];
  classics: ClassicDreamId[];
};

// --- the reading ----------------------------------------------------------------------------------------------

const GRIEF_IDS = new Set(['morte', 'morte_simbolo']);

// --- a dream that shows distress --------------------------------------------------------------------------------

/**
 * Where the safety layer found distress (issue 31: "no interpretation of that part as symbolism"): the sentence of
 * each of its matches, found by its folded words in the reading's own words (the two foldings differ on a few
 * spellings, so the first word and the last, close by, are enough).
 */
function distressSentences(text: string, doc: Doc): Quiet {
  const quiet = new Set<number>();
  for (const match of explainDistress(text, { context: 'dream' })) {
    const words = match.words.split(' ').filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
    const first = words[0];
    const last = words.at(-1);
    let found = -1;
    for (let at = 0; at < doc.words.length && found < 0; at++) {
      if (doc.words[at] !== first) continue;
      for (let end = at; end < at + words.length + 3 && end < doc.words.length; end++)
        if (doc.sentence[end] === doc.sentence[at] && doc.words[end] === last) found = at;
    }
    if (found < 0) return 'all';
    quiet.add(doc.sentence[found] ?? 0);
  }
  return quiet;
}

/**
 * The reading's input without the symbols met only in the distressed sentences, nor the themes that are those
 * symbols' own (the theme Morte beside the symbol Morte read in "quero morrer").
 */
function quietInput(input: ReadingInput, doc: Doc, quiet: Quiet): ReadingInput {
  if (quiet === 'all') return { ...input, symbols: [], themes: [] };
  if (quiet.size === 0) return input;
  const isOnlyQuiet = (entry: LexiconEntry) => {
    const positions = input.symbolHits.get(entry)?.positions ?? [];
    return positions.length > 0 && positions.every((at) => quiet.has(doc.sentence[at] ?? -1));
  };
  const dropped = input.symbols.filter(isOnlyQuiet);
  if (dropped.length === 0) return input;
  const kept = input.symbols.filter((symbol) => !dropped.includes(symbol));
  const isOwn = (theme: ThemeEntry, symbol: LexiconEntry) =>
    symbol.id === theme.id || symbol.id === `${theme.id}_simbolo`;
  const themes = input.themes.filter(
    (theme) => !dropped.some((symbol) => isOwn(theme, symbol)) || kept.some((symbol) => isOwn(theme, symbol)),
  );
  return { ...input, symbols: kept, themes };
}

/** The reading's texts, and the themes' and symbols' meanings as this dream reads them. */
export function writeReading(given: ReadingInput): ReadingText {
  const doc = readDoc(given.text);
  // The analyzer passes its own assessment (one run of the detector per dream); read here only when it did not.
  const isDistress = given.distress ?? assessDistress(given.text, { context: 'dream' }).isDistress;
  const quiet: Quiet = isDistress ? distressSentences(given.text, doc) : new Set();
  const input = quietInput({ ...given, distress: isDistress }, doc, quiet);
  const facts = readFacts(input, doc, quiet);
  const scene: Scene = { facts, input };
  const { lang } = input;
  // A visit from someone who has died is not "the end of a cycle": the death card speaks of the bond instead.
  const meaningOf = (entry: LexiconEntry) =>
    facts.hasDeceasedVisit && GRIEF_IDS.has(entry.id) ? TEXT.griefMeaning[lang] : entry.meaning[lang];
  return {
    summary: writeSummary(scene),
    interpretation: writeInterpretation(scene),
    reflectionQuestions: writeQuestions(scene),
    themes: input.themes.map((theme) => ({ name: theme.name[lang], description: meaningOf(theme) })),
    symbols: input.symbols.map((symbol) => ({ symbol: symbol.name[lang], meaning: meaningOf(symbol) })),
    classics: facts.classics.map((classic) => classic.id),
  };
}
