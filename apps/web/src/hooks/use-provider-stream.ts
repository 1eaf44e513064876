import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { ApiError, streamApi } from '@/lib/api-client';

/** The events every streamed answer sends (an analysis, a monthly report, a chat answer): contracts' stream schemas. */
type ProviderStreamEvent =
  | { event: 'start'; data: unknown }
  | { event: 'delta'; data: unknown }
  | { event: 'done'; data: unknown }
  | { event: 'error'; data: { code: string; message: string } };

type DataOf<E, N extends string> = E extends { event: N; data: infer D } ? D : never;

/** How one streamed answer ended; null from `read` means it was stopped or replaced by another. */
export type ProviderStreamEnd<R> =
  /** The final event: the result is stored (and charged) on the server. */
  | { kind: 'done'; result: R }
  /** The stream's `error` event: the server answered 200, then the provider failed; nothing stored or charged. */
  | { kind: 'provider'; error: ApiError }
  /** Refused before the stream (its ApiError), the connection lost, or the stream ended without its final event. */
  | { kind: 'failed'; error: unknown };

export interface ProviderStreamRequest<S extends z.ZodType<ProviderStreamEvent>> {
  body: unknown;
  headers?: Record<string, string>;
  schema: S;
  onStart: (author: DataOf<z.output<S>, 'start'>) => void;
  onDelta: (delta: DataOf<z.output<S>, 'delta'>) => void;
}

/**
 * The one streaming hook (issue 31): owns the answer under way (one at a time: a new one stops the last; leaving the
 * page, or `resetKey` changing, stops it too) and reads a provider's stream of start, delta…, done | error into a
 * `ProviderStreamEnd`. The analysis, the monthly report and the chat build their states on it.
 */
export function useProviderStream(resetKey?: unknown) {
  const running = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      running.current = null;
    },
    [resetKey],
  );

  /** Starts an answer: the one before it is stopped. Pass the controller to `read` (a chat first creates its thread). */
  const begin = useCallback(() => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    return controller;
  }, []);

  /** Whether `controller`'s answer is still the one under way (not stopped, not replaced). */
  const isCurrent = useCallback((controller: AbortController) => running.current === controller, []);

  /** Ends the answer's turn without aborting it (it finished); a replaced one is left alone. */
  const release = useCallback((controller: AbortController) => {
    if (running.current === controller) running.current = null;
  }, []);

  const read = useCallback(
    async <S extends z.ZodType<ProviderStreamEvent>>(
      controller: AbortController,
      path: string,
      request: ProviderStreamRequest<S>,
    ): Promise<ProviderStreamEnd<DataOf<z.output<S>, 'done'>> | null> => {
      type Result = DataOf<z.output<S>, 'done'>;
      // Set by the stream's callback: an object, so that the checks after the stream read what it wrote.
      const progress: { end: ProviderStreamEnd<Result> | null } = { end: null };
      try {
        await streamApi(path, {
          body: request.body,
          headers: request.headers,
          signal: controller.signal,
          schema: request.schema,
          onEvent: (event: ProviderStreamEvent) => {
            if (controller.signal.aborted || progress.end) return;
            switch (event.event) {
              case 'start':
                request.onStart(event.data as DataOf<z.output<S>, 'start'>);
                break;
              case 'delta':
                request.onDelta(event.data as DataOf<z.output<S>, 'delta'>);
                break;
              case 'done':
                progress.end = { kind: 'done', result: event.data as Result };
                break;
              case 'error':
                progress.end = { kind: 'provider', error: new ApiError(200, event.data.code, event.data.message) };
                break;
            }
          },
        });
        if (!progress.end && !controller.signal.aborted) {
          // The server ended the stream without its final event: as good as a dropped connection.
          progress.end = { kind: 'failed', error: new ApiError(0, 'network_error', 'Sem conexão com o servidor.') };
        }
      } catch (error) {
        if (!progress.end && !controller.signal.aborted) progress.end = { kind: 'failed', error };
      }
      // A final event that arrived before a stop still counts: the server stored it.
      if (controller.signal.aborted && progress.end?.kind !== 'done') return null;
      release(controller);
      return progress.end;
    },
    [release],
  );

  /** Stops the answer under way (the server stops and stores nothing); false when none was. */
  const stop = useCallback(() => {
    const controller = running.current;
    if (!controller) return false;
    running.current = null;
    controller.abort();
    return true;
  }, []);

  // One object for the page's life: hooks built on it list it as a dependency.
  return useMemo(() => ({ begin, read, isCurrent, release, stop }), [begin, read, isCurrent, release, stop]);
}
