import {
  ANALYSIS_ERROR_CODES,
  type Analysis,
  type AnalysisProviderId,
  analysisStreamEventSchema,
  type DreamAnalysesResponse,
} from '@sonhario/contracts/analyses';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError, streamApi } from '@/lib/api-client';
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
  const running = useRef<AbortController | null>(null);
  // Kept after a lost connection only: the retry is then the same request, so a server that did finish (and
  // charge) before the connection dropped can answer with that analysis instead of making and charging another.
  const retryKey = useRef<string | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      running.current = null;
    },
    [dreamId],
  );

  /** Runs one analysis; resolves with how it ended (null when cancelled or replaced by another start). */
  const start = useCallback(async (): Promise<AnalyzeState | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const key = retryKey.current ?? newAnalysisKey();
    retryKey.current = null;
    setState({ status: 'streaming', author: null, summary: '', interpretation: '' });

    let outcome: AnalyzeState | null = null;
    const finish = (next: AnalyzeState) => {
      if (running.current === controller) running.current = null;
      outcome = next;
      setState(next);
    };
    // Set by the stream's callback: an object, so that the checks after the stream read what it wrote.
    const progress = { isFinished: false };
    try {
      await streamApi(`/dreams/${encodeURIComponent(dreamId)}/analyses`, {
        body: {},
        headers: { 'Idempotency-Key': key },
        signal: controller.signal,
        schema: analysisStreamEventSchema,
        onEvent: (event) => {
          if (controller.signal.aborted || progress.isFinished) return;
          switch (event.event) {
            case 'start':
              setState((current) => (current.status === 'streaming' ? { ...current, author: event.data } : current));
              break;
            case 'delta': {
              const { field, text } = event.data;
              setState((current) =>
                current.status === 'streaming' ? { ...current, [field]: current[field] + text } : current,
              );
              break;
            }
            case 'done':
              progress.isFinished = true;
              recordAnalysis(queryClient, event.data);
              finish({ status: 'done', analysis: event.data });
              break;
            case 'error':
              progress.isFinished = true;
              finish({
                status: 'error',
                // The stream answered 200 before the provider failed: the event's code says why.
                failure: { kind: 'provider', error: new ApiError(200, event.data.code, event.data.message) },
              });
              break;
          }
        },
      });
      if (!progress.isFinished && !controller.signal.aborted) {
        // The server ended the stream without its final event: as good as a dropped connection.
        retryKey.current = key;
        finish({ status: 'error', failure: { kind: 'network' } });
      }
    } catch (error) {
      if (controller.signal.aborted || progress.isFinished) return outcome;
      const failure = failureOf(error);
      if (failure.kind === 'network') retryKey.current = key;
      finish({ status: 'error', failure });
    }
    return outcome;
  }, [dreamId, queryClient]);

  /** Stops the analysis under way (nothing is stored or charged); no-op when none is. */
  const cancel = useCallback(() => {
    const controller = running.current;
    if (!controller) return false;
    running.current = null;
    controller.abort();
    setState({ status: 'cancelled' });
    return true;
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, start, cancel, reset, isStreaming: state.status === 'streaming' };
}
