import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Session } from '@supabase/supabase-js';

/**
 * A scripted HTTP server speaking the auth API's wire format (AUTH-CONTRACT.md), for component tests that
 * need a request in flight or a specific answer. supabase-js itself is real: it builds the requests,
 * parses the answers and raises the events, exactly as in the browser. The real server is exercised by
 * the browser journeys in e2e/auth.e2e.ts.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

type Reply = { status: number; body?: unknown };
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface AuthTestServer {
  url: string;
  requests: RecordedRequest[];
  /** Answers `METHOD /auth/v1/<path>` with the handler (latest registration wins). */
  on(method: string, path: string, handler: Handler): void;
  /** Holds the next matching request until the returned function is called with its answer. */
  hold(method: string, path: string): Promise<(reply: Reply) => void>;
  reset(): void;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<AuthTestServer> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/auth\/v1/, ''),
      query: url.searchParams,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    const reply = handler ? await handler(request) : { status: 404, body: { code: 'not_found', message: 'Not found' } };
    res.writeHead(reply.status, {
      'content-type': 'application/json',
      // Without it supabase-js does not read `code` from error bodies (AUTH-CONTRACT.md, Errors).
      'x-supabase-api-version': '2024-01-01',
    });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    hold(method, path) {
      return new Promise((resolveHold) => {
        handlers.set(`${method} ${path}`, () => new Promise<Reply>((release) => resolveHold(release)));
      });
    },
    reset() {
      handlers.clear();
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Points the app's runtime config at the server; call before the auth client is first loaded. */
export function useAuthServerInRuntimeConfig(url: string) {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]');
  if (!meta) throw new Error('test/setup.ts adds the runtime config meta tag');
  meta.content = JSON.stringify({ supabaseUrl: url, supabaseAnonKey: 'test-anon-key', productName: 'Sonhário' });
}

/** A session answer as /token returns it. */
export function sessionBody(session: Session) {
  return { ...session };
}

/**
 * One scripted auth server per test file, with the app's runtime config pointed at it; reset between tests
 * (recorded requests, handlers, the stored session, and the toast store, which outlives each render).
 */
export function useAuthTestServer(): AuthTestServer {
  let server: AuthTestServer | undefined;
  const current = () => {
    if (!server) throw new Error('the auth test server starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startAuthServer();
    useAuthServerInRuntimeConfig(server.url);
  });
  afterEach(() => {
    toast.dismiss();
    current().reset();
    localStorage.clear();
  });
  afterAll(() => current().close());
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    on: (method, path, handler) => current().on(method, path, handler),
    hold: (method, path) => current().hold(method, path),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}
