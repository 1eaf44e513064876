import {
  ANALYSIS_ERROR_CODES,
  type Analysis,
  type AnalysisProviderId,
  analysisStreamEventSchema,
  type DreamAnalysesResponse,
} from '@sonhario/contracts/analyses';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useProviderStream } from '@/hooks/use-provider-stream';
import { type ApiError, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AnalysisAuthor {
  provider: AnalysisProviderId;
  model: string;
  isGenerative: boolean;
}

/**
 * Why an analysis did not come: each has its own words and way out on the page. `error` carries the code the
 * page turns into text in the user's language (lib/api-error-message).
 */
export type AnalysisFailure =
  /** 402: the quota is used up and the credits do not cover one. */
  | { kind: 'limit'; error: ApiError }
  /** 403: no consent to AI analysis on record (never asked, declined or withdrawn). */
  | { kind: 'consent' }
  /** The stream's `error` event: the provider failed; nothing stored, nothing charged. */
  | { kind: 'provider'; error: ApiError }
  /** The connection dropped before the final event. */
  | { kind: 'network' }
  | { kind: 'other'; error: unknown };

export type AnalyzeState =
  | { status: 'idle' }
  /** `author` is null until the `start` event arrives; the texts grow with each `delta`. */
  | { status: 'streaming'; author: AnalysisAuthor | null; summary: string; interpretation: string }
  | { status: 'done'; analysis: Analysis }
  | { status: 'error'; failure: AnalysisFailure }
  | { status: 'cancelled' };

/** 128 random bits, hex: one analysis request (kept for a retry after a lost connection, see start()). */
function newAnalysisKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `analysis-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function failureOf(error: unknown): AnalysisFailure {
  if (isApiError(error)) {
    if (error.isNetworkError) return { kind: 'network' };
    if (error.code === ANALYSIS_ERROR_CODES.limitReached) return { kind: 'limit', error };
    if (error.code === ANALYSIS_ERROR_CODES.consentRequired) return { kind: 'consent' };
  }
  return { kind: 'other', error };
}

/**
 * A finished analysis is stored and charged: it joins this dream's list at once (no refetch), and the numbers
 * it changed (dashboard count, credits and quota, the analyses pages, achievements and level) are refreshed where
 * shown.
 */
function recordAnalysis(queryClient: QueryClient, analysis: Analysis) {
  queryClient.setQueryData<DreamAnalysesResponse>(queryKeys.analyses.ofDream(analysis.dreamId), (data) => ({
    items: [analysis, ...(data?.items ?? []).filter((item) => item.id !== analysis.id)],
  }));
  const ofDream = queryKeys.analyses.ofDream(analysis.dreamId);
  void queryClient.invalidateQueries({ queryKey: queryKeys.overview });
  void queryClient.invalidateQueries({ queryKey: queryKeys.credits.summary });
  void queryClient.invalidateQueries({ queryKey: queryKeys.rewards });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.analyses.all,
    predicate: (query) => !ofDream.every((part, index) => query.queryKey[index] === part),
  });
}

/**
 * POST /dreams/:id/analyses as a stream: `start()` runs one analysis, `state` follows it (idle → streaming → done,
 * error or cancelled), `cancel()` aborts it (the server stops and charges nothing). Leaving the page cancels too.
 */
export function useAnalyzeDream(dreamId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnalyzeState>({ status: 'idle' });
  const stream = useProviderStream(dreamId);
  // Kept after a lost connection only: the retry is then the same request, so a server that did finish (and
  // charge) before the connection dropped can answer with that analysis instead of making and charging another.
  const retryKey = useRef<string | null>(null);

  /** Runs one analysis; resolves with how it ended (null when cancelled or replaced by another start). */
  const start = useCallback(async (): Promise<AnalyzeState | null> => {
    const controller = stream.begin();
    const key = retryKey.current ?? newAnalysisKey();
    retryKey.current = null;
    setState({ status: 'streaming', author: null, summary: '', interpretation: '' });
    const end = await stream.read(controller, `/dreams/${encodeURIComponent(dreamId)}/analyses`, {
      body: {},
      headers: { 'Idempotency-Key': key },
      schema: analysisStreamEventSchema,
      onStart: (author) => setState((current) => (current.status === 'streaming' ? { ...current, author } : current)),
      onDelta: ({ field, text }) =>
        setState((current) =>
          current.status === 'streaming' ? { ...current, [field]: current[field] + text } : current,
        ),
    });
    if (end === null) return null;
    let outcome: AnalyzeState;
    if (end.kind === 'done') {
      recordAnalysis(queryClient, end.result);
      outcome = { status: 'done', analysis: end.result };
    } else if (end.kind === 'provider') {
      // The stream answered 200 before the provider failed: the event's code says why.
      outcome = { status: 'error', failure: { kind: 'provider', error: end.error } };
    } else {
      const failure = failureOf(end.error);
      if (failure.kind === 'network') retryKey.current = key;
      outcome = { status: 'error', failure };
    }
    setState(outcome);
    return outcome;
  }, [dreamId, queryClient, stream]);

  /** Stops the analysis under way (nothing is stored or charged); no-op when none is. */
  const cancel = useCallback(() => {
    if (!stream.stop()) return false;
    setState({ status: 'cancelled' });
    return true;
  }, [stream]);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset, isStreaming: state.status === 'streaming' };
}
