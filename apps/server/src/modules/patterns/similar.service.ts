import {
  hasPatterns,
  SIMILAR_DREAMS_LIMIT,
  type SimilarDream,
  type SimilarDreamsResponse,
} from '@sonhario/contracts/patterns';
import type { RequestContext } from '../../context.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { openDreamSummary, openField } from '../dreams/dreams.sealing.ts';
import { documentTokens, foldText, tokenize } from '../dreams/dreams.search.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { groupForms, isContentWord, lexiconIdOf } from '../analyses/text/content-words.ts';
import { getProfile } from '../profile/profile.service.ts';
import { LRUCache } from 'lru-cache';
import {
  accumulateCandidates,
  countSampleTokens,
  findJournalSignature,
  findSourceDream,
  listCandidateRows,
  listLatestAnalysisRows,
} from './similar.repository.ts';

/**
 * Similar dreams (docs/decisions/028): the user's dreams most like one of theirs, from the keyed search tokens, with
 * why. Rarity is estimated at query time from the newest SAMPLE_SIZE dreams; the rarest QUERY_TOKENS tokens of the
 * dream find candidates through the GIN indexes; the POOL heaviest are scored on all their tokens; only the few
 * answered are opened (their summaries, and this dream's own words to name what they share). No plaintext index.
 */
const SAMPLE_SIZE = 400;
const QUERY_TOKENS = 48;
/**
 * A token held by more than this share of the sample (and by more than COMMON_MIN dreams, so a small journal keeps
 * every word) is too common to look candidates up by…
 */
const RARE_SHARE = 0.05;
const COMMON_MIN = 20;
/** …unless the dream has fewer rare tokens than this: then its rarest ones, whatever their share. */
const MIN_QUERY_TOKENS = 8;
/** Dreams read per looked-up token: a word in thousands of dreams says little, and must not read them all. */
const PER_TOKEN_LIMIT = 200;
const POOL = 40;
/** Candidates whose analyses are opened for shared symbols (the best by words). */
const SYMBOL_POOL = 12;
const SYMBOL_BONUS = 0.05;
const MIN_SCORE = 0.02;
const SHARED_WORDS_MAX = 8;

/**
 * The rarity sample's token counts per user, kept while the journal does not change (its signature: the aggregates
 * row every journal write bumps). Browsing dream pages asks the same sample again and again; a write makes the next
 * request count it afresh. Blind tokens and counts only; at most a few hundred kilobytes per user.
 */
export class RaritySampleCache {
  private readonly entries = new LRUCache<string, { signature: string; size: number; counts: Map<string, number> }>({
    max: 32,
  });

  async read(ctx: RequestContext): Promise<{ size: number; counts: Map<string, number> }> {
    const signature = await findJournalSignature(ctx.db, ctx.userId);
    const entry = signature === null ? undefined : this.entries.get(ctx.userId);
    if (entry && entry.signature === signature) return entry;
    const sample = await countSampleTokens(ctx.db, ctx.userId, SAMPLE_SIZE);
    if (signature !== null) this.entries.set(ctx.userId, { signature, ...sample });
    return sample;
  }

  /** Whether a sample of this user is held (account deletion's test reads it). */
  has(userId: string): boolean {
    return this.entries.has(userId);
  }

  /** Drops the user's sample: account deletion erases it with the rest. */
  forget(userId: string): void {
    this.entries.delete(userId);
  }
}

const dreamNotFound = () => new NotFoundError('Sonho não encontrado');

/** Inverse document frequency in the sample: a word in every dream weighs little, one in none weighs most. */
const idf = (held: number, size: number) => Math.log((size + 1) / (held + 0.5));

interface Scored {
  id: string;
  dreamtOn: string;
  summaryEnc: Buffer;
  tokens: Set<string>;
  score: number;
  sharedSymbols: string[];
}

