// A failed provider call is logged with its cause (failure, HTTP status, code, host), so an operator can tell a
// refused key from a stopped server; the dream's words never reach the log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase, freePort, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { openAiError, startTestServer, type TestServer } from './providers/provider-test-servers.ts';

const DREAM = 'Eu atravessava uma ponte de vidro sobre o mar, à noite, procurando uma chave azul.';

describe('provider failures in the log', () => {
  let database: Database;
  let t: TestApp | undefined;
  let provider: TestServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });
  afterAll(() => database.close());

  async function analyseWith(baseUrl: string, accept: string) {
    t = await createTestApp(
      { ...JOURNAL_TEST_ENV, AI_PROVIDER: 'openai', AI_BASE_URL: baseUrl, AI_MODEL: 'gpt-test', AI_TIMEOUT_MS: '2000' },
      database,
    );
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, { title: 'Ponte de vidro', content: DREAM });
    const res = await api(t, user).post(`/dreams/${dream.id}/analyses`, {}, { accept });
    const failures = t.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'analysis provider call failed');
    return { res, failures, logText: t.logs.text };
  }

  it('a closed port: failure, ECONNREFUSED and the host (streamed analysis)', async () => {
    const port = await freePort();
    const { failures, logText } = await analyseWith(`http://127.0.0.1:${String(port)}/v1`, 'text/event-stream');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 40,
      provider: 'openai',
      model: 'gpt-test',
      failure: 'failed',
      code: 'ECONNREFUSED',
      host: `127.0.0.1:${String(port)}`,
    });
    expect(failures[0]).not.toHaveProperty('status');
    expect(logText).not.toContain('ponte de vidro');
    expect(logText).not.toContain('chave azul');
  });

  it('a refused key: HTTP 401 and the API code (JSON analysis)', async () => {
    provider = await startTestServer([
      openAiError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
    ]);
    const { res, failures, logText } = await analyseWith(`${provider.origin}/v1`, 'application/json');
    expect(res.statusCode).toBe(502);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      failure: 'failed',
      status: 401,
      code: 'invalid_api_key',
      host: new URL(provider.origin).host,
    });
    expect(logText).not.toContain('chave azul');
  });
});
