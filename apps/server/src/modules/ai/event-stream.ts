import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../../errors.ts';
import { ProviderError, providerFailureDetails } from './provider-error.ts';

/**
 * What the streamed answers (an analysis, a monthly report, a chat answer) share: the text/event-stream frame, the
 * heartbeat, the abort when the client leaves, and the log line of a provider's failure.
 */

/** A comment line now and then keeps proxies from closing a quiet stream while a slow model thinks. */
const HEARTBEAT_MS = 15_000;

export const frameOf = (event: { event: string; data: unknown }) =>
  `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** A provider's failure with its cause (failure, HTTP status, code, host): never the dreamer's nor the model's words. */
export function logProviderFailure(
  request: FastifyRequest,
  caught: unknown,
  provider: { id: string; model: string },
  baseUrl: string | null,
  what: string,
) {
  if (!(caught instanceof ProviderError) || caught.failure === 'aborted') return;
  request.log.warn(
    { provider: provider.id, model: provider.model, ...providerFailureDetails(caught, baseUrl) },
    `${what} provider call failed`,
  );
}

/**
 * An AbortController that aborts when the client goes away before the answer is finished (a streamed analysis,
 * report or chat answer: the provider call is cancelled and nothing is stored or counted). A client that left while
 * the request was still being checked (before this is called) is seen too: its socket is already closed, and the
 * 'close' event it fired will not come again.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.destroyed || reply.request.raw.socket.destroyed) {
    controller.abort();
    return controller;
  }
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller;
}

/** What a streamed answer's route tells `streamProviderAnswer`: who answers and how a failure is worded. */
export interface ProviderStream<E extends { event: string; data: unknown }, R> {
  provider: { id: string; model: string; isGenerative: boolean };
  /** The provider's base URL, for the failure's log line (never the words). */
  baseUrl: string | null;
  /** What is being answered, for the log lines: 'analysis', 'chat', 'monthly report'. */
  what: string;
  /** The work: calls `emit` for each delta and resolves with the final result (stored and charged by then). */
  run: (signal: AbortSignal, emit: (event: E) => void) => Promise<R>;
  /** The final event's frame for a result. */
  done: (result: R) => E;
  /** A provider failure as the feature's AppError (its code says what failed; nothing stored or charged). */
  toAppError: (caught: unknown) => unknown;
  /** The event for a failure: the AppError's code and message, or an internal error's fixed words. */
  errorEvent: (error: { code: string; message: string }) => E;
  /** The fixed words of an unexpected failure (never its details). */
  internalMessage: string;
  /** Runs after the stream ends, however it ended (e.g. releasing the conversation's lock). */
  onEnd?: () => void;
}

/**
 * The one SSE route helper (issue 31): answers 200 with text/event-stream, sends `start` with the provider's name,
 * streams the work's events, and ends with `done` or `error`; a heartbeat keeps proxies from closing a quiet stream,
 * and the work is aborted when the client leaves. Used by the analysis, the monthly report and the chat.
 */
export function streamProviderAnswer<E extends { event: string; data: unknown }, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  stream: ProviderStream<E, R>,
): Promise<void> {
  const controller = abortOnDisconnect(reply);
  const body = new PassThrough();
  const emit = (event: E | { event: 'start'; data: unknown }) => {
    if (!body.writableEnded) body.write(frameOf(event));
  };
  reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body);
  const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const { provider } = stream;
  emit({ event: 'start', data: { provider: provider.id, model: provider.model, isGenerative: provider.isGenerative } });
  return stream
    .run(controller.signal, emit)
    .then((result) => emit(stream.done(result)))
    .catch((caught: unknown) => {
      logProviderFailure(request, caught, provider, stream.baseUrl, stream.what);
      const error = stream.toAppError(caught);
      if (isAppError(error)) {
        request.log.info({ code: error.code, statusCode: error.statusCode }, `${stream.what} ended without a result`);
        emit(stream.errorEvent({ code: error.code, message: error.message }));
      } else {
        request.log.error({ err: error }, `${stream.what} failed`);
        emit(stream.errorEvent({ code: 'internal_error', message: stream.internalMessage }));
      }
    })
    .finally(() => {
      stream.onEnd?.();
      clearInterval(heartbeat);
      body.end();
    });
}
