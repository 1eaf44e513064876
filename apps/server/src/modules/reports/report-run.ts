import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import type { MonthlyReportResult } from '@sonhario/contracts/reports';
import { ProviderError } from '../analyses/providers/provider.ts';
import { buildReportRepairMessage, parseReportOutput } from './report-prompt.ts';

/**
 * A report's provider run, as an analysis's (providers/provider-run.ts): one deadline for the whole call, the first
 * answer streamed and parsed, exactly one repair request (not streamed) when it is not a valid report, and errors
 * classified with the signals first.
 */
export async function runReportWithOneRepair<A extends { output: string }>(options: {
  signal: AbortSignal;
  timeoutMs: number;
  language: AnalysisLanguage;
  first: (signal: AbortSignal) => Promise<A>;
  repair: (first: A, repairText: string, signal: AbortSignal) => Promise<A>;
  isTimeoutError: (error: unknown) => boolean;
  classify: (error: unknown) => ProviderError;
}): Promise<MonthlyReportResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const callSignal = AbortSignal.any([options.signal, deadline]);
  try {
    callSignal.throwIfAborted();
    const first = await options.first(callSignal);
    const parsed = parseReportOutput(first.output);
    if (parsed.ok) return parsed.result;
    const second = await options.repair(first, buildReportRepairMessage(parsed.problems, options.language), callSignal);
    const repaired = parseReportOutput(second.output);
    if (repaired.ok) return repaired.result;
    throw new ProviderError(
      'invalid_output',
      `The answer was not a valid report after one repair: ${repaired.problems.slice(0, 5).join('; ')}`,
    );
  } catch (error) {
    if (options.signal.aborted) throw new ProviderError('aborted', 'The report was cancelled', { cause: error });
    if (deadline.aborted || options.isTimeoutError(error))
      throw new ProviderError('timeout', 'The model did not finish in time', { cause: error });
    if (error instanceof ProviderError) throw error;
    throw options.classify(error);
  }
}
