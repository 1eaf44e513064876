import type { AnalysisDreamRef, AnalysisResult } from '@sonhario/contracts/analyses';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';
import { citationsAsWords } from './analyses.citations.ts';

/**
 * How an analysis result is sealed: under the user's encryption key, bound to the analysis, its dream and its user
 * (a blob copied to another row does not open). Shared by the analyses service and the aggregates that tally results
 * (modules/journal-stats). The earlier dreams a generative interpretation cites (docs/decisions/064) are sealed in
 * the same blob, beside the result's fields, so they are erased with it; analyses without any have no such key.
 */
const analysisAad = (userId: string, dreamId: string, id: string) => `analysis:${id}|dream:${dreamId}|user:${userId}`;

/** What the blob holds: the result's fields, and the cited dreams when there are any. */
type SealedAnalysis = AnalysisResult & { relatedDreams?: AnalysisDreamRef[] };

export function sealResult(
  keys: UserKeys,
  userId: string,
  row: { id: string; dreamId: string },
  result: AnalysisResult,
  relatedDreams: AnalysisDreamRef[] = [],
): Buffer {
  const body: SealedAnalysis = relatedDreams.length > 0 ? { ...result, relatedDreams } : result;
  return sealText(keys.encryption, JSON.stringify(body), analysisAad(userId, row.dreamId, row.id));
}

/** The result and the dreams it cites (as stored: the caller narrows them to dreams still in the journal). */
export function openAnalysis(
  keys: UserKeys,
  userId: string,
  row: { id: string; dreamId: string; resultEnc: Buffer },
): { result: AnalysisResult; relatedDreams: AnalysisDreamRef[] } {
  const { relatedDreams = [], ...result } = JSON.parse(
    openText(keys.encryption, row.resultEnc, analysisAad(userId, row.dreamId, row.id)),
  ) as SealedAnalysis;
  return { result, relatedDreams };
}

/**
 * The result alone (what the aggregates, the list of analyses, the chat, the report and the patterns read), its
 * `[D1]` citations written as the cited dreams' titles (decision 070): only the reading's own view links them.
 */
export function openResult(
  keys: UserKeys,
  userId: string,
  row: { id: string; dreamId: string; resultEnc: Buffer },
): AnalysisResult {
  const { result, relatedDreams } = openAnalysis(keys, userId, row);
  return citationsAsWords(result, relatedDreams);
}
