// How a provider call fails (every vendor, every feature), and what a log line may say about it: the kind of failure,
// the HTTP status, the error code and the host. Never the message of the provider's answer nor the request: they can
// quote the dream.
import { errorCode } from '../../startup/preflight.ts';

export type ProviderFailure = 'aborted' | 'timeout' | 'rate_limited' | 'failed' | 'invalid_output' | 'refused';

/** Every way a provider call can fail, as one error type; nothing is stored or charged after it. */
export class ProviderError extends Error {
  constructor(
    public readonly failure: ProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface ProviderFailureDetails {
  failure: ProviderFailure | 'unexpected';
  /** The HTTP status the API answered with, if it answered. */
  status?: number;
  /** The API's error code or type (`model_not_found`, `authentication_error`) or the network's (`ECONNREFUSED`). */
  code?: string;
  /** host:port of AI_BASE_URL. */
  host: string | null;
}

export function providerFailureDetails(error: unknown, baseUrl: string | null): ProviderFailureDetails {
  const details: ProviderFailureDetails = {
    failure: error instanceof ProviderError ? error.failure : 'unexpected',
    host: baseUrl ? new URL(baseUrl).host : null,
  };
  const seen = new Set<unknown>();
  for (let e = error as { status?: unknown; type?: unknown; cause?: unknown } | undefined; e && !seen.has(e);) {
    seen.add(e);
    if (details.status === undefined && typeof e.status === 'number') details.status = e.status;
    if (details.code === undefined && typeof e.type === 'string') details.code = e.type;
    e = e.cause as typeof e;
  }
  // A code proper (OpenAI's `code`, the network's) is more precise than a type.
  const code = errorCode(error instanceof ProviderError ? error.cause : error);
  if (code) details.code = code;
  return details;
}
