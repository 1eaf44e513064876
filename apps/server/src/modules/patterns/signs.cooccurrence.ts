// What goes together: the pairs of tags, emotions, nightmares and symbols met in the same dreams more often than
// chance would have them (their lift).

import { COOCCURRENCE_RULES, type CooccurrenceKind } from '@sonhario/contracts/pattern-signs';
import type { AnalysedNames } from './signs.analysed.ts';
import type { JournalItems } from './signs.repository.ts';

export interface PairItem {
  kind: CooccurrenceKind;
  key: string;
  count: number;
}
export interface RawPair {
  a: PairItem;
  b: PairItem;
  together: number;
  dreamCount: number;
  lift: number;
}

const liftOf = (together: number, a: number, b: number, n: number) => (a > 0 && b > 0 ? (together * n) / (a * b) : 0);
const isStrong = (pair: { together: number; lift: number }) =>
  pair.together >= COOCCURRENCE_RULES.minTogether && pair.lift >= COOCCURRENCE_RULES.minLift;

function journalItem(item: string, count: number): PairItem {
  if (item === 'n') return { kind: 'nightmare', key: 'nightmare', count };
  if (item.startsWith('e')) return { kind: 'emotion', key: item.slice(1), count };
  return { kind: 'tag', key: item.slice(1), count }; // the token until labelled
}

/** Tags, emotions and nightmares over the journal: the pairs SQL counted, with their lift. */
export function journalPairs(journal: JournalItems): RawPair[] {
  if (journal.dreamCount < COOCCURRENCE_RULES.minDreams) return [];
  const n = journal.dreamCount;
  return journal.pairs.flatMap(({ a, b, together }) => {
    const ca = journal.counts.get(a) ?? 0;
    const cb = journal.counts.get(b) ?? 0;
    const pair = {
      a: journalItem(a, ca),
      b: journalItem(b, cb),
      together,
      dreamCount: n,
      lift: liftOf(together, ca, cb, n),
    };
    return isStrong(pair) ? [pair] : [];
  });
}

/** A symbol with an emotion or with nightmares, over the analysed dreams read. */
export function symbolPairs(analysed: AnalysedNames): RawPair[] {
  const n = analysed.rows.length;
  if (n < COOCCURRENCE_RULES.minDreams) return [];
  const byDream = new Map(analysed.rows.map((row) => [row.dreamId, row]));
  const others = new Map<string, number>();
  for (const row of analysed.rows) {
    for (const emotion of new Set(row.emotions)) others.set(`e${emotion}`, (others.get(`e${emotion}`) ?? 0) + 1);
    if (row.isNightmare) others.set('n', (others.get('n') ?? 0) + 1);
  }
  const pairs: RawPair[] = [];
  for (const entry of analysed.names.values()) {
    if (entry.kind !== 'symbol' || entry.dreams.length < COOCCURRENCE_RULES.minTogether) continue;
    const together = new Map<string, number>();
    for (const { id } of entry.dreams) {
      const row = byDream.get(id);
      if (!row) continue;
      for (const emotion of new Set(row.emotions)) together.set(`e${emotion}`, (together.get(`e${emotion}`) ?? 0) + 1);
      if (row.isNightmare) together.set('n', (together.get('n') ?? 0) + 1);
    }
    const symbol: PairItem = { kind: 'symbol', key: entry.key, count: entry.dreams.length };
    for (const [item, count] of together) {
      const other = journalItem(item, others.get(item) ?? 0);
      const pair = {
        a: symbol,
        b: other,
        together: count,
        dreamCount: n,
        lift: liftOf(count, symbol.count, other.count, n),
      };
      if (isStrong(pair)) pairs.push(pair);
    }
  }
  return pairs;
}
