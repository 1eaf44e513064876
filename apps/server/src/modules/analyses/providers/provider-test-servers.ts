// Local stand-ins for the OpenAI and Anthropic HTTP APIs, speaking their real wire formats (SSE framing, event
// names, chunk objects, error bodies), so the providers are tested through the official SDKs end to end.
// Test-only: imported by *.provider.test.ts, never by the app.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import type { ProviderRequest } from './provider.ts';

interface RecordedRequest<Body = unknown> {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when there was none), typed by the test that reads it, as `inject().json<T>()` is. */
  body: Body;
  /** Resolves when the client hung up before the response was complete (abort, timeout). */
  clientGone: Promise<void>;
}

/** Answers one request; the n-th request gets the n-th handler. */
export type Handler = (res: ServerResponse, req: RecordedRequest) => void | Promise<void>;

export interface TestServer<Body = unknown> {
  /** http://127.0.0.1:PORT (no path). */
  origin: string;
  requests: RecordedRequest<Body>[];
  close(): Promise<void>;
}

export async function startTestServer<Body = unknown>(handlers: Handler[]): Promise<TestServer<Body>> {
  const requests: RecordedRequest<Body>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest<Body> = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: (text ? JSON.parse(text) : null) as Body,
        clientGone: new Promise((resolve) => res.on('close', () => !res.writableFinished && resolve())),
      };
      const handler = handlers[requests.length];
      requests.push(recorded);
      if (!handler) {
        // More requests than the test planned (an SDK retry, an extra repair): make it loud.
        res.writeHead(418, { 'content-type': 'application/json' }).end('{"error":{"message":"unexpected request"}}');
        return;
      }
      void handler(res, recorded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging handlers keep sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- stream plumbing ------------------------------------------------------------------------------------------

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What happens after the last event: `end` closes the response cleanly, `destroy` drops the connection (as a
 * crashing proxy does), `hang` keeps it open and silent forever.
 */
export type StreamEnding = 'end' | 'destroy' | 'hang';

/**
 * Writes SSE frames the way a real server's TCP writes arrive: sometimes two frames in one write, sometimes a
 * frame cut in half, with a turn of the event loop in between so the client reads them separately.
 */
export function sseHandler(
  frames: string[],
  ending: StreamEnding = 'end',
  headers: Record<string, string> = {},
): Handler {
  return async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...headers });
    const wire = frames.join('');
    // Write sizes cycle through these; the odd numbers keep cutting frames (and UTF-8 sequences) at new places.
    const sizes = [61, 411, 7, 230, 1024, 19];
    let offset = 0;
    const bytes = Buffer.from(wire, 'utf8');
    for (let i = 0; offset < bytes.length; i++) {
      if (res.destroyed) return;
      const size = sizeAt(sizes, i);
      res.write(bytes.subarray(offset, offset + size));
      offset += size;
      await tick();
    }
    if (ending === 'end') res.end();
    else if (ending === 'destroy') res.destroy();
  };
}

/** The i-th of sizes that cycle; 1 if there are none, so a loop over them always advances. */
function sizeAt(sizes: readonly number[], i: number): number {
  return sizes[i % sizes.length] ?? 1;
}

/** A server that accepts the request and never sends a byte back. */
export const silentHandler: Handler = () => {};

export const sseFrame = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/**
 * Cuts text into the uneven pieces a model's tokens make, including 1-character pieces so that escapes
 * (`\"`, `\n`, `\u00e7`) and surrogate pairs land across piece boundaries.
 */
export function splitAwkwardly(text: string, sizes: readonly number[] = [3, 1, 7, 2, 1, 11, 4, 1, 5]): string[] {
  const pieces: string[] = [];
  for (let offset = 0, i = 0; offset < text.length; i++) {
    const size = sizeAt(sizes, i);
    pieces.push(text.slice(offset, offset + size));
    offset += size;
  }
  return pieces;
}

// --- a sample request and answer ------------------------------------------------------------------------------

