import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser } from '@/test/auth';
import { apiRequest, ApiError, downloadApi, streamApi } from './api-client';
import { queryClient } from './query-client';
import { forgetSessionData } from './session-data';

type Reply = (res: import('node:http').ServerResponse, body: string) => void;
let reply: Reply = (res) => res.end();
let seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      reply(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]')!.content = JSON.stringify({
    supabaseUrl: url,
    supabaseAnonKey: 'test-anon-key',
    apiUrl: url,
  });
});

afterEach(() => {
  seen = [];
  localStorage.clear();
  // Each test is a new person on this device.
  forgetSessionData();
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const signIn = () => localStorage.setItem('sb-127-auth-token', JSON.stringify(makeSession()));
const json =
  (status: number, body: unknown): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

describe('apiRequest', () => {
  it('sends JSON to /api/v1 with the session bearer token and parses the answer with the schema', async () => {
    signIn();
    reply = json(201, { id: 'x', extra: 'dropped' });
    const answer = await apiRequest('/dreams', {
      method: 'POST',
      query: { q: 'voar', tag: undefined, lucid: true, cursor: '' },
      body: { content: 'Sonho' },
      headers: { 'Idempotency-Key': 'draft-1' },
      schema: z.object({ id: z.string() }),
    });
    expect(answer).toEqual({ status: 201, data: { id: 'x' } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/dreams?q=voar&lucid=true',
      body: '{"content":"Sonho"}',
    });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer access-token',
      'content-type': 'application/json',
      'idempotency-key': 'draft-1',
    });
  });

  it("turns the server's error body into an ApiError with code, message and details", async () => {
    signIn();
    reply = json(400, {
      code: 'validation_failed',
      message: 'Escreva o seu sonho',
      details: [{ path: 'body.content', message: 'Escreva o seu sonho' }],
    });
    const error = await apiRequest('/dreams', { method: 'POST', body: {}, schema: z.unknown() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Escreva o seu sonho',
      details: [{ path: 'body.content' }],
    });
  });

  it('reports a lost connection as network_error', async () => {
    signIn();
    reply = (res) => res.socket?.destroy();
    const error = await apiRequest('/me/overview', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', isNetworkError: true });
  });

  it('reports an answer that does not match the contract, and a 5xx without a body', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    reply = json(200, { id: 42 });
    await expect(apiRequest('/x', { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    expect(consoleError).toHaveBeenCalledWith('Unexpected answer from GET /x:', expect.anything());
    consoleError.mockRestore();
    reply = (res) => res.writeHead(502).end('<html>Bad gateway</html>');
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 502,
      code: 'server_error',
    });
  });

  it('rejects with the abort, not a bad answer, when the caller cancels while the body is still coming', async () => {
    const consoleError = vi.spyOn(console, 'error');
    signIn();
    let bodyStarted!: () => void;
    const started = new Promise<void>((resolve) => (bodyStarted = resolve));
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
      bodyStarted();
      setTimeout(() => res.end('"late"}'), 300);
    };
    const controller = new AbortController();
    const request = apiRequest('/credits', { schema: z.object({ id: z.string() }), signal: controller.signal });
    await started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  describe("an answer landing after the user's data was forgotten (sign-out while it was on its way)", () => {
    /** Holds the server's answer until the test lets it go; resolves `arrived` when the request is there. */
    function heldReply(send: Reply) {
      let release!: () => void;
      let arrived!: () => void;
      const isThere = new Promise<void>((resolve) => (arrived = resolve));
      reply = (res, body) => {
        arrived();
        release = () => send(res, body);
      };
      return { isThere, release: () => release() };
    }

    it.each([
      ['a success, whose data must not reach the next user', json(200, { id: 'previous-user' })],
      ['a refusal, which must not end the next session', json(401, { code: 'bad_jwt', message: 'Token inválido' })],
    ])('refuses %s', async (_, send) => {
      signIn();
      const held = heldReply(send);
      const request = apiRequest('/me/profile', { method: 'PATCH', body: {}, schema: z.object({ id: z.string() }) });
      await held.isThere;
      queryClient.setQueryData(['me', 'profile'], { id: 'previous-user' });
      forgetSessionData();
      held.release();
      await expect(request).rejects.toMatchObject({ status: 0, code: 'session_changed' });
      expect(queryClient.getQueryData(['me', 'profile'])).toBeUndefined();
      // The 401 did not sign anyone out here: the session in storage (now the next user's) is still there.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(localStorage.getItem('sb-127-auth-token')).not.toBeNull();
    });

    it('refuses a file and an event stream too', async () => {
      signIn();
      let held = heldReply((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      const file = downloadApi('/account/export');
      await held.isThere;
      forgetSessionData();
      held.release();
      await expect(file).rejects.toMatchObject({ code: 'session_changed' });

      held = heldReply((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('event: delta\ndata: {"text":"a"}\n\n');
      });
      const events: unknown[] = [];
      const stream = streamApi('/chat', { schema: z.unknown(), onEvent: (event) => events.push(event) });
      await held.isThere;
      forgetSessionData();
      held.release();
      await expect(stream).rejects.toMatchObject({ code: 'session_changed' });
      expect(events).toEqual([]);
    });

    it("forgets the cached data of the previous user when a call goes out with another user's token", async () => {
      const session = (id: string) => makeSession(makeUser({ id }));
      localStorage.setItem('sb-127-auth-token', JSON.stringify(session('a0000000-0000-4000-8000-000000000001')));
      reply = json(200, { id: 'ana' });
      await apiRequest('/me/profile', { schema: z.object({ id: z.string() }) });
      queryClient.setQueryData(['me', 'profile'], { id: 'ana' });
      // Another call of the same user keeps it.
      await apiRequest('/me/profile', { schema: z.object({ id: z.string() }) });
      expect(queryClient.getQueryData(['me', 'profile'])).toEqual({ id: 'ana' });

      // Another user's session in storage (signed in from another tab): Ana's data goes before Bia's call is sent.
      localStorage.setItem('sb-127-auth-token', JSON.stringify(session('b0000000-0000-4000-8000-000000000002')));
      reply = json(200, { id: 'bia' });
      await expect(apiRequest('/me/profile', { schema: z.object({ id: z.string() }) })).resolves.toMatchObject({
        data: { id: 'bia' },
      });
      expect(queryClient.getQueryData(['me', 'profile'])).toBeUndefined();
    });

    it('sends nothing whose session was looked up across the forgetting', async () => {
      signIn();
      reply = json(200, { id: 'previous-user' });
      // 'Sair' while the session is being looked up: the forgetting comes before the lookup's first step settles.
      const calls = [
        apiRequest('/me/profile', { schema: z.object({ id: z.string() }) }),
        apiRequest('/dreams', { method: 'POST', body: { content: 'Um rio.' }, schema: z.unknown() }),
        downloadApi('/account/export'),
        streamApi('/chat', { schema: z.unknown(), onEvent: () => undefined }),
      ];
      forgetSessionData();
      for (const call of calls) await expect(call).rejects.toMatchObject({ status: 0, code: 'session_changed' });
      expect(seen).toHaveLength(0);
      // The session in storage is untouched, and the next call goes out with it.
      await expect(apiRequest('/me/profile', { schema: z.object({ id: z.string() }) })).resolves.toMatchObject({
        data: { id: 'previous-user' },
      });
    });

    it('lets an answer to a request sent after the forgetting through', async () => {
      signIn();
      forgetSessionData();
      reply = json(200, { id: 'next-user' });
      await expect(apiRequest('/me/profile', { schema: z.object({ id: z.string() }) })).resolves.toEqual({
        status: 200,
        data: { id: 'next-user' },
      });
    });
  });

  it('refuses to call without a session', async () => {
    await expect(apiRequest('/dreams', { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
      code: 'not_signed_in',
    });
    expect(seen).toHaveLength(0);
  });
});
