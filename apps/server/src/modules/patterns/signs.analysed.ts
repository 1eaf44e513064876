// The symbols, people and places the analysed dreams name, each analysis opened once, the forms of one word merged.

import type { AnalysisResult } from '@sonhario/contracts/analyses';
import type { SignKind } from '@sonhario/contracts/pattern-signs';
import type { RequestContext } from '../../context.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { groupForms, lexiconIdOf } from '../analyses/text/content-words.ts';
import { foldText } from '../dreams/dreams.search.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { listAnalysisResults, type WindowAnalysisRow } from './signs.repository.ts';

interface AnalysedName {
  kind: SignKind;
  key: string;
  label: string;
  dreams: { id: string; dreamtOn: string }[];
  aliases?: string[];
}

export interface AnalysedNames {
  /** `<kind>:<folded>` → the most common spelling and the dreams naming it (forms of one word merged). */
  names: Map<string, AnalysedName>;
  rows: WindowAnalysisRow[];
}

type AnalysisNames = [kind: SignKind, key: string, label: string][];

/** Where the names each analysis holds are kept once opened (PatternAnswerCache.opened, or a map for one call). */
export type OpenedMemo = { get(key: string): object | undefined; set(key: string, value: object): unknown };

/**
 * The names an analysis holds (symbols, people, places; folded, once each), by analysis id: a result never changes
 * once stored, so each is opened once per instance, not on every request (as the analyses' stats cache keeps the
 * opened tally, decision 021), in the patterns cache's `opened` (bounded; forgotten with the account).
 */

function namesOf(result: AnalysisResult): AnalysisNames {
  const names: AnalysisNames = [];
  const lists: [SignKind, string[]][] = [
    ['symbol', result.symbols.map((s) => s.symbol)],
    ['person', result.characters],
    ['place', result.settings],
  ];
  for (const [kind, list] of lists) {
    const seen = new Set<string>();
    for (const raw of list) {
      const label = raw.trim();
      const key = foldText(label);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      names.push([kind, key, label]);
    }
  }
  return names;
}

/** The symbols, people and places each analysed dream's latest analysis names, once per dream. */
export async function nameAnalysed(
  ctx: RequestContext,
  keys: UserKeys,
  rows: WindowAnalysisRow[],
  opened: OpenedMemo,
): Promise<AnalysedNames> {
  const cacheKey = (id: string) => `${ctx.userId}:analysis-names:${id}`;
  const known = new Map<string, AnalysisNames>();
  for (const row of rows) {
    const names = opened.get(cacheKey(row.id)) as AnalysisNames | undefined;
    if (names) known.set(row.id, names);
  }
  const missing = rows.filter((row) => !known.has(row.id)).map((row) => row.id);
  for (const sealed of await listAnalysisResults(ctx.db, ctx.userId, missing)) {
    const names = namesOf(openResult(keys, ctx.userId, sealed));
    opened.set(cacheKey(sealed.id), names);
    known.set(sealed.id, names);
  }
  const names: AnalysedNames['names'] = new Map();
  for (const row of rows) {
    for (const [kind, key, label] of known.get(row.id) ?? []) {
      const id = `${kind}:${key}`;
      const entry = names.get(id) ?? { kind, key, label, dreams: [] };
      entry.dreams.push({ id: row.dreamId, dreamtOn: row.dreamtOn });
      names.set(id, entry);
    }
  }
  return { names: mergeForms(names), rows };
}

/**
 * The forms of one name as one sign ("Voo" and "Voar", "cachorro" and "cachorros"; symbols the builtin lexicon maps
 * to one entry), in its most common spelling, each dream once (analyses/text/content-words.ts, decision 061).
 */
function mergeForms(names: AnalysedNames['names']): AnalysedNames['names'] {
  const merged: AnalysedNames['names'] = new Map();
  for (const kind of ['symbol', 'person', 'place'] as const) {
    const entries = [...names.values()].filter((entry) => entry.kind === kind);
    const groups = groupForms(entries, (entry) => entry.label, {
      weightOf: (entry) => entry.dreams.length,
      sameAs: kind === 'symbol' ? (word) => lexiconIdOf('symbol', word) : undefined,
    });
    for (const group of groups) {
      const dreams = new Map<string, { id: string; dreamtOn: string }>();
      for (const entry of group.items) for (const dream of entry.dreams) dreams.set(dream.id, dream);
      const keys = [...new Set(group.items.map((entry) => entry.key))];
      const key = keys.includes(group.key) ? group.key : (keys[0] ?? group.key);
      merged.set(`${kind}:${key}`, {
        kind,
        key,
        label: group.form,
        dreams: [...dreams.values()],
        aliases: keys.filter((other) => other !== key),
      });
    }
  }
  return merged;
}
