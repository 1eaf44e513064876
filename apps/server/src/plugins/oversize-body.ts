import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How much of a body the server still reads, and for how long, after answering before the body was read. */
export const DRAIN_LIMITS = { maxBytes: 64 * 1024 * 1024, maxMs: 60_000 } as const;

/**
 * Reads what is left of the request body and throws it away, so the connection stays open until the client has
 * sent it all and can read the answer; past `DRAIN_LIMITS` (bytes after the answer, or time), the socket is closed.
 */
function drainRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // Fastify asks for `Connection: close` after a body it refused (413, a broken body). Node then closes the socket
  // as soon as the answer is written, with the client's bytes still unread, and the kernel resets the connection:
  // the client, still writing, never reads the 413. Keeping the connection alive leaves the closing to the drain.
  reply.removeHeader('connection');
  reply.raw.shouldKeepAlive = true;
  let drained = 0;
  const stop = () => {
    cleanUp();
    request.log.info({ drained }, 'request body still coming past the drain limit: connection closed');
    raw.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMITS.maxBytes) stop();
  };
  const timer = setTimeout(stop, DRAIN_LIMITS.maxMs);
  timer.unref();
  function cleanUp() {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', cleanUp);
    raw.off('close', cleanUp);
  }
  raw.on('data', onData);
  raw.once('end', cleanUp);
  raw.once('close', cleanUp);
  raw.resume();
}

/**
 * Every answer sent before its request's body was read to the end (a body over the limit, refused at once when its
 * Content-Length says so or once the count passes it; a request refused before its body is parsed, such as a
 * missing token) drains the rest of the body, bounded, instead of resetting the connection. Decision 023.
 */
export const oversizeBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      // `complete` turns true once the whole request has arrived; an injected request (tests) has no such field.
      const { complete } = request.raw as { complete?: boolean };
      if (complete === false && !request.raw.destroyed) drainRestOfBody(request, reply);
    });
  },
  { name: 'oversize-body' },
);