/** The words of the dream's own text whose tokens the other dream holds, heaviest first, one per stem pair. */
function sharedWordsOf(words: { word: string; tokens: string[]; weight: number }[], other: Set<string>): string[] {
  return words
    .filter((entry) => entry.tokens.some((token) => other.has(token)))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, SHARED_WORDS_MAX)
    .map((entry) => entry.word);
}

/**
 * The content words of a text as written (lower case, accents kept) with their tokens: function words, verbs of
 * seeing or telling, time fillers and numbers left out, and the forms of one word as one, shown in the form the
 * text uses most (analyses/text/content-words.ts, docs/decisions/061).
 */
function wordsOf(keys: UserKeys, texts: (string | null)[], weights: Map<string, number>) {
  const counts = new Map<string, number>();
  for (const text of texts) {
    if (!text) continue;
    for (const raw of text.toLocaleLowerCase('pt-BR').split(/[^\p{L}\p{N}]+/u)) {
      if (raw) counts.set(raw, (counts.get(raw) ?? 0) + 1);
    }
  }
  const content = [...counts].filter(([raw]) => tokenize(raw).length > 0 && isContentWord(raw));
  return groupForms(content, ([raw]) => raw, { weightOf: ([, count]) => count }).map((group) => {
    const tokens = [...new Set(group.items.flatMap(([raw]) => documentTokens(keys.index, [raw])))];
    const weight = Math.max(0, ...tokens.map((token) => weights.get(token) ?? 0));
    return { word: group.form, tokens, weight };
  });
}

/** The words that are not a form of a shared symbol ("mar" beside the symbol "Mar", "voava" beside "Voo"). */
function withoutSymbols(words: string[], symbols: string[]): string[] {
  if (symbols.length === 0) return words;
  const items = [
    ...symbols.map((name) => ({ name, isSymbol: true })),
    ...words.map((name) => ({ name, isSymbol: false })),
  ];
  const named = new Set<string>();
  for (const group of groupForms(items, (item) => item.name, { sameAs: (word) => lexiconIdOf('symbol', word) })) {
    if (group.items.some((item) => item.isSymbol)) for (const item of group.items) named.add(item.name);
  }
  return words.filter((word) => !named.has(word));
}

function symbolsOf(keys: UserKeys, userId: string, row: { id: string; dreamId: string; resultEnc: Buffer }) {
  const names = new Map<string, string>();
  for (const { symbol } of openResult(keys, userId, row).symbols) names.set(foldText(symbol.trim()), symbol.trim());
  return names;
}

export async function listSimilarDreams(
  ctx: RequestContext,
  dreamId: string,
  samples: RaritySampleCache,
): Promise<SimilarDreamsResponse> {
  const { plan } = await getProfile(ctx);
  if (!hasPatterns(plan)) {
    throw new ForbiddenError('plan_required', 'Sonhos parecidos fazem parte dos planos Lucid e Oracle.');
  }
  return { items: await rankSimilarDreams(ctx, dreamId, { samples, limit: SIMILAR_DREAMS_LIMIT }) };
}

/**
 * The user's dreams most like one of theirs, whatever the plan: the page's answer (above) and the context a
 * generative analysis is given (analyses.service.ts, after the AI consent). Without the kept samples, the rarity
 * sample is counted for this call.
 */
