import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type TestApp } from '../test/harness.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { signUpUser, type TestUser } from '../modules/dreams/dreams.testing.ts';
import { DRAIN_LIMITS } from './oversize-body.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 'a');

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the body the client had written when it stopped (all of them, unless the connection broke first). */
  sent: number;
  /** Set when writing failed (EPIPE, ECONNRESET): the server closed or reset the connection under the client. */
  writeError?: string;
}

/** The status, headers and (Content-Length) body of an HTTP/1.1 answer, once all of it has arrived. */
function parseAnswer(raw: Buffer): Omit<Answer, 'sent' | 'writeError'> | undefined {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (raw.length < headEnd + 4 + length) return undefined;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: raw.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8'),
  };
}

/**
 * POSTs `size` bytes on a raw socket, as fast as the server takes them, with a Content-Length or chunked, and goes
 * on writing the whole body whatever the server answers meanwhile (what a browser's upload does): only the server
 * closing or resetting the connection stops it. Resolves once the body is written (or writing failed) and the
 * connection has ended or the answer was read; `writeError` tells whether the server cut the upload short.
 */
function postLarge(
  url: string,
  path: string,
  headers: Record<string, string>,
  size: number,
  options: { isChunked?: boolean } = {},
): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let received = Buffer.alloc(0);
    let writeError: string | undefined;
    let isWriting = true;
    let isDone = false;
    const socket = connect(Number(port), '127.0.0.1');
    const finish = () => {
      const answer = parseAnswer(received);
      if (isDone || isWriting || (!answer && !socket.destroyed)) return;
      isDone = true;
      socket.destroy();
      resolve({ ...(answer ?? { status: 0, headers: {}, body: '' }), sent, ...(writeError ? { writeError } : {}) });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (isWriting) writeError = error.code ?? error.message;
      isWriting = false;
    });
    socket.on('close', () => {
      if (isWriting) writeError = 'closed';
      isWriting = false;
      finish();
    });
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      options.isChunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${String(size)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ].join('\r\n');
    socket.write(`${head}\r\n\r\n`);
    const pump = () => {
      while (isWriting && sent < size) {
        const piece = size - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, size - sent);
        sent += piece.length;
        const framed = options.isChunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        if (!socket.write(framed)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!isWriting) return;
      if (options.isChunked) socket.write('0\r\n\r\n');
      isWriting = false;
      finish();
    };
    socket.once('connect', pump);
  });
}

// A body over the limit gets its 413, in the API's error shape, even when the client keeps sending 10 or 60 MB
// after it: the server reads and discards the rest (up to a bound) instead of resetting the connection under it.
describe('bodies over the size limit, over real HTTP', () => {
  let t: TestApp & { url: string };
  let user: TestUser;
  let anonKey: string;

  beforeAll(async () => {
    t = await createListeningTestApp({ AUTH_AUTOCONFIRM: 'true' });
    user = await signUpUser(t);
    anonKey = getApiKeys(t.app.deps.secrets).anonKey;
  });
  afterAll(() => t.close());

  function expectTooLarge(answer: Answer) {
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.body) as { code: string; message: string };
    expect(body.code).toBe('payload_too_large');
    expect(body.message.length).toBeGreaterThan(0);
  }

  it.each([
    ['10 MB with a Content-Length', 10 * MB, false],
    ['60 MB with a Content-Length', 60 * MB, false],
    ['10 MB chunked', 10 * MB, true],
    ['60 MB chunked', 60 * MB, true],
  ])('answers 413 payload_too_large to a new dream of %s', async (_name, size, isChunked) => {
    const answer = await postLarge(t.url, '/api/v1/dreams', user.headers, size, { isChunked });
    expectTooLarge(answer);
    expect(answer.writeError).toBeUndefined();
  });

  it.each([
    ['10 MB', 10 * MB, false],
    ['60 MB chunked', 60 * MB, true],
  ])('answers 413 payload_too_large in GoTrue’s shape to a sign-up of %s', async (_name, size, isChunked) => {
    const answer = await postLarge(t.url, '/auth/v1/signup', { apikey: anonKey }, size, { isChunked });
    expectTooLarge(answer);
    expect(answer.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(answer.writeError).toBeUndefined();
  });

  it('answers 413 payload_too_large to an import of 60 MB', async () => {
    const answer = await postLarge(t.url, '/api/v1/me/import', user.headers, 60 * MB);
    expectTooLarge(answer);
    expect(answer.writeError).toBeUndefined();
  });

  it('answers 401 to a large body sent without a token, and reads it to its end', async () => {
    const answer = await postLarge(t.url, '/api/v1/dreams', {}, 10 * MB);
    expect(answer.status).toBe(401);
    expect(answer.writeError).toBeUndefined();
  });

  it('stops reading and closes the connection when a client goes on past the bound', async () => {
    const size = 3 * DRAIN_LIMITS.maxBytes;
    const answer = await postLarge(t.url, '/api/v1/dreams', user.headers, size, { isChunked: true });
    expectTooLarge(answer);
    expect(answer.writeError).toBeDefined();
    // The limit read before the 413, the drain's bound, and what the sockets' buffers held when it closed.
    expect(answer.sent).toBeLessThan(DRAIN_LIMITS.maxBytes + 32 * MB);
  });

  it('keeps serving after all that, and still refuses NUL in a header before any route runs', async () => {
    const health = await fetch(`${t.url}/api/v1/health`);
    expect(health.status).toBe(200);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(t.url).port), '127.0.0.1', () => {
        socket.write(
          `POST /api/v1/dreams HTTP/1.1\r\nHost: x\r\nAuthorization: ${user.headers.authorization}\r\n` +
            'Idempotency-Key: abc\u0000defghij\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 400')).toBe(true);
  });
});
