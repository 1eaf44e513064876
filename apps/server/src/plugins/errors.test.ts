import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from '../errors.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A throwaway route exercises the shared error handler the way every module's routes will.
describe('error handling and logging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.post(
      '/api/v1/__echo',
      { schema: { body: z.object({ n: z.number().int(), password: z.string().optional() }) } },
      async (request) => {
        if (request.body.n === 404) throw new NotFoundError('Sonho não encontrado');
        if (request.body.n === 500) throw new Error('secret internals: connection string postgres://x');
        return { n: request.body.n };
      },
    );
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_json' });
  });

  it('answers a schema violation with 400 validation_failed naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__echo', payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details[0].path).toBe('body.n');
  });

  it('turns a domain error into its status and code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__echo', payload: { n: 404 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Sonho não encontrado' });
  });

  it('never shows internals in a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__echo', payload: { n: 500 } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal server error' });
    expect(res.body).not.toContain('postgres://');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ n: 1, password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('keeps authorization headers, cookies, passwords and URL tokens out of the logs', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo?token=SECRET-QUERY-TOKEN&type=signup&q=SECRET-SEARCH-WORDS&tag=SECRET-TAG',
      headers: { authorization: 'Bearer SECRET-BEARER', cookie: 'sid=SECRET-COOKIE', apikey: 'SECRET-APIKEY' },
      payload: { n: 500, password: 'SECRET-PASSWORD' },
    });
    const text = t.logs.text;
    // The route and the query's parameter names; no value, whatever its name.
    expect(text).toContain('"url":"/api/v1/__echo?token&type&q&tag"');
    for (const secret of [
      'SECRET-QUERY-TOKEN',
      'SECRET-SEARCH-WORDS',
      'SECRET-TAG',
      'SECRET-BEARER',
      'SECRET-COOKIE',
      'SECRET-APIKEY',
      'SECRET-PASSWORD',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
