import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { abortOnDisconnect } from './event-stream.ts';

const app = Fastify();
afterEach(() => app.close());

it('aborts at once for a client that hung up while the request was still being checked', async () => {
  const seen: boolean[] = [];
  app.post('/slow-check', async (request, reply) => {
    // The checks before the answer (database reads) outlast the client: it is gone before the controller exists.
    await once(request.raw.socket, 'close');
    seen.push(abortOnDisconnect(reply).signal.aborted);
    return reply.send('late');
  });
  app.post('/quick', async (request, reply) => {
    const controller = abortOnDisconnect(reply);
    const aborted = once(controller.signal, 'abort');
    seen.push(controller.signal.aborted);
    await aborted;
    seen.push(controller.signal.aborted);
    return reply.send('late');
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  for (const path of ['/slow-check', '/quick']) {
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Late: aborted when made. Quick: not aborted while the client waits, aborted when it hangs up.
  expect(seen).toEqual([true, false, true]);
});
