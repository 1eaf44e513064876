import { afterEach, describe, expect, it } from 'vitest';
import type { StreamedField } from '@sonhario/contracts/analyses';
import { ConfigError, envSchema } from '../../../config.ts';
import { createOpenAiVendor, type OpenAiVendorOptions } from '../../ai/openai.vendor.ts';
import { ProviderError } from '../../ai/provider-error.ts';
import { createAnalysisProvider } from './create-provider.ts';
import { ANALYSIS_SHAPE, createGenerativeAnalysisProvider } from './generative.provider.ts';
import { analysisJsonSchema } from './prompt.ts';
import {
  SAMPLE_REQUEST,
  SAMPLE_RESULT,
  openAiError,
  openAiFrames,
  openAiStream,
  sampleWireJson,
  silentHandler,
  splitAwkwardly,
  sseFrame,
  sseHandler,
  startTestServer,
  type Handler,
  type TestServer,
} from './provider-test-servers.ts';

/** The analysis over the OpenAI-compatible vendor, as AI_PROVIDER=openai builds it. */
const createOpenAiProvider = (options: OpenAiVendorOptions) =>
  createGenerativeAnalysisProvider(createOpenAiVendor(options), { timeoutMs: options.timeoutMs });

/** The chat-completion request as the provider sends it: the parts these tests read. */
interface SentChat {
  model: string;
  messages: { role: string; content: string }[];
}

