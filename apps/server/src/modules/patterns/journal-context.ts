import type { RequestContext } from '../../context.ts';
import type { JournalContext } from '../analyses/providers/provider.ts';
import { listRecurringSigns } from './signs.service.ts';
import { rankSimilarDreams } from './similar.service.ts';

/** Related earlier dreams a generative analysis is given, at most (the most alike by the similar-dream signal). */
const RELATED_DREAMS = 3;
/** Recurring signs given, at most: the images first, then a feeling or two. */
const SIGNS_MAX = 8;

/**
 * What a generative analysis is told of the dreamer's journal besides the dream (docs/decisions/061): their
 * recurring dream signs and the few earlier dreams most like this one, briefly. Read only after the AI consent was
 * checked (analyses.service.ts prepareAnalysis), and only for a generative provider: the builtin reader has its own
 * history. The prompt (providers/prompt.ts) sends it as delimited data within a budget. `memo` is the app's per-user
 * memory (PatternAnswerCache.opened): the names each analysis holds are opened once there, as for the signs page.
 */
export async function readJournalContext(
  ctx: RequestContext,
  dreamId: string,
  memo?: { get(key: string): object | undefined; set(key: string, value: object): unknown },
): Promise<JournalContext> {
  const [signs, related] = await Promise.all([
    listRecurringSigns(ctx, memo),
    rankSimilarDreams(ctx, dreamId, { limit: RELATED_DREAMS }),
  ]);
  return {
    signs: signs.slice(0, SIGNS_MAX),
    relatedDreams: related.map((dream) => ({
      dreamId: dream.id,
      dreamtOn: dream.dreamtOn,
      title: dream.title,
      excerpt: dream.excerpt,
      sharedWords: [...dream.sharedSymbols, ...dream.sharedWords].slice(0, 6),
    })),
  };
}