export const SAMPLE_REQUEST: ProviderRequest = {
  dream: {
    title: 'Ponte de vidro',
    content: 'Eu atravessava uma ponte de vidro sobre o mar, à noite. Alguém gritava "volta!" e eu não sabia quem era.',
    notes: null,
    dreamtOn: '2025-03-02',
    emotions: ['medo'],
    mood: 2,
    lucidity: 0,
    vividness: 5,
    isNightmare: false,
    isRecurring: false,
  },
  language: 'pt-BR',
  history: { symbolCounts: { mar: 2 }, dreamCount: 7 },
};

export const SAMPLE_RESULT: AnalysisResult = {
  summary: 'Você atravessava uma ponte de vidro sobre o mar à noite 🌙 e ouvia alguém chamar "volta!".',
  themes: [{ name: 'Travessia', description: 'A ponte marca uma passagem entre duas margens da vida.' }],
  symbols: [
    { symbol: 'Ponte de vidro', meaning: 'Pode evocar uma transição que parece frágil, mas sustenta.' },
    { symbol: 'Mar', meaning: 'Talvez espelhe emoções amplas e difíceis de medir.' },
  ],
  emotions: [
    { emotion: 'medo', intensity: 0.6 },
    { emotion: 'confusão', intensity: 0.3 },
  ],
  characters: ['uma voz conhecida'],
  settings: ['ponte sobre o mar', 'noite'],
  dreamType: 'vívido',
  interpretation:
    'Talvez a ponte fale de uma mudança em curso (casa/trabalho): algo que você atravessa sem ver bem o chão.\n\nA voz que diz "volta!" pode ser uma parte sua que hesita — ou um cuidado antigo.\\ Só você sabe qual leitura ressoa.',
  reflectionQuestions: ['Que travessia você vive agora?', 'De quem poderia ser aquela voz?'],
  luciditySignals: [],
  sentiment: -0.2,
  distress: false,
};

/**
 * The sample as a model writes it: valid JSON, but with the escapes that stress a streaming decoder — \uXXXX for
 * accented letters, a surrogate pair for the emoji, `\/`, besides the \n, \" and \\ that JSON.stringify emits.
 */
export function sampleWireJson(result: AnalysisResult = SAMPLE_RESULT): string {
  return JSON.stringify(result)
    .replaceAll('ç', '\\u00e7')
    .replaceAll('ã', '\\u00e3')
    .replaceAll('🌙', '\\ud83c\\udf19')
    .replaceAll('/', '\\/');
}

// --- OpenAI chat.completions ----------------------------------------------------------------------------------

const OPENAI_ID = 'chatcmpl-test0001';

