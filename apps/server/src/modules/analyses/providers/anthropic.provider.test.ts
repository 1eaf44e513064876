import { afterEach, assert, describe, expect, it } from 'vitest';
import type { StreamedField } from '@sonhario/contracts/analyses';
import { ConfigError, envSchema } from '../../../config.ts';
import {
  ANTHROPIC_JSON_MAX_TOKENS,
  createAnthropicVendor,
  type AnthropicVendorOptions,
} from '../../ai/anthropic.vendor.ts';
import { ProviderError } from '../../ai/provider-error.ts';
import { createAnalysisProvider } from './create-provider.ts';
import { ANALYSIS_SHAPE, createGenerativeAnalysisProvider } from './generative.provider.ts';
import { analysisJsonSchema } from './prompt.ts';
import {
  SAMPLE_REQUEST,
  SAMPLE_RESULT,
  anthropicError,
  anthropicFrames,
  anthropicStream,
  sampleWireJson,
  silentHandler,
  splitAwkwardly,
  sseFrame,
  sseHandler,
  startTestServer,
  type Handler,
  type TestServer,
} from './provider-test-servers.ts';

/** The messages request as the provider sends it: the parts these tests read (content: text or content blocks). */
interface SentMessages {
  model: string;
  system: string;
  tools: unknown[];
  messages: { role: string; content: string | { type: string; content?: string }[] }[];
}

/** The analysis over the Anthropic vendor, as AI_PROVIDER=anthropic builds it. */
const createAnthropicProvider = (options: AnthropicVendorOptions) =>
  createGenerativeAnalysisProvider(createAnthropicVendor(options), { timeoutMs: options.timeoutMs });

let server: TestServer<SentMessages> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Delta = { field: StreamedField; text: string };

async function run(
  handlers: Handler[],
  {
    timeoutMs = 5_000,
    onDelta,
  }: { timeoutMs?: number; onDelta?: (delta: Delta, controller: AbortController) => void } = {},
) {
  server = await startTestServer<SentMessages>(handlers);
  const provider = createAnthropicProvider({
    baseUrl: server.origin,
    apiKey: 'sk-ant-test',
    model: 'claude-test',
    timeoutMs,
  });
  const controller = new AbortController();
  const deltas: Delta[] = [];
  const outcome = provider.analyze(SAMPLE_REQUEST, {
    signal: controller.signal,
    onDelta: (field, text) => {
      deltas.push({ field, text });
      onDelta?.({ field, text }, controller);
    },
  });
  return { outcome, deltas, requests: server.requests, controller };
}

