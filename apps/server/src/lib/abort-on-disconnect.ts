import type { FastifyReply } from 'fastify';

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
