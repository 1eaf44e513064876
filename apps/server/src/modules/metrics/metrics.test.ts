import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createListeningTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import {
  openAiError,
  openAiStream,
  sampleWireJson,
  startTestServer,
} from '../analyses/providers/provider-test-servers.ts';
import type { TestServer } from '../analyses/providers/provider-test-servers.ts';
import { JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { isMetricsToken } from './metrics.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, enough of it: `name{a="b",…} value` lines; comments skipped. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics', () => {
  let database: Database;
  let t: (TestApp & { url: string }) | undefined;
  let provider: TestServer | undefined;

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

  const scrape = async (url: string, token = TOKEN) => {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await res.text());
  };

  it('is off without METRICS_TOKEN: 404, for anyone', async () => {
    t = await createListeningTestApp({}, database);
    const bare = await fetch(`${t.url}/metrics`);
    expect(bare.status).toBe(404);
    const withToken = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(404);
    expect(await withToken.json()).toMatchObject({ code: 'not_found' });
    expect(t.app.deps.metrics).toBeUndefined();
  });

  it('with METRICS_TOKEN: 401 without the right bearer token', async () => {
    t = await createListeningTestApp({ METRICS_TOKEN: TOKEN }, database);
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
      const res = await fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('counts requests per route pattern and status class, with latency, process and pool series', async () => {
    t = await createListeningTestApp({ METRICS_TOKEN: TOKEN, ...JOURNAL_TEST_ENV }, database);
    const before = await scrape(t.url);
    const route = { method: 'GET', route: '/api/v1/dreams/:id' };
    const countBefore = valueOf(before, 'sonhario_http_requests_total', { ...route, status_class: '4xx' });

    const user = await signUpUser(t);
    for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
      const res = await fetch(`${t.url}/api/v1/dreams/${id}`, { headers: user.headers });
      expect(res.status).toBe(404);
    }
    const health = await fetch(`${t.url}/api/v1/health`);
    expect(health.status).toBe(200);

    const after = await scrape(t.url);
    // The pattern, never the raw URL: the two ids are one series.
    expect(valueOf(after, 'sonhario_http_requests_total', { ...route, status_class: '4xx' })).toBe(countBefore + 2);
    expect(after.some((s) => s.labels.route?.includes('00000000-'))).toBe(false);
    expect(
      valueOf(after, 'sonhario_http_request_duration_seconds_count', { ...route, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(after, 'sonhario_http_requests_total', { route: '/api/v1/health', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    // The scrape itself is not counted.
    expect(valueOf(after, 'sonhario_http_requests_total', { route: '/metrics' })).toBe(0);
    // Process metrics.
    expect(valueOf(after, 'sonhario_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'sonhario_nodejs_eventloop_lag_seconds')).toBe(true);
    // The pool's series exist where the database has a pool (PostgreSQL); PGlite has none.
    const hasPool = after.some((s) => s.name === 'sonhario_db_pool_connections');
    expect(hasPool).toBe(database.kind !== 'pglite');
    if (hasPool) expect(valueOf(after, 'sonhario_db_pool_connections')).toBeGreaterThan(0);
  });

  it('counts provider calls and failures by provider and kind', async () => {
    provider = await startTestServer([
      openAiStream(sampleWireJson()),
      openAiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded'),
    ]);
    t = await createListeningTestApp(
      {
        ...JOURNAL_TEST_ENV,
        METRICS_TOKEN: TOKEN,
        AI_PROVIDER: 'openai',
        AI_BASE_URL: `${provider.origin}/v1`,
        AI_API_KEY: 'sk-test-key',
        AI_MODEL: 'gpt-test',
        AI_TIMEOUT_MS: '2000',
      },
      database,
    );
    const user = await signUpUser(t, { isConsenting: true });
    const analyse = async () => {
      const dream = await postDream(t!, user, {
        title: 'Ponte',
        content: 'Eu atravessava uma ponte de vidro à noite.',
      });
      const res = await fetch(`${t!.url}/api/v1/dreams/${dream.id}/analyses`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: '{}',
      });
      return res.text();
    };
    expect(await analyse()).toContain('event: done');
    expect(await analyse()).toContain('provider_rate_limited');

    const samples = await scrape(t.url);
    expect(valueOf(samples, 'sonhario_ai_provider_calls_total', { provider: 'openai' })).toBe(2);
    expect(valueOf(samples, 'sonhario_ai_provider_failures_total', { provider: 'openai' })).toBe(1);
    expect(valueOf(samples, 'sonhario_ai_provider_failures_total', { provider: 'openai', kind: 'rate_limited' })).toBe(
      1,
    );
  });

  it('counts runs of the deleted-dreams sweeper', async () => {
    t = await createListeningTestApp({ METRICS_TOKEN: TOKEN }, database);
    expect(await t.app.deps.jobs.get('purge_deleted_dreams')?.()).toBe('ok');
    const samples = await scrape(t.url);
    const runs = samples.filter((s) => s.name === 'sonhario_job_runs_total' && s.labels.job === 'purge_deleted_dreams');
    expect(runs.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThanOrEqual(1);
    expect(runs.every((s) => ['ok', 'skipped'].includes(s.labels.outcome!))).toBe(true);
  });
});

describe('isMetricsToken', () => {
  it('accepts only the exact bearer token', () => {
    expect(isMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isMetricsToken(undefined, TOKEN)).toBe(false);
    expect(isMetricsToken('Bearer', TOKEN)).toBe(false);
    expect(isMetricsToken(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
  });
});
