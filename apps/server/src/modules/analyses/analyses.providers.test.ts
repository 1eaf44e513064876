import type { Analysis } from '@sonhario/contracts/analyses';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createListeningTestApp, createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import {
  BALANCE_AFTER_FIRST_ANALYSIS,
  BALANCE_AFTER_FIRST_DREAM,
  moneyOf,
  parseEventStream,
} from './analyses.testing.ts';
import {
  anthropicStream,
  openAiError,
  openAiStream,
  SAMPLE_RESULT,
  sampleWireJson,
  silentHandler,
  startTestServer,
  type Handler,
  type TestServer,
} from './providers/provider-test-servers.ts';

// The whole path with a generative provider: the app, configured by environment as an operator would, talks to a
// local server speaking the provider's real wire format. Whatever goes wrong there, nothing is stored or charged.
describe('analyses through a generative provider', () => {
  let database: Database;
  let provider: TestServer | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    // A fetch aborted mid-body leaves its keep-alive socket to the client's pool; do not wait for it.
    t?.app.server.closeAllConnections();
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });
  afterAll(() => database.close());

  async function setUp(kind: 'openai' | 'anthropic', handlers: Handler[], env: Record<string, string> = {}) {
    provider = await startTestServer(handlers);
    t = await createTestApp(
      {
        ...JOURNAL_TEST_ENV,
        AI_PROVIDER: kind,
        AI_BASE_URL: kind === 'openai' ? `${provider.origin}/v1` : provider.origin,
        AI_API_KEY: 'sk-test-key',
        AI_MODEL: kind === 'openai' ? 'gpt-test' : 'claude-test',
        AI_TIMEOUT_MS: '2000',
        ...env,
      },
      database,
    );
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, {
      title: 'Ponte de vidro',
      content: 'Eu atravessava uma ponte de vidro sobre o mar, à noite.',
    });
    return { t, user, dream, provider };
  }

  const analyse = (app: TestApp, user: TestUser, dreamId: string) =>
    api(app, user).post(`/dreams/${dreamId}/analyses`, {}, { accept: 'text/event-stream' });

  it('openai: streams the model text, stores provider and model, charges the quota', async () => {
    const s = await setUp('openai', [openAiStream(sampleWireJson())]);
    const res = await analyse(s.t, s.user, s.dream.id);
    const events = parseEventStream(res.body);
    expect(events[0]).toEqual({ event: 'start', data: { provider: 'openai', model: 'gpt-test', isGenerative: true } });
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const analysis = done.data as Analysis;
    expect(analysis).toMatchObject({ provider: 'openai', model: 'gpt-test', charge: 'quota', result: SAMPLE_RESULT });
    const streamed = events
      .flatMap((e) => (e.event === 'delta' && e.data.field === 'interpretation' ? [e.data.text] : []))
      .join('');
    expect(streamed).toBe(SAMPLE_RESULT.interpretation);
    // What the provider saw: the dream text, delimited, and none of the user's identifiers.
    const sent = JSON.stringify(s.provider.requests[0]!.body);
    expect(sent).toContain('ponte de vidro sobre o mar');
    expect(sent).not.toContain(s.user.email);
    expect(sent).not.toContain(s.user.id);
    expect(s.provider.requests[0]!.headers.authorization).toBe('Bearer sk-test-key');
    expect(await moneyOf(s.t, s.user.id)).toMatchObject({
      balance: BALANCE_AFTER_FIRST_ANALYSIS,
      usage: [{ charge: 'quota' }],
      analyses: 1,
    });
  });

  it('anthropic: the tool-use stream becomes a stored analysis', async () => {
    const s = await setUp('anthropic', [anthropicStream(sampleWireJson({ ...SAMPLE_RESULT, distress: true }))]);
    const events = parseEventStream((await analyse(s.t, s.user, s.dream.id)).body);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { provider: 'anthropic', model: 'claude-test', result: { distress: true } },
    });
    expect((await moneyOf(s.t, s.user.id)).analyses).toBe(1);
  });

  const failures: [string, Handler[], string, Record<string, string>?][] = [
    ['a 500', [openAiError(500, 'The server had an error', 'server_error')], 'provider_failed'],
    ['a 429', [openAiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded')], 'provider_rate_limited'],
    ['a timeout', [silentHandler], 'provider_timeout', { AI_TIMEOUT_MS: '300' }],
    [
      'a truncated stream',
      [openAiStream(sampleWireJson().slice(0, 200), { finishReason: null, ending: 'destroy' })],
      'provider_failed',
    ],
    [
      'invalid JSON twice',
      [openAiStream('{"summary": "meio'), openAiStream('ainda não é JSON')],
      'provider_invalid_output',
    ],
    ['a refusal', [openAiStream('', { refusal: 'I cannot help with that.' })], 'provider_refused'],
  ];
  for (const [name, handlers, code, env] of failures) {
    it(`openai: ${name} ends the stream with ${code} and charges nothing`, async () => {
      const s = await setUp('openai', handlers, env);
      const res = await analyse(s.t, s.user, s.dream.id);
      expect(res.statusCode).toBe(200);
      const last = parseEventStream(res.body).at(-1)!;
      expect(last.event).toBe('error');
      expect(last.data).toMatchObject({ code, message: expect.stringContaining('Nenhum crédito foi usado') });
      expect(await moneyOf(s.t, s.user.id)).toMatchObject({
        balance: BALANCE_AFTER_FIRST_DREAM,
        usage: [],
        analyses: 0,
      });
    });
  }

  it('openai: invalid JSON, then a repaired answer, is stored once', async () => {
    const s = await setUp('openai', [openAiStream('{"summary": "sem fechar'), openAiStream(sampleWireJson())]);
    const last = parseEventStream((await analyse(s.t, s.user, s.dream.id)).body).at(-1)!;
    expect(last).toMatchObject({ event: 'done', data: { result: SAMPLE_RESULT } });
    expect(s.provider.requests).toHaveLength(2);
    expect(await moneyOf(s.t, s.user.id)).toMatchObject({ usage: [{ charge: 'quota' }], analyses: 1 });
  });

  it('a JSON client gets the failure as an HTTP error', async () => {
    const s = await setUp('openai', [openAiError(503, 'overloaded', 'server_error')]);
    const res = await api(s.t, s.user).post(`/dreams/${s.dream.id}/analyses`, {});
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'provider_failed' });
  });

  it('cancelling (the client hangs up mid-stream) stops the provider call and charges nothing', async () => {
    provider = await startTestServer([silentHandler]);
    const listening = await createListeningTestApp(
      {
        ...JOURNAL_TEST_ENV,
        AI_PROVIDER: 'openai',
        AI_BASE_URL: `${provider.origin}/v1`,
        AI_MODEL: 'gpt-test',
        AI_TIMEOUT_MS: '30000',
      },
      database,
    );
    t = listening;
    const user = await signUpUser(listening, { isConsenting: true });
    const dream = await postDream(listening, user, { content: 'Sonhei com um labirinto de espelhos.' });
    const controller = new AbortController();
    const res = await fetch(`${listening.url}/api/v1/dreams/${dream.id}/analyses`, {
      method: 'POST',
      headers: { ...user.headers, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: '{}',
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: start');
    // Wait until the provider request is in flight.
    await expect.poll(() => provider?.requests.length).toBe(1);
    controller.abort();
    // The server aborts its provider request in turn.
    await provider.requests[0]!.clientGone;
    await expect.poll(() => listening.logs.text).toContain('"code":"analysis_cancelled"');
    expect(await moneyOf(listening, user.id)).toMatchObject({
      balance: BALANCE_AFTER_FIRST_DREAM,
      usage: [],
      analyses: 0,
    });
  });
});
