import { privacyInfoSchema } from '@sonhario/contracts/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase } from '../../test/harness.ts';

describe('GET /privacy-info', () => {
  // One database for the differently configured apps: booting is what these tests vary, not the data.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reports the builtin reading by default: nothing leaves the server', async () => {
    const t = await createTestApp({}, database);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/privacy-info' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(privacyInfoSchema.parse(res.json())).toEqual({
        productName: 'Sonhário',
        ai: { provider: 'builtin', model: expect.any(String), isGenerative: false, host: null },
        retention: { deletedDreamUndoMinutes: 10 },
        isKeyStoreSeparate: true,
        contactEmail: null,
      });
    } finally {
      await t.close();
    }
  });

  it.each([
    [{ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-test' }, 'openai', 'api.openai.com'],
    [
      { AI_PROVIDER: 'openai', AI_MODEL: 'llama3', AI_BASE_URL: 'http://127.0.0.1:11434/v1' },
      'openai',
      '127.0.0.1:11434',
    ],
    [{ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-test', AI_API_KEY: 'sk-test' }, 'anthropic', 'api.anthropic.com'],
  ])('reports the configured AI service and its host (%o)', async (env, provider, host) => {
    const t = await createTestApp({ ...env, PRIVACY_CONTACT_EMAIL: 'privacidade@example.com' }, database);
    try {
      const info = (await t.app.inject({ method: 'GET', url: '/api/v1/privacy-info' })).json();
      expect(info).toEqual({
        productName: 'Sonhário',
        ai: { provider, model: env.AI_MODEL, isGenerative: true, host },
        retention: { deletedDreamUndoMinutes: 10 },
        isKeyStoreSeparate: true,
        contactEmail: 'privacidade@example.com',
      });
    } finally {
      await t.close();
    }
  });
});