function openAiChunk(delta: Record<string, unknown>, finishReason: string | null, model: string) {
  return {
    id: OPENAI_ID,
    object: 'chat.completion.chunk',
    created: 1_735_689_600,
    model,
    system_fingerprint: 'fp_test',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

export interface OpenAiStreamOptions {
  model?: string;
  /** null: the stream stops before any finish_reason (truncated). */
  finishReason?: string | null;
  /** Send `data: [DONE]` at the end (real servers do); off for truncated streams. */
  done?: boolean;
  ending?: StreamEnding;
  /** The model refuses: refusal deltas instead of content. */
  refusal?: string;
}

/** The SSE frames of a streamed chat completion whose message content is `content`, cut into `pieces`. */
export function openAiFrames(pieces: string[], options: OpenAiStreamOptions = {}): string[] {
  const model = options.model ?? 'test-model';
  const finishReason = options.finishReason === undefined ? 'stop' : options.finishReason;
  const frames = [sseFrame(openAiChunk({ role: 'assistant', content: '', refusal: null }, null, model))];
  if (options.refusal !== undefined) {
    for (const piece of splitAwkwardly(options.refusal)) {
      frames.push(sseFrame(openAiChunk({ refusal: piece }, null, model)));
    }
  }
  for (const piece of pieces) frames.push(sseFrame(openAiChunk({ content: piece }, null, model)));
  if (finishReason !== null) frames.push(sseFrame(openAiChunk({}, finishReason, model)));
  if (options.done ?? finishReason !== null) frames.push(sseFrame('[DONE]'));
  return frames;
}

export function openAiStream(content: string, options: OpenAiStreamOptions = {}): Handler {
  return sseHandler(openAiFrames(splitAwkwardly(content), options), options.ending ?? 'end');
}

/** An OpenAI JSON error answer, e.g. 429 rate_limit_exceeded. */
export function openAiError(status: number, message: string, type: string, code: string | null = null): Handler {
  return (res) => {
    res
      .writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_test' })
      .end(JSON.stringify({ error: { message, type, param: null, code } }));
  };
}

// --- Anthropic Messages ---------------------------------------------------------------------------------------

export interface AnthropicStreamOptions {
  model?: string;
  toolName?: string;
  /** null: the stream stops before message_delta (truncated). */
  stopReason?: string | null;
  ending?: StreamEnding;
}

/** The SSE frames of a streamed message whose only content block is a tool_use with `pieces` as partial_json. */
export function anthropicFrames(pieces: string[], options: AnthropicStreamOptions = {}): string[] {
  const model = options.model ?? 'claude-test';
  const stopReason = options.stopReason === undefined ? 'tool_use' : options.stopReason;
  const frames = [
    sseFrame(
      {
        type: 'message_start',
        message: {
          id: 'msg_test0001',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 812, output_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
      'message_start',
    ),
  ];
  if (stopReason !== 'refusal') {
    frames.push(
      sseFrame(
        {
          type: 'content_block_start',
          index: 0,
          content_block: {
            type: 'tool_use',
            id: 'toolu_test0001',
            name: options.toolName ?? 'record_dream_analysis',
            input: {},
          },
        },
        'content_block_start',
      ),
      sseFrame({ type: 'ping' }, 'ping'),
    );
    // The API opens every tool input with an empty partial_json.
    for (const piece of ['', ...pieces]) {
      const delta = { type: 'input_json_delta', partial_json: piece };
      frames.push(sseFrame({ type: 'content_block_delta', index: 0, delta }, 'content_block_delta'));
    }
    if (stopReason !== null) frames.push(sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'));
  }
  if (stopReason !== null) {
    frames.push(
      sseFrame(
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 420 },
        },
        'message_delta',
      ),
      sseFrame({ type: 'message_stop' }, 'message_stop'),
    );
  }
  return frames;
}

export function anthropicStream(toolInputJson: string, options: AnthropicStreamOptions = {}): Handler {
  return sseHandler(anthropicFrames(splitAwkwardly(toolInputJson), options), options.ending ?? 'end', {
    'request-id': 'req_test0001',
  });
}

/** An Anthropic JSON error answer, e.g. 429 rate_limit_error, 529 overloaded_error. */
export function anthropicError(status: number, type: string, message: string): Handler {
  return (res) => {
    res
      .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test0001' })
      .end(JSON.stringify({ type: 'error', error: { type, message } }));
  };
}

/** The SSE frames of a streamed message whose only content block is text (the chat's answers), cut into `pieces`. */
function anthropicTextFrames(pieces: string[], options: { model?: string; stopReason?: string | null } = {}) {
  const stopReason = options.stopReason === undefined ? 'end_turn' : options.stopReason;
  const frames = [
    sseFrame(
      {
        type: 'message_start',
        message: {
          id: 'msg_test0002',
          type: 'message',
          role: 'assistant',
          model: options.model ?? 'claude-test',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 512, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
      'message_start',
    ),
    sseFrame(
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      'content_block_start',
    ),
    sseFrame({ type: 'ping' }, 'ping'),
  ];
  for (const piece of pieces) {
    const delta = { type: 'text_delta', text: piece };
    frames.push(sseFrame({ type: 'content_block_delta', index: 0, delta }, 'content_block_delta'));
  }
  if (stopReason !== null) {
    frames.push(
      sseFrame({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
      sseFrame(
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: 96 },
        },
        'message_delta',
      ),
      sseFrame({ type: 'message_stop' }, 'message_stop'),
    );
  }
  return frames;
}

export function anthropicTextStream(text: string, options: { model?: string; stopReason?: string | null } = {}) {
  return sseHandler(anthropicTextFrames(splitAwkwardly(text), options), 'end', { 'request-id': 'req_test0002' });
}
