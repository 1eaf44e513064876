import { ProviderError } from '../analyses/providers/provider.ts';

/**
 * One provider call of the chat, as analyses run theirs (providers/provider-run.ts): one deadline for the call, and
 * errors classified with the signals first (once the user cancelled or the deadline passed, whatever the SDK threw
 * is only a consequence).
 */
export async function runChatCall<T>(options: {
  signal: AbortSignal;
  timeoutMs: number;
  call: (signal: AbortSignal) => Promise<T>;
  isTimeoutError: (error: unknown) => boolean;
  classify: (error: unknown) => ProviderError;
}): Promise<T> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const callSignal = AbortSignal.any([options.signal, deadline]);
  try {
    callSignal.throwIfAborted();
    return await options.call(callSignal);
  } catch (error) {
    if (options.signal.aborted) throw new ProviderError('aborted', 'The answer was cancelled', { cause: error });
    if (deadline.aborted || options.isTimeoutError(error))
      throw new ProviderError('timeout', 'The model did not finish in time', { cause: error });
    if (error instanceof ProviderError) throw error;
    throw options.classify(error);
  }
}
