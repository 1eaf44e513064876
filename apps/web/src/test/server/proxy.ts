import {
  createServer,
  request as forward,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The thin layer between the app under test and the real server, for what a real server cannot do on demand: hold a
 * request in flight, lose a connection (before the server sees the request, or after it acted), stall an event
 * stream midway or cut it. It never answers by itself: every answer the app reads is the real server's. It also
 * records what the app sent, so tests can check the request (its body, headers, how many).
 */
interface RecordedRequest {
  method: string;
  /** The whole path (`/api/v1/dreams`, `/auth/v1/token`). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
}

type Action =
  | { kind: 'hold'; onArrival: (release: () => void) => void }
  | { kind: 'drop'; when: 'before' | 'after' }
  | { kind: 'down' }
  | { kind: 'stall'; onStall: (release: () => void) => void }
  | { kind: 'cut'; afterDeltas: number };

interface Rule {
  method: string;
  pattern: string;
  action: Action;
  isOnce: boolean;
}

export type Upstream = 'main' | 'generative';

export interface TestProxy {
  url: string;
  requests: RecordedRequest[];
  /** Where requests go: the main instance, or the other one (generative provider, e-mail confirmation on). */
  upstream: Upstream;
  /** The requests to `METHOD pattern`: `/dreams/:id` is under /api/v1, `/auth/v1/…` is taken as is. */
  requestsTo(method: string, pattern: string): RecordedRequest[];
  /** Holds the next matching request; resolves, once it arrived, to a function that lets it through. */
  hold(method: string, pattern: string): Promise<() => void>;
  /**
   * Loses the next matching request's connection: `before` the server sees it (nothing done), or `after` the
   * server answered (done, but the answer never arrives), as on a phone losing its signal.
   */
  drop(method: string, pattern: string, when: 'before' | 'after'): void;
  /** Every matching request fails (connection lost) until the returned function is called. */
  down(method: string, pattern: string): () => void;
  /** The next matching event stream stops after its first `delta` event; resolves to its release once there. */
  stallStream(method: string, pattern: string): Promise<() => void>;
  /** The next matching event stream's connection dies after `afterDeltas` delta events. */
  cutStream(method: string, pattern: string, afterDeltas: number): void;
  /** Lets every request or stream a test held go on (to the server, and its answer to the client). */
  releaseHeld(): void;
  reset(): void;
  close(): Promise<void>;
}

const segmentsMatch = (pattern: string, path: string) => {
  const expected = pattern.split('/');
  const actual = path.split('/');
  return expected.length === actual.length && expected.every((part, i) => part.startsWith(':') || part === actual[i]);
};

const fullPattern = (pattern: string) => (pattern.startsWith('/auth/') ? pattern : `/api/v1${pattern}`);

export async function startProxy(targets: Record<Upstream, string>): Promise<TestProxy> {
  const requests: RecordedRequest[] = [];
  const rules: Rule[] = [];
  const pendingReleases: (() => void)[] = [];
  let upstream: Upstream = 'main';

  const take = (method: string, path: string): Action | undefined => {
    const rule = rules.find((candidate) => candidate.method === method && segmentsMatch(candidate.pattern, path));
    if (rule?.isOnce) rules.splice(rules.indexOf(rule), 1);
    return rule?.action;
  };

  function waitForRelease(register: (release: () => void) => void): Promise<void> {
    return new Promise<void>((resolve) => {
      pendingReleases.push(resolve);
      register(resolve);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    // Cut by a reset while it arrived: a request of the previous test, recorded nowhere.
    if (req.socket.destroyed) return;
    const text = raw.toString('utf8');
    let body: unknown = text || undefined;
    if (text && (req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        // Sent as is (a file that is not JSON): recorded as text.
      }
    }
    const method = req.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
      ),
      body,
    });

    const action = take(method, url.pathname);
    if (action?.kind === 'drop' && action.when === 'before') return void req.socket.destroy();
    if (action?.kind === 'down') return void req.socket.destroy();
    if (action?.kind === 'hold') await waitForRelease(action.onArrival);
    if (res.destroyed) return;

    const target = new URL(targets[upstream]);
    const headers: OutgoingHttpHeaders = { ...req.headers, host: target.host };
    const out = forward({
      hostname: target.hostname,
      port: target.port,
      method,
      path: req.url,
      headers,
    });
    // The app went away (a cancelled stream): so does the request to the server, which then sees it gone.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    out.on('error', () => res.destroy());
    out.on('response', (answer) => {
      if (action?.kind === 'drop') {
        // The server acted and answered; the answer is lost on its way back.
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      const isStream = (answer.headers['content-type'] ?? '').startsWith('text/event-stream');
      if (!isStream || (action?.kind !== 'stall' && action?.kind !== 'cut')) {
        answer.pipe(res);
        return;
      }
      void relayStream(answer, res, req, action);
    });
    out.end(raw);
  }

  /** Passes an event stream on frame by frame, stalling or cutting it after its delta events. */
  async function relayStream(
    answer: IncomingMessage,
    res: ServerResponse,
    req: IncomingMessage,
    action: Extract<Action, { kind: 'stall' | 'cut' }>,
  ) {
    let buffer = '';
    let deltas = 0;
    let hasStalled = false;
    answer.setEncoding('utf8');
    for await (const chunk of answer) {
      buffer += chunk as string;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frame = buffer.slice(0, end + 2);
        buffer = buffer.slice(end + 2);
        if (res.destroyed) return;
        res.write(frame);
        if (!/^event: delta$/m.test(frame)) continue;
        deltas += 1;
        if (action.kind === 'cut' && deltas >= action.afterDeltas) {
          answer.destroy();
          req.socket.destroy();
          return;
        }
        if (action.kind === 'stall' && !hasStalled) {
          hasStalled = true;
          await waitForRelease(action.onStall);
        }
      }
    }
    if (buffer && !res.destroyed) res.write(buffer);
    res.end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  // As the control server (global-setup.ts): idle connections are the client's to close, so none dies under a request.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const addRule = (method: string, pattern: string, action: Action, isOnce = true) =>
    rules.push({ method, pattern: fullPattern(pattern), action, isOnce });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get upstream() {
      return upstream;
    },
    set upstream(value: Upstream) {
      upstream = value;
    },
    requestsTo(method, pattern) {
      const full = fullPattern(pattern);
      return requests.filter((request) => request.method === method && segmentsMatch(full, request.path));
    },
    hold(method, pattern) {
      return new Promise((onArrival) => addRule(method, pattern, { kind: 'hold', onArrival }));
    },
    drop(method, pattern, when) {
      addRule(method, pattern, { kind: 'drop', when });
    },
    down(method, pattern) {
      const rule: Rule = { method, pattern: fullPattern(pattern), action: { kind: 'down' }, isOnce: false };
      rules.push(rule);
      return () => {
        if (rules.includes(rule)) rules.splice(rules.indexOf(rule), 1);
      };
    },
    stallStream(method, pattern) {
      return new Promise((onStall) => addRule(method, pattern, { kind: 'stall', onStall }));
    },
    cutStream(method, pattern, afterDeltas) {
      addRule(method, pattern, { kind: 'cut', afterDeltas });
    },
    releaseHeld() {
      for (const release of pendingReleases.splice(0)) release();
    },
    reset() {
      rules.length = 0;
      requests.length = 0;
      upstream = 'main';
      // A request or stream a test left held goes on now, to a client long gone.
      for (const release of pendingReleases.splice(0)) release();
      // What the previous test's app still had in flight ends here, so it is not counted in the next test.
      server.closeAllConnections();
    },
    close: () =>
      new Promise((resolve) => {
        for (const release of pendingReleases.splice(0)) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
