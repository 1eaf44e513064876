import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSession } from '@/test/auth';
import { createSseParser, streamApi, type SseFrame } from './api-client';

function parseAll(chunks: string[]) {
  const frames: SseFrame[] = [];
  const parser = createSseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return frames;
}

/** Every way to cut a text in two. */
const cuts = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('createSseParser', () => {
  const stream =
    ': heartbeat\n\n' +
    'event: start\ndata: {"provider":"builtin"}\n\n' +
    ': ping\n' +
    'event: delta\r\ndata: {"text":"Voar é"}\r\n\r\n' +
    'event: delta\rdata: {"text":" ção\\n"}\r\r' +
    'id: 7\nretry: 1000\nevent: done\ndata: {"a":1,\ndata: "b":2}\n\n';
  const expected: SseFrame[] = [
    { event: 'start', data: '{"provider":"builtin"}' },
    { event: 'delta', data: '{"text":"Voar é"}' },
    { event: 'delta', data: '{"text":" ção\\n"}' },
    { event: 'done', data: '{"a":1,\n"b":2}' },
  ];

  it('reads named events, skips heartbeats and unknown fields, joins multi-line data, accepts \\n, \\r\\n and \\r', () => {
    expect(parseAll([stream])).toEqual(expected);
  });

  it('gives the same frames whichever point the stream is cut at', () => {
    for (const [head, tail] of cuts(stream)) expect(parseAll([head!, tail!])).toEqual(expected);
  });

  it('gives the same frames when the text arrives one character at a time', () => {
    expect(parseAll(Array.from(stream))).toEqual(expected);
  });

  it('drops a frame the stream ended in the middle of, and frames without data', () => {
    expect(parseAll(['event: ping\n\n', 'event: start\ndata: {}\n', 'event: done\ndata: {"x"'])).toEqual([]);
    expect(parseAll(['data: sem nome\n\n'])).toEqual([{ event: 'message', data: 'sem nome' }]);
  });
});

type Reply = (res: ServerResponse) => void | Promise<void>;
let reply: Reply = (res) => void res.end();
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => void reply(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]')!.content = JSON.stringify({
    supabaseUrl: url,
    supabaseAnonKey: 'test-anon-key',
    apiUrl: url,
  });
});

afterEach(() => localStorage.clear());
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const signIn = () => localStorage.setItem('sb-127-auth-token', JSON.stringify(makeSession()));
const eventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: z.object({ id: z.string() }) }),
]);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Writes the bytes in pieces with pauses, so the client really reads them as separate chunks. */
const sse =
  (pieces: (string | Buffer)[]): Reply =>
  async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const piece of pieces) {
      res.write(piece);
      await tick();
    }
    res.end();
  };

describe('streamApi', () => {
  it('calls onEvent for each event as the body arrives, even with a character cut between its bytes', async () => {
    signIn();
    const frame = Buffer.from('event: delta\ndata: {"text":"coração"}\n\n');
    const cut = frame.indexOf(Buffer.from('ç')) + 1; // inside the two bytes of "ç"
    reply = sse([
      ': heartbeat\n\n',
      frame.subarray(0, cut),
      frame.subarray(cut),
      'event: done\ndata: {"id":"a1"}\n',
      '\n',
    ]);
    const events: unknown[] = [];
    await streamApi('/dreams/x/analyses', { schema: eventSchema, onEvent: (event) => events.push(event) });
    expect(events).toEqual([
      { event: 'delta', data: { text: 'coração' } },
      { event: 'done', data: { id: 'a1' } },
    ]);
  });

  it('turns a JSON error answer into an ApiError with the server message', async () => {
    signIn();
    reply = (res) => {
      res.writeHead(402, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'analysis_limit_reached', message: 'Você já usou as análises do mês.' }));
    };
    await expect(streamApi('/dreams/x/analyses', { schema: eventSchema, onEvent: () => {} })).rejects.toMatchObject({
      status: 402,
      code: 'analysis_limit_reached',
      message: 'Você já usou as análises do mês.',
    });
  });

  it('reports a connection lost midway as network_error, after the events already read', async () => {
    signIn();
    reply = async (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: delta\ndata: {"text":"Era"}\n\n');
      await tick();
      res.socket?.destroy();
    };
    const events: unknown[] = [];
    await expect(
      streamApi('/x', { schema: eventSchema, onEvent: (event) => events.push(event) }),
    ).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(events).toHaveLength(1);
  });

  it('refuses an event that breaks the contract', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    reply = sse(['event: delta\ndata: {"text":42}\n\n']);
    await expect(streamApi('/x', { schema: eventSchema, onEvent: () => {} })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    consoleError.mockRestore();
  });

  it('stops when its signal is aborted, rejecting with the abort', async () => {
    signIn();
    let isClosed = false;
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: delta\ndata: {"text":"Era"}\n\n');
      res.on('close', () => (isClosed = true));
    };
    const controller = new AbortController();
    const call = streamApi('/x', {
      schema: eventSchema,
      signal: controller.signal,
      onEvent: () => controller.abort(),
    });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(isClosed).toBe(true));
  });
});