let server: TestServer<SentChat> | undefined;
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
  server = await startTestServer<SentChat>(handlers);
  const provider = createOpenAiProvider({
    baseUrl: `${server.origin}/v1`,
    apiKey: 'sk-test',
    model: 'test-model',
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

describe('createOpenAiProvider', () => {
  it('describes itself', () => {
    const provider = createOpenAiProvider({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: 'k',
      model: 'llama3.1',
      timeoutMs: 1_000,
    });
    expect(provider).toMatchObject({ id: 'openai', model: 'llama3.1', isGenerative: true });
  });

  it('streams the analysis: deltas in order, concatenating to the final text', async () => {
    const { outcome, deltas, requests } = await run([openAiStream(wire)]);
    const result = await outcome;
    expect(result).toEqual(SAMPLE_RESULT);

    expect(joined(deltas, 'summary')).toBe(result.summary);
    expect(joined(deltas, 'interpretation')).toBe(result.interpretation);
    expect(deltas.filter((delta) => delta.field === 'summary').length).toBeGreaterThan(5);
    // summary comes first in the answer, so all its deltas precede the interpretation's.
    const fields = deltas.map((delta) => delta.field);
    expect(fields.lastIndexOf('summary')).toBeLessThan(fields.indexOf('interpretation'));
    expect(requests).toHaveLength(1);
  });

  it('sends a streamed chat completion with the strict schema, the language and the delimited dream', async () => {
    const { outcome, requests } = await run([openAiStream(wire)]);
    await outcome;
    const [request] = requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.body).toMatchObject({
      model: 'test-model',
      stream: true,
      response_format: {
        type: 'json_schema',
        json_schema: { name: ANALYSIS_SHAPE.name, strict: true, schema: analysisJsonSchema },
      },
    });
    const [system, user] = request!.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Write every text of the analysis in Brazilian Portuguese (pt-BR).');
    expect(user!.role).toBe('user');
    const text = user!.content;
    const record = text.slice(text.indexOf('<dream_record>'), text.indexOf('</dream_record>'));
    expect(record).toContain(JSON.stringify(SAMPLE_REQUEST.dream.content));
    expect(text.split(JSON.stringify(SAMPLE_REQUEST.dream.content).slice(1, -1))).toHaveLength(2);
  });

  it('maps HTTP 429 to rate_limited, without retrying', async () => {
    const { outcome, requests } = await run([
      openAiError(429, 'Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
    ]);
    expect((await failureOf(outcome)).failure).toBe('rate_limited');
    expect(requests).toHaveLength(1);
  });

  it('maps HTTP 500 to failed, without retrying', async () => {
    const { outcome, requests } = await run([openAiError(500, 'The server had an error', 'server_error')]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('failed');
    expect(error.message).toContain('500');
    expect(requests).toHaveLength(1);
  });

  it('maps an unreachable server to failed', async () => {
    const closed = await startTestServer([]);
    await closed.close();
    const provider = createOpenAiProvider({
      baseUrl: `${closed.origin}/v1`,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2_000,
    });
    const error = await failureOf(
      provider.analyze(SAMPLE_REQUEST, { signal: new AbortController().signal, onDelta: () => {} }),
    );
    expect(error.failure).toBe('failed');
  });

  it('maps an error event inside the stream to failed', async () => {
    const frames = [
      ...openAiFrames(splitAwkwardly(wire.slice(0, 40)), { finishReason: null }),
      sseFrame({ error: { message: 'overloaded', type: 'server_error' } }),
    ];
    const { outcome } = await run([sseHandler(frames)]);
    expect((await failureOf(outcome)).failure).toBe('failed');
  });

  it('times out a stream that never finishes, for the whole call', async () => {
    // The first frames must arrive before the deadline even on a loaded machine; then the stream hangs.
    const frames = openAiFrames(splitAwkwardly(wire.slice(0, 120)), { finishReason: null });
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
    const frames = openAiFrames(splitAwkwardly(wire.slice(0, 300)), { finishReason: null });
    const { outcome, deltas, requests } = await run([sseHandler(frames, 'destroy')]);
    expect((await failureOf(outcome)).failure).toBe('failed');
    expect(joined(deltas, 'summary').length).toBeGreaterThan(0);
    expect(requests).toHaveLength(1);
  });

  it('classifies a stream closed cleanly without finish_reason as failed', async () => {
    const { outcome, requests } = await run([openAiStream(wire.slice(0, 300), { finishReason: null })]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('failed');
    expect(error.message).toMatch(/ended before the answer was complete/);
    expect(requests).toHaveLength(1);
  });

  it('classifies finish_reason length as invalid_output, without repair', async () => {
    const { outcome, requests } = await run([openAiStream(wire.slice(0, 300), { finishReason: 'length' })]);
    expect((await failureOf(outcome)).failure).toBe('invalid_output');
    expect(requests).toHaveLength(1);
  });

  it('repairs invalid JSON once, showing the model its answer and the problem', async () => {
    const bad = wire.slice(0, 260) + '"]}';
    const { outcome, deltas, requests } = await run([openAiStream(bad), openAiStream(wire)]);
    expect(await outcome).toEqual(SAMPLE_RESULT);
    expect(requests).toHaveLength(2);
    const messages = requests[1]!.body.messages;
    expect(messages.slice(0, 2)).toEqual(requests[0]!.body.messages);
    expect(messages[2]).toEqual({ role: 'assistant', content: bad });
    expect(messages[3]!.role).toBe('user');
    expect(messages[3]!.content).toContain('not valid JSON');
    expect(messages[3]!.content).toContain('Brazilian Portuguese (pt-BR)');
    expect(requests[1]!.body).toMatchObject({ stream: true, response_format: { type: 'json_schema' } });
    // Only the first answer was streamed: the repair does not append a second copy.
    expect(joined(deltas, 'summary')).toBe(SAMPLE_RESULT.summary);
    expect(joined(deltas, 'interpretation')).toBe('');
  });

  it('repairs an answer that breaks the schema, naming the broken fields', async () => {
    const bad = JSON.stringify({ ...SAMPLE_RESULT, dreamType: 'lucid', reflectionQuestions: ['só uma'] });
    const { outcome, requests } = await run([openAiStream(bad), openAiStream(wire)]);
    expect(await outcome).toEqual(SAMPLE_RESULT);
    const repair = requests[1]!.body.messages[3]!.content;
    expect(repair).toContain('dreamType: must be one of');
    expect(repair).toContain('reflectionQuestions: needs at least 2 items');
  });

  it('gives up with invalid_output after one failed repair', async () => {
    const { outcome, requests } = await run([
      openAiStream('{"summary": "x"'),
      openAiStream(JSON.stringify({ ...SAMPLE_RESULT, distress: 'no' })),
    ]);
    const error = await failureOf(outcome);
    expect(error.failure).toBe('invalid_output');
    expect(error.message).toContain('distress');
    expect(requests).toHaveLength(2);
  });

  it('maps a refusal to refused', async () => {
    const { outcome } = await run([openAiStream('', { refusal: "I'm sorry, I can't help with that." })]);
    expect((await failureOf(outcome)).failure).toBe('refused');
  });

  it('maps finish_reason content_filter to refused', async () => {
    const { outcome } = await run([openAiStream(wire.slice(0, 80), { finishReason: 'content_filter' })]);
    expect((await failureOf(outcome)).failure).toBe('refused');
  });

  it('stops when the signal aborts mid-stream, and hangs up', async () => {
    const frames = openAiFrames(splitAwkwardly(wire.slice(0, 200)), { finishReason: null });
    const { outcome, requests } = await run([sseHandler(frames, 'hang')], {
      onDelta: (_delta, controller) => controller.abort(),
    });
    expect((await failureOf(outcome)).failure).toBe('aborted');
    await requests[0]!.clientGone;
  });

  it('does not call the API when the signal is already aborted', async () => {
    server = await startTestServer([openAiStream(wire)]);
    const provider = createOpenAiProvider({
      baseUrl: `${server.origin}/v1`,
      apiKey: 'k',
      model: 'm',
      timeoutMs: 1_000,
    });
    const error = await failureOf(provider.analyze(SAMPLE_REQUEST, { signal: AbortSignal.abort(), onDelta: () => {} }));
    expect(error.failure).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });
});

describe('createAnalysisProvider', () => {
  const env = (values: Record<string, string>) => envSchema.parse(values);

  it('is the builtin reader without AI_PROVIDER or with builtin', () => {
    expect(createAnalysisProvider(env({}))).toMatchObject({ id: 'builtin', isGenerative: false });
    expect(createAnalysisProvider(env({ AI_PROVIDER: 'builtin' }))).toMatchObject({
      id: 'builtin',
      isGenerative: false,
    });
  });

  it('requires AI_MODEL for openai', () => {
    expect(() => createAnalysisProvider(env({ AI_PROVIDER: 'openai' }))).toThrow(ConfigError);
    expect(() => createAnalysisProvider(env({ AI_PROVIDER: 'openai' }))).toThrow(/AI_MODEL/);
  });

  it('talks to AI_BASE_URL with a placeholder key when AI_API_KEY is unset (local servers)', async () => {
    server = await startTestServer([openAiStream(wire)]);
    const provider = createAnalysisProvider(
      env({ AI_PROVIDER: 'openai', AI_BASE_URL: `${server.origin}/v1`, AI_MODEL: 'llama3.1', AI_TIMEOUT_MS: '5000' }),
    );
    expect(provider).toMatchObject({ id: 'openai', model: 'llama3.1', isGenerative: true });
    expect(await provider.analyze(SAMPLE_REQUEST, { signal: new AbortController().signal, onDelta: () => {} })).toEqual(
      SAMPLE_RESULT,
    );
    expect(server.requests[0]!.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(server.requests[0]!.body.model).toBe('llama3.1');
  });
});
