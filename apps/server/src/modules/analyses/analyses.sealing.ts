import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';

/**
 * How an analysis result is sealed: under the user's encryption key, bound to the analysis, its dream and its user
 * (a blob copied to another row does not open). Shared by the analyses service and the aggregates that tally results
 * (modules/journal-stats).
 */
const analysisAad = (userId: string, dreamId: string, id: string) => `analysis:${id}|dream:${dreamId}|user:${userId}`;

export function sealResult(
  keys: UserKeys,
  userId: string,
  row: { id: string; dreamId: string },
  result: AnalysisResult,
): Buffer {
  return sealText(keys.encryption, JSON.stringify(result), analysisAad(userId, row.dreamId, row.id));
}

export function openResult(
  keys: UserKeys,
  userId: string,
  row: { id: string; dreamId: string; resultEnc: Buffer },
): AnalysisResult {
  return JSON.parse(
    openText(keys.encryption, row.resultEnc, analysisAad(userId, row.dreamId, row.id)),
  ) as AnalysisResult;
}
