import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { parseAnalysisOutput } from './prompt.ts';
import { ProviderError } from './provider.ts';

/**
 * The run every generative provider shares: one deadline for the whole call (repair included), the first answer
 * streamed and parsed, exactly one repair request when it is not a valid analysis, and errors classified with the
 * signals first — once the user cancelled or the deadline passed, whatever the SDK threw is only a consequence.
 * `classify` maps the SDK's own errors (HTTP status, error types) to the other failure kinds.
 */
export async function runWithOneRepair<A extends { output: string }>(options: {
  signal: AbortSignal;
  timeoutMs: number;
  first: (signal: AbortSignal) => Promise<A>;
  repair: (first: A, problems: string[], signal: AbortSignal) => Promise<A>;
  isTimeoutError: (error: unknown) => boolean;
  classify: (error: unknown) => ProviderError;
}): Promise<AnalysisResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const callSignal = AbortSignal.any([options.signal, deadline]);
  try {
    callSignal.throwIfAborted();
    const first = await options.first(callSignal);
    const parsed = parseAnalysisOutput(first.output);
    if (parsed.ok) return parsed.result;
    // The repair is not streamed: the client already shows the first answer's text, and appending a second copy
    // would garble it. The resolved result is authoritative.
    const second = await options.repair(first, parsed.problems, callSignal);
    const repaired = parseAnalysisOutput(second.output);
    if (repaired.ok) return repaired.result;
    throw new ProviderError(
      'invalid_output',
      `The answer was not a valid analysis after one repair: ${repaired.problems.slice(0, 5).join('; ')}`,
    );
  } catch (error) {
    if (options.signal.aborted) throw new ProviderError('aborted', 'The analysis was cancelled', { cause: error });
    if (deadline.aborted || options.isTimeoutError(error))
      throw new ProviderError('timeout', 'The model did not finish in time', { cause: error });
    if (error instanceof ProviderError) throw error;
    throw options.classify(error);
  }
}
