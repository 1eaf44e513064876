// `npm run admin -- check-ai` against local servers speaking the providers' wire formats: an answer, a refused key,
// an unknown model, a server that never answers, and a closed port.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli.ts';
import {
  anthropicError,
  openAiError,
  silentHandler,
  startTestServer,
  type Handler,
  type TestServer,
} from '../modules/analyses/providers/provider-test-servers.ts';
import { freePort } from '../test/harness.ts';

/** A non-streamed chat completion, as OpenAI-compatible servers answer one. */
const openAiAnswer: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-check',
      object: 'chat.completion',
      created: 1_735_689_600,
      model: 'gpt-test',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 9, completion_tokens: 1, total_tokens: 10 },
    }),
  );
};

const anthropicAnswer: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_check' }).end(
    JSON.stringify({
      id: 'msg_check',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    }),
  );
};

let server: TestServer<{ model?: string; messages?: { content: string }[] }> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function checkAi(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCli(['check-ai'], (line) => lines.push(line), env);
  return { code, lines };
}

const openAiEnv = (origin: string, extra: Record<string, string> = {}) => ({
  AI_PROVIDER: 'openai',
  AI_BASE_URL: `${origin}/v1`,
  AI_API_KEY: 'sk-check',
  AI_MODEL: 'gpt-test',
  ...extra,
});

describe('check-ai', () => {
  it('openai: one tiny call with the configured model and key, then "ok: … answered in N ms"', async () => {
    server = await startTestServer([openAiAnswer]);
    const { code, lines } = await checkAi(openAiEnv(server.origin));
    expect(code).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ok: openai gpt-test answered in \d+ ms$/);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-check');
    expect(request?.body.model).toBe('gpt-test');
    expect(JSON.stringify(request?.body).length).toBeLessThan(200);
  });

  it('a refused key (401): names the status and AI_API_KEY', async () => {
    server = await startTestServer([
      openAiError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
    ]);
    const { code, lines } = await checkAi(openAiEnv(server.origin));
    expect(code).toBe(1);
    expect(lines).toEqual([
      `failed: openai gpt-test at ${server.origin}/v1: HTTP 401 invalid_api_key from ${new URL(server.origin).host}: ` +
        'Incorrect API key provided; the API key (AI_API_KEY) was refused',
    ]);
  });

  it('an unknown model (404 model_not_found): names AI_MODEL', async () => {
    server = await startTestServer([
      openAiError(404, 'The model `gpt-nope` does not exist', 'invalid_request_error', 'model_not_found'),
    ]);
    const { code, lines } = await checkAi(openAiEnv(server.origin, { AI_MODEL: 'gpt-nope' }));
    expect(code).toBe(1);
    expect(lines[0]).toContain('HTTP 404 model_not_found');
    expect(lines[0]).toContain('the model "gpt-nope" is unknown there (check AI_MODEL)');
  });

  it('a server that never answers: a timeout after AI_TIMEOUT_MS', async () => {
    server = await startTestServer([silentHandler]);
    const { code, lines } = await checkAi(openAiEnv(server.origin, { AI_TIMEOUT_MS: '300' }));
    expect(code).toBe(1);
    expect(lines[0]).toContain(`no answer from ${new URL(server.origin).host} within 300 ms (timeout)`);
  });

  it('a closed port: connection refused, check AI_BASE_URL', async () => {
    const port = await freePort();
    const { code, lines } = await checkAi(openAiEnv(`http://127.0.0.1:${String(port)}`));
    expect(code).toBe(1);
    expect(lines).toEqual([
      `failed: openai gpt-test at http://127.0.0.1:${String(port)}/v1: cannot connect to 127.0.0.1:${String(port)}: ` +
        'connection refused (ECONNREFUSED); is the server running? check AI_BASE_URL',
    ]);
  });

  it('anthropic: ok, and a refused key in its own error shape', async () => {
    server = await startTestServer([anthropicAnswer, anthropicError(401, 'authentication_error', 'invalid x-api-key')]);
    const env = {
      AI_PROVIDER: 'anthropic',
      AI_BASE_URL: server.origin,
      AI_API_KEY: 'sk-ant-check',
      AI_MODEL: 'claude-test',
    };
    const ok = await checkAi(env);
    expect(ok.code).toBe(0);
    expect(ok.lines[0]).toMatch(/^ok: anthropic claude-test answered in \d+ ms$/);
    const sent = server.requests[0]?.headers;
    expect(String(sent?.['x-api-key'] ?? sent?.authorization)).toContain('sk-ant-check');
    const refused = await checkAi(env);
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toContain('HTTP 401 authentication_error');
    expect(refused.lines[0]).toContain('the API key (AI_API_KEY) was refused');
  });

  it('builtin: nothing to call; a missing AI_MODEL is a configuration error', async () => {
    expect(await checkAi({})).toEqual({
      code: 0,
      lines: ['ok: builtin (the offline reading; there is no model API to call)'],
    });
    await expect(checkAi({ AI_PROVIDER: 'openai' })).rejects.toThrow(/AI_MODEL: required when AI_PROVIDER=openai/);
  });
});
