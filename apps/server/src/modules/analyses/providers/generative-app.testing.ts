// The app configured as an operator would with a generative provider, talking to a local stand-in for the vendor's
// API (provider-test-servers.ts): one test file's database, and per test one stand-in and one app, closed after it.
// Test-only: used by the tests that read what a generative provider was sent and what the app made of its answer.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/harness.ts';
import { JOURNAL_TEST_ENV } from '../../dreams/dreams.testing.ts';
import { startTestServer, type Handler, type TestServer } from './provider-test-servers.ts';

interface GenerativeAppOptions {
  /** The vendor the stand-in speaks for (AI_PROVIDER); OpenAI's wire format by default. */
  vendor?: 'openai' | 'anthropic';
  /** AI_TIMEOUT_MS: how long the app waits for the stand-in. */
  timeoutMs?: number;
}

interface GenerativeApp<Body> {
  t: TestApp;
  /** The stand-in: `requests` holds what the app sent it, bodies typed as `Body`. */
  provider: TestServer<Body>;
}

/**
 * Registers the hooks of a test file (call it inside its `describe`): a database made once, and after each test the
 * app and its stand-in closed. `start(handlers)` starts the stand-in (the n-th request gets the n-th handler) and an
 * app configured to use it.
 */
export function withGenerativeApp<Body = unknown>(): {
  start(handlers: Handler[], options?: GenerativeAppOptions): Promise<GenerativeApp<Body>>;
} {
  let database: Database;
  let provider: TestServer<Body> | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    t?.app.server.closeAllConnections();
    await t?.close();
    await provider?.close();
    t = undefined;
    provider = undefined;
  });
  afterAll(() => database.close());

  return {
    async start(handlers, { vendor = 'openai', timeoutMs = 2000 } = {}) {
      provider = await startTestServer<Body>(handlers);
      t = await createTestApp(
        {
          ...JOURNAL_TEST_ENV,
          AI_PROVIDER: vendor,
          AI_BASE_URL: vendor === 'openai' ? `${provider.origin}/v1` : provider.origin,
          AI_API_KEY: 'sk-test-key',
          AI_MODEL: vendor === 'openai' ? 'gpt-test' : 'claude-test',
          AI_TIMEOUT_MS: String(timeoutMs),
        },
        database,
      );
      return { t, provider };
    },
  };
}
