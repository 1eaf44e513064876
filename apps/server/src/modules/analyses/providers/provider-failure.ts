// What a log line may say about a failed provider call: the kind of failure, the HTTP status, the error code and the
// host. Never the message of the provider's answer nor the request: they can quote the dream.
import { errorCode } from '../../../startup/preflight.ts';
import { ProviderError, type ProviderFailure } from './provider.ts';

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
