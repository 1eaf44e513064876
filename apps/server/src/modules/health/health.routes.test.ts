import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { READINESS_TTL_MS } from './health.service.ts';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness and a ready database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ready', databaseKind: t.database.kind });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is documented in the OpenAPI output', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeDefined();
  });

  it('answers 503 degraded when the database is gone', async () => {
    const own = await createTestApp();
    await own.database.close();
    const res = await own.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'unavailable' });
    await own.app.close();
    await rm(own.dataDir, { recursive: true, force: true });
  });

  it('notices a database that goes away within the readiness interval', async () => {
    const own = await createTestApp();
    // The clock is frozen from the first probe on, so closing the database (slow on PostgreSQL) takes no time.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const probedAt = Date.now();
      expect((await own.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      await own.database.close();
      // Within the interval the cached readiness still answers; just past it, the probe runs again.
      vi.setSystemTime(probedAt + READINESS_TTL_MS - 100);
      expect((await own.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      vi.setSystemTime(probedAt + READINESS_TTL_MS + 100);
      const res = await own.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(503);
    } finally {
      vi.useRealTimers();
    }
    await own.app.close();
    await rm(own.dataDir, { recursive: true, force: true });
  });
});
