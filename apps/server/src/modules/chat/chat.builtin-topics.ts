// What a message to the builtin guide points at: the person asked about, its key words found in the dreams (topics),
// and what the lexicon and the classic dreams commonly associate with an image it names.
import { CLASSIC_NOTES } from '../analyses/builtin/classic-dreams.data.ts';
import { DREAM_SYMBOLS } from '../analyses/builtin/lexicon.ts';
import { foldText } from '../dreams/dreams.search.ts';
import { quote, type Answer } from './chat.builtin-describe.ts';
import type { DreamFacts, DreamPerson } from './chat.builtin-dreams.ts';
import { hasStem, pick, stemsOf } from './chat.builtin-words.ts';

/** The person of the dream the message speaks of: named ("meu avô"), else by its pronoun ("ele" → "seu avô"). */
export function personAskedAbout(a: Answer, facts: DreamFacts | undefined): DreamPerson | undefined {
  if (!facts) return undefined;
  const named = a.message.people.find((person) => facts.people.some((other) => other.key === person.key));
  if (named) return facts.people.find((person) => person.key === named.key);
  if (!a.message.pronoun) return undefined;
  return (
    facts.people.find((person) => person.gender === a.message.pronoun) ??
    facts.people.find((person) => person.gender === 'n')
  );
}

export const TYPE_WORDS = new Set([
  'pesadelo',
  'pesadelos',
  'nightmare',
  'nightmares',
  'lucido',
  'lucidos',
  'lucida',
  'lucid',
]);

/** A key word found in dreams: the dreamer's word and the dreams (oldest first) that hold it. */
export interface Topic {
  word: string;
  dreams: DreamFacts[];
}

/** The message's key words found in the dreams given: by stem (pt and en), by person and by the lexicon's symbol. */
export function topicsOf(a: Answer): Topic[] {
  const topics: Topic[] = [];
  const seen = new Set<string>();
  const feelingWordsFolded = new Set(a.message.feelings.flatMap((feeling) => foldText(feeling.word).split(' ')));
  for (const word of a.message.keywords) {
    const { pt, en } = stemsOf(word);
    if (seen.has(pt) || seen.has(en) || feelingWordsFolded.has(word)) continue;
    seen.add(pt);
    seen.add(en);
    const person = a.message.people.find((p) => foldText(p.label.pt).endsWith(word) || p.key === word);
    const symbol = SYMBOL_BY_WORD.get(word);
    const symbols = symbol ? [symbol.id] : [];
    const isType = a.message.dreamType !== null && TYPE_WORDS.has(word);
    const dreams = a.facts
      .filter(
        (facts) =>
          (isType &&
            (facts.dreamType === a.message.dreamType ||
              (facts.dream.isNightmare && a.message.dreamType === 'pesadelo'))) ||
          hasStem(facts.stems, word) ||
          (person && facts.people.some((p) => p.key === person.key)) ||
          symbols.some((id) => facts.symbolIds.has(id)),
      )
      .sort((x, y) => x.dream.dreamtOn.localeCompare(y.dream.dreamtOn));
    if (dreams.length > 0) topics.push({ word, dreams });
  }
  return topics.sort((x, y) => y.dreams.length - x.dreams.length).slice(0, 2);
}

/** The dreamer's word as they wrote it (accents kept). */
export function asWritten(message: string, folded: string): string {
  for (const word of message.split(/[^\p{L}\p{N}-]+/u)) if (foldText(word) === folded) return word.toLocaleLowerCase();
  return folded;
}

/** The sentence of a dream where a word appears, to show how it appears. */
export function sentenceWith(facts: DreamFacts, word: string): string | undefined {
  const { pt, en } = stemsOf(word);
  return facts.sentences.find((sentence) => {
    const stems = new Set<string>();
    for (const w of foldText(sentence).split(/[^\p{L}\p{N}]+/u)) {
      const s = stemsOf(w);
      stems.add(s.pt);
      stems.add(s.en);
    }
    return stems.has(pt) || stems.has(en);
  });
}

type Symbol = (typeof DREAM_SYMBOLS)[number];

// The lexicon's symbols by each of their words (folded), and by the stems of their one-word names, built once.
const SYMBOL_BY_WORD = new Map<string, Symbol>();
const SYMBOL_BY_STEM = new Map<string, Symbol>();
for (const symbol of DREAM_SYMBOLS) {
  for (const name of [...symbol.triggers.pt, ...symbol.triggers.en, symbol.name.pt, symbol.name.en]) {
    const folded = foldText(name);
    if (!SYMBOL_BY_WORD.has(folded)) SYMBOL_BY_WORD.set(folded, symbol);
    if (folded.includes(' ') || folded.length < 4) continue;
    const stems = stemsOf(folded);
    for (const stem of [stems.pt, stems.en]) if (!SYMBOL_BY_STEM.has(stem)) SYMBOL_BY_STEM.set(stem, symbol);
  }
}

/** The lexicon's symbol a word names: the word itself first, then a word of the same stem ("cobras" → cobra). */
export function symbolFor(word: string): Symbol | undefined {
  const exact = SYMBOL_BY_WORD.get(word);
  if (exact) return exact;
  const { pt, en } = stemsOf(word);
  return SYMBOL_BY_STEM.get(pt) ?? SYMBOL_BY_STEM.get(en);
}

/** What the lexicon commonly associates with an image the message names, stated as a possibility. */
export function symbolNote(a: Answer, facts: DreamFacts[]): string | null {
  const hasVisit = facts.some((f) => f.people.some((p) => p.isDeceased));
  for (const word of a.message.keywords) {
    const entry = symbolFor(word);
    if (!entry || (hasVisit && entry.id === 'morte')) continue;
    return pick(
      a.lang === 'pt'
        ? [
            `Como possibilidade, não como regra: ${lowerFirst(entry.meaning.pt)}`,
            `Uma leitura comum, que só vale se fizer sentido para você: ${lowerFirst(entry.meaning.pt)}`,
          ]
        : [
            `As a possibility, not a rule: ${lowerFirst(entry.meaning.en)}`,
            `A common reading, worth keeping only if it fits you: ${lowerFirst(entry.meaning.en)}`,
          ],
      a.seed >>> 2,
    );
  }
  return null;
}

/** "What do the symbols of this dream say about me?": the dream's own first image the lexicon knows. */
export function imageNote(a: Answer, facts: DreamFacts[]): string | null {
  if (!a.message.asksMeaning) return null;
  const hasVisit = facts.some((f) => f.people.some((p) => p.isDeceased));
  for (const f of facts) {
    for (const image of f.images) {
      const entry = symbolFor(foldText(image));
      if (!entry || (hasVisit && entry.id === 'morte')) continue;
      return a.lang === 'pt'
        ? `Sobre ${quote(image)}, uma das imagens do sonho, uma leitura comum, que só vale se fizer sentido para você: ${lowerFirst(entry.meaning.pt)}`
        : `About ${quote(image)}, one of the dream's images, a common reading, worth keeping only if it fits you: ${lowerFirst(entry.meaning.en)}`;
    }
  }
  return null;
}

/** What people and research commonly associate with the classic dream it is (chase, teeth…), when it is one. */
export function classicNote(facts: DreamFacts, a: Answer): string | null {
  const id = facts.classics.find((classic) => classic !== 'deceased_visit');
  return id ? CLASSIC_NOTES[id][a.lang] : null;
}

export const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);