export async function rankSimilarDreams(
  ctx: RequestContext,
  dreamId: string,
  options: { samples?: RaritySampleCache; limit: number },
): Promise<SimilarDream[]> {
  const source = await findSourceDream(ctx.db, ctx.userId, dreamId);
  if (!source) throw dreamNotFound();
  const tokens = [...new Set(source.searchTokens)];
  if (tokens.length === 0 && source.tagTokens.length === 0) return [];

  // Rarity in the journal, then the rarest tokens look for candidates.
  const sample = options.samples
    ? await options.samples.read(ctx)
    : await countSampleTokens(ctx.db, ctx.userId, SAMPLE_SIZE);
  const weights = new Map(tokens.map((token) => [token, idf(sample.counts.get(token) ?? 0, sample.size)]));
  const tagWeight = idf(0, sample.size);
  const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0) + tagWeight * source.tagTokens.length;
  const byRarity = [...weights.entries()].sort((a, b) => b[1] - a[1]);
  const commonAbove = Math.max(COMMON_MIN, sample.size * RARE_SHARE);
  const rare = byRarity.filter(([token]) => (sample.counts.get(token) ?? 0) <= commonAbove);
  const rarest = (rare.length >= MIN_QUERY_TOKENS ? rare : byRarity.slice(0, MIN_QUERY_TOKENS)).slice(0, QUERY_TOKENS);
  const pool = await accumulateCandidates(
    ctx.db,
    ctx.userId,
    source.id,
    {
      tokens: rarest.map(([token]) => token),
      weights: rarest.map(([, weight]) => weight),
      tags: source.tagTokens,
      tagWeight,
    },
    POOL,
    PER_TOKEN_LIMIT,
  );
  if (pool.length === 0) return [];

  // Every candidate scored on all of this dream's tokens: the share of its weight the other holds, as a cosine
  // (the other's length counts against it: a long dream holds many words by chance).
  const rows = await listCandidateRows(
    ctx.db,
    ctx.userId,
    pool.map((candidate) => candidate.id),
  );
  const sourceTags = new Set(source.tagTokens);
  const scored: Scored[] = rows.map((row) => {
    const held = new Set(row.searchTokens);
    let shared = 0;
    for (const [token, weight] of weights) if (held.has(token)) shared += weight;
    for (const tag of row.tagTokens) if (sourceTags.has(tag)) shared += tagWeight;
    const lengthRatio = tokens.length === 0 ? 1 : Math.sqrt(tokens.length / Math.max(tokens.length, held.size));
    return {
      id: row.id,
      dreamtOn: row.dreamtOn,
      summaryEnc: row.summaryEnc,
      tokens: held,
      score: totalWeight > 0 ? (shared / totalWeight) * lengthRatio : 0,
      sharedSymbols: [],
    };
  });
  scored.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));

  // Shared symbols of the best by words (when this dream and theirs were analysed) add to their score.
  const keys = await ctx.keys.forUser(ctx.userId);
  const top = scored.slice(0, SYMBOL_POOL);
  const analyses = await listLatestAnalysisRows(ctx.db, ctx.userId, [source.id, ...top.map((dream) => dream.id)]);
  const own = analyses.find((row) => row.dreamId === source.id);
  if (own) {
    const ownSymbols = symbolsOf(keys, ctx.userId, own);
    for (const row of analyses) {
      const dream = row.dreamId === source.id ? undefined : top.find((candidate) => candidate.id === row.dreamId);
      if (!dream) continue;
      const theirs = symbolsOf(keys, ctx.userId, row);
      dream.sharedSymbols = [...ownSymbols].filter(([folded]) => theirs.has(folded)).map(([, name]) => name);
      dream.score += SYMBOL_BONUS * Math.min(dream.sharedSymbols.length, 4);
    }
    top.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }

  const chosen = top.filter((dream) => dream.score >= MIN_SCORE).slice(0, options.limit);
  if (chosen.length === 0) return [];
  const open = (field: 'title' | 'content' | 'notes', blob: Buffer | null) =>
    blob ? openField(keys, ctx.userId, source.id, field, blob) : null;
  const words = wordsOf(
    keys,
    [open('title', source.titleEnc), open('content', source.contentEnc), open('notes', source.notesEnc)],
    weights,
  );
  const items: SimilarDream[] = chosen.map((dream) => {
    const summary = openDreamSummary(keys, ctx.userId, dream.id, dream.summaryEnc);
    return {
      id: dream.id,
      title: summary.title,
      dreamtOn: dream.dreamtOn,
      excerpt: summary.excerpt,
      score: Math.round(Math.min(1, dream.score) * 1000) / 1000,
      sharedWords: withoutSymbols(sharedWordsOf(words, dream.tokens), dream.sharedSymbols),
      sharedSymbols: dream.sharedSymbols,
    };
  });
  return items;
}
