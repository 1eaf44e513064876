import type { FastifyReply, FastifyRequest } from 'fastify';
import { providerFailureDetails } from '../modules/analyses/providers/provider-failure.ts';
import { ProviderError } from '../modules/analyses/providers/provider.ts';

/**
 * What the streamed answers (an analysis, a monthly report, a chat answer) share: the text/event-stream frame, the
 * heartbeat, the abort when the client leaves, and the log line of a provider's failure.
 */

/** A comment line now and then keeps proxies from closing a quiet stream while a slow model thinks. */
export const HEARTBEAT_MS = 15_000;

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
