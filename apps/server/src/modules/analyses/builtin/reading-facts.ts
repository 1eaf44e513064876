// What the builtin reading is written from: its input (the analyzer's findings) and the facts read once from the
// dream's text (its classic dreams, people, speech, content, loose ends), without the sentences that show distress.
import { readClassicDreams, type ClassicDream } from './classic-dreams.ts';
import type { Doc } from './content-analysis.ts';
import { findContent, findLooseEnds, findThings, type ContentEvent, type Thing } from './content-events.ts';
import { findDeceased, findPeople, type Person } from './content-people.ts';
import { findSpeech, type Speech } from './content-speech.ts';
import type { EmotionEntry, LexiconEntry, ThemeEntry } from './lexicon.ts';
import type { DreamType } from '@sonhario/contracts/analyses';

type Lang = 'pt' | 'en';
type Located = { positions: readonly number[] };
type FeltEmotion = { entry: EmotionEntry; intensity: number };

export type ReadingInput = {
  /** The language the reading is written in (the user's). */
  lang: Lang;
  /** The language the dream is written in: its words are quoted only when it is the reading's. */
  textLanguage: Lang;
  /** The title and the account, as written. */
  text: string;
  /** The word of `text` where the dreamer really woke up (the analyzer's `finalWakeAt`), or -1. */
  dreamEndsAt: number;
  /** The dreamer "woke up" inside the dream and it went on. */
  hasFalseAwakening: boolean;
  dreamType: DreamType;
  symbols: readonly LexiconEntry[];
  symbolHits: ReadonlyMap<LexiconEntry, Located>;
  themes: readonly ThemeEntry[];
  characters: readonly LexiconEntry[];
  settings: readonly LexiconEntry[];
  emotions: readonly FeltEmotion[];
  emotionHits: ReadonlyMap<EmotionEntry, Located>;
  sentiment: number;
  history?: { symbolCounts: Record<string, number>; dreamCount: number };
  /**
   * The safety layer found distress in the text (decision 056): the sentences where it did are not read as symbols or
   * classic dreams.
   */
  distress?: boolean;
};

export const LIMITS = { questions: 4, historyMentions: 2, classicNotes: 2, summaryEvents: 2 } as const;
export const FEELING_NEAR = 5;

/** Everything the texts are made of, read once per reading. */
export type Facts = {
  doc: Doc;
  classics: ClassicDream[];
  people: Person[];
  deceased: Person | undefined;
  hasDeceasedVisit: boolean;
  speech: Speech | undefined;
  content: ContentEvent[];
  forgotten: Thing[];
  unfinished: Thing[];
  things: string[];
};

export function readFacts(input: ReadingInput, doc: Doc, quiet: Quiet): Facts {
  const classics = readClassicDreams(doc, input.dreamEndsAt).filter((classic) => !isQuiet(quiet, classic.sentence));
  const hasDeceasedVisit = classics.some((classic) => classic.id === 'deceased_visit');
  const deceased = findDeceased(doc).find((death) => death.person)?.person;
  const people = findPeople(doc).map(({ person }) => person);
  if (deceased && !people.some((person) => person.id === deceased.id)) people.unshift(deceased);
  // "ele disse que…": in a visit, "ele" is the one who came.
  const speech = findSpeech(input.text, doc, hasDeceasedVisit ? deceased : people.length === 1 ? people[0] : undefined);
  const { forgotten, unfinished } = findLooseEnds(doc);
  return {
    doc,
    classics,
    people,
    deceased,
    hasDeceasedVisit,
    speech,
    content: findContent(doc),
    forgotten,
    unfinished,
    things: findThings(doc),
  };
}

/** The words of the dream are quoted in the reading only when both are in the same language. */
export const isQuotable = (input: ReadingInput) => input.textLanguage === input.lang;

export type Scene = { facts: Facts; input: ReadingInput };

/** Sentences (of `readDoc`) not to be read as symbolism, or `all` when the distress could not be placed. */
export type Quiet = Set<number> | 'all';
const isQuiet = (quiet: Quiet, sentence: number) => quiet === 'all' || quiet.has(sentence);