async function failureOf(outcome: Promise<unknown>): Promise<ProviderError> {
  const error = await outcome.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const joined = (deltas: Delta[], field: StreamedField) =>
  deltas
    .filter((delta) => delta.field === field)
    .map((delta) => delta.text)
    .join('');

const wire = sampleWireJson();

describe('createAnthropicProvider', () => {
  it('describes itself', () => {
    const provider = createAnthropicProvider({ apiKey: 'k', model: 'claude-test', timeoutMs: 1_000 });
    expect(provider).toMatchObject({ id: 'anthropic', model: 'claude-test', isGenerative: true });
  });

  it('streams the tool input: deltas in order, concatenating to the final text', async () => {
    const { outcome, deltas, requests } = await run([anthropicStream(wire)]);
    const result = await outcome;
    expect(result).toEqual(SAMPLE_RESULT);

    expect(joined(deltas, 'summary')).toBe(result.summary);
    expect(joined(deltas, 'interpretation')).toBe(result.interpretation);
    expect(deltas.filter((delta) => delta.field === 'interpretation').length).toBeGreaterThan(5);
    const fields = deltas.map((delta) => delta.field);
    expect(fields.lastIndexOf('summary')).toBeLessThan(fields.indexOf('interpretation'));
    expect(requests).toHaveLength(1);
  });

  it('sends a streamed message forcing the analysis tool, with the language and the delimited dream', async () => {
    const { outcome, requests } = await run([anthropicStream(wire)]);
    await outcome;
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    const credential = request!.headers['x-api-key'] ?? request!.headers.authorization;
    expect(credential).toMatch(/^(Bearer )?sk-ant-test$/);
    expect(request!.headers['anthropic-version']).toBeTruthy();
    expect(request!.body).toMatchObject({
      model: 'claude-test',
      stream: true,
      max_tokens: ANTHROPIC_JSON_MAX_TOKENS,
      tools: [{ name: ANALYSIS_SHAPE.name, input_schema: analysisJsonSchema }],
      tool_choice: { type: 'tool', name: ANALYSIS_SHAPE.name },
    });
    expect(request!.body.tools).toHaveLength(1);
    expect(request!.body.system).toContain('Write every text of the analysis in Brazilian Portuguese (pt-BR).');
    const [user] = request!.body.messages;
    expect(user!.role).toBe('user');
    const text = user!.content;
    assert(typeof text === 'string', 'the dream goes as a text message');
    const record = text.slice(text.indexOf('<dream_record>'), text.indexOf('</dream_record>'));
    expect(record).toContain(JSON.stringify(SAMPLE_REQUEST.dream.content));
    expect(text.split(JSON.stringify(SAMPLE_REQUEST.dream.content).slice(1, -1))).toHaveLength(2);
  });

  it('answers in English when asked', async () => {
    server = await startTestServer([anthropicStream(wire)]);
    const provider = createAnthropicProvider({ baseUrl: server.origin, apiKey: 'k', model: 'm', timeoutMs: 5_000 });
    await provider.analyze(
      { ...SAMPLE_REQUEST, language: 'en' },
      { signal: new AbortController().signal, onDelta: () => {} },
    );
    expect(server.requests[0]!.body.system).toContain('Write every text of the analysis in English (en).');
  });

  it('maps HTTP 429 to rate_limited, without retrying', async () => {
    const { outcome, requests } = await run([
      anthropicError(429, 'rate_limit_error', 'Number of request tokens has exceeded your rate limit'),
    ]);
    expect((await failureOf(outcome)).failure).toBe('rate_limited');
    expect(requests).toHaveLength(1);
  });

  it('maps HTTP 529 overloaded to rate_limited, without retrying', async () => {
    const { outcome, requests } = await run([anthropicError(529, 'overloaded_error', 'Overloaded')]);
    expect((await failureOf(outcome)).failure).toBe('rate_limited');
    expect(requests).toHaveLength(1);
  });

  it('maps an overloaded error event inside the stream to rate_limited', async () => {
    const frames = [
      ...anthropicFrames(splitAwkwardly(wire.slice(0, 50)), { stopReason: null }),
      sseFrame({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error'),
    ];
    const { outcome } = await run([sseHandler(frames)]);
    expect((await failureOf(outcome)).failure).toBe('rate_limited');
  });

  it('maps HTTP 500 to failed, without retrying', async () => {
    const { outcome, requests } = await run([anthropicError(500, 'api_error', 'Internal server error')]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('failed');
    expect(error.message).toContain('500');
    expect(requests).toHaveLength(1);
  });

  it('times out a stream that never finishes, for the whole call', async () => {
    // The first frames must arrive before the deadline even on a loaded machine; then the stream hangs.
    const frames = anthropicFrames(splitAwkwardly(wire.slice(0, 120)), { stopReason: null });
    const started = Date.now();
    const { outcome, deltas, requests } = await run([sseHandler(frames, 'hang')], { timeoutMs: 1_000 });
    expect((await failureOf(outcome)).failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(deltas.length).toBeGreaterThan(0);
    await requests[0]!.clientGone;
  });

  it('times out a server that never answers', async () => {
    const { outcome } = await run([silentHandler], { timeoutMs: 200 });
    expect((await failureOf(outcome)).failure).toBe('timeout');
  });

  it('classifies a connection dropped mid-JSON as failed, without repair', async () => {
    const frames = anthropicFrames(splitAwkwardly(wire.slice(0, 300)), { stopReason: null });
    const { outcome, deltas, requests } = await run([sseHandler(frames, 'destroy')]);
    expect((await failureOf(outcome)).failure).toBe('failed');
    expect(joined(deltas, 'summary').length).toBeGreaterThan(0);
    expect(requests).toHaveLength(1);
  });

  it('classifies a stream closed cleanly before message_stop as failed', async () => {
    const { outcome, requests } = await run([anthropicStream(wire.slice(0, 300), { stopReason: null })]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('failed');
    expect(error.message).toMatch(/ended before the answer was complete/);
    expect(requests).toHaveLength(1);
  });

  it('classifies stop_reason max_tokens as invalid_output, without repair', async () => {
    const { outcome, requests } = await run([anthropicStream(wire.slice(0, 300), { stopReason: 'max_tokens' })]);
    expect((await failureOf(outcome)).failure).toBe('invalid_output');
    expect(requests).toHaveLength(1);
  });

  it('repairs invalid JSON once, showing the model its answer as text', async () => {
    const bad = wire.slice(0, 260) + '"]}';
    const { outcome, deltas, requests } = await run([anthropicStream(bad), anthropicStream(wire)]);
    expect(await outcome).toEqual(SAMPLE_RESULT);
    expect(requests).toHaveLength(2);
    const messages = requests[1]!.body.messages;
    expect(messages[0]).toEqual(requests[0]!.body.messages[0]);
    expect(messages[1]).toEqual({ role: 'assistant', content: bad });
    expect(messages[2]!.role).toBe('user');
    expect(messages[2]!.content).toContain('not valid JSON');
    expect(requests[1]!.body).toMatchObject({ stream: true, tool_choice: { type: 'tool', name: ANALYSIS_SHAPE.name } });
    // Only the first answer was streamed: the repair does not append a second copy.
    expect(joined(deltas, 'summary')).toBe(SAMPLE_RESULT.summary);
    expect(joined(deltas, 'interpretation')).toBe('');
  });

  it('repairs a schema failure through an error tool_result on the tool call as made', async () => {
    const badInput = { ...SAMPLE_RESULT, dreamType: 'lucid', emotions: [{ emotion: 'joy', intensity: 0.5 }] };
    const { outcome, requests } = await run([anthropicStream(JSON.stringify(badInput)), anthropicStream(wire)]);
    expect(await outcome).toEqual(SAMPLE_RESULT);
    const [, assistant, user] = requests[1]!.body.messages;
    expect(assistant).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_test0001', name: ANALYSIS_SHAPE.name, input: badInput }],
    });
    expect(user!.role).toBe('user');
    const blocks = user!.content;
    assert(Array.isArray(blocks), 'a tool_result goes as content blocks');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_test0001', is_error: true });
    expect(blocks[0]!.content).toContain('dreamType: must be one of');
    expect(blocks[0]!.content).toContain('emotions[0].emotion: must be one of');
  });

  it('gives up with invalid_output after one failed repair', async () => {
    const { outcome, requests } = await run([
      anthropicStream('{"summary": "x"'),
      anthropicStream(JSON.stringify({ ...SAMPLE_RESULT, sentiment: 3 })),
    ]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('invalid_output');
    expect(error.message).toContain('sentiment');
    expect(requests).toHaveLength(2);
  });

  it('maps stop_reason refusal to refused', async () => {
    const { outcome, requests } = await run([anthropicStream('', { stopReason: 'refusal' })]);
    expect((await failureOf(outcome)).failure).toBe('refused');
    expect(requests).toHaveLength(1);
  });

  it('stops when the signal aborts mid-stream, and hangs up', async () => {
    const frames = anthropicFrames(splitAwkwardly(wire.slice(0, 200)), { stopReason: null });
    const { outcome, requests } = await run([sseHandler(frames, 'hang')], {
      onDelta: (_delta, controller) => controller.abort(),
    });
    expect((await failureOf(outcome)).failure).toBe('aborted');
    await requests[0]!.clientGone;
  });

  it('does not call the API when the signal is already aborted', async () => {
    server = await startTestServer([anthropicStream(wire)]);
    const provider = createAnthropicProvider({ baseUrl: server.origin, apiKey: 'k', model: 'm', timeoutMs: 1_000 });
    const error = await failureOf(provider.analyze(SAMPLE_REQUEST, { signal: AbortSignal.abort(), onDelta: () => {} }));
    expect(error.failure).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });
});

describe('createAnalysisProvider (anthropic)', () => {
  const env = (values: Record<string, string>) => envSchema.parse(values);

  it('requires AI_API_KEY and AI_MODEL, naming both', () => {
    let error: unknown;
    try {
      createAnalysisProvider(env({ AI_PROVIDER: 'anthropic' }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      'AI_API_KEY: required when AI_PROVIDER=anthropic',
      'AI_MODEL: required when AI_PROVIDER=anthropic',
    ]);
    expect(() => createAnalysisProvider(env({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-test' }))).toThrow(
      /AI_API_KEY/,
    );
  });

  it('builds a provider that talks to AI_BASE_URL', async () => {
    server = await startTestServer([anthropicStream(wire)]);
    const provider = createAnalysisProvider(
      env({ AI_PROVIDER: 'anthropic', AI_BASE_URL: server.origin, AI_API_KEY: 'sk-ant-x', AI_MODEL: 'claude-test' }),
    );
    expect(provider).toMatchObject({ id: 'anthropic', model: 'claude-test', isGenerative: true });
    expect(await provider.analyze(SAMPLE_REQUEST, { signal: new AbortController().signal, onDelta: () => {} })).toEqual(
      SAMPLE_RESULT,
    );
    expect(server.requests[0]!.body.model).toBe('claude-test');
  });
});
