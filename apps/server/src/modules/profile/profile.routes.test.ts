import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, signUpUser } from '../dreams/dreams.testing.ts';

describe('/me/profile', () => {
  let t: TestApp;
  const clock = new Date('2026-02-01T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, { now: () => clock });
  });
  afterAll(() => t.close());

  it('creates the profile with the defaults on first access', async () => {
    const user = await signUpUser(t);
    const res = await api(t, user).get('/me/profile');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      timeZone: 'America/Sao_Paulo',
      isTimeZoneSet: false,
      locale: 'pt-BR',
      theme: 'dark',
      plan: 'dreamer',
      createdAt: expect.any(String),
    });
    expect((await api(t, user).get('/me/profile')).json()).toEqual(res.json());
  });

  it('creates one profile when the first requests race', async () => {
    const user = await signUpUser(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(t, user).get('/me/profile')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().createdAt)).size).toBe(1);
  });

  it('sets the time zone (marking it as set), the language and the theme', async () => {
    const user = await signUpUser(t);
    const res = await api(t, user).patch('/me/profile', { timeZone: 'Europe/Lisbon' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: 'Europe/Lisbon',
      isTimeZoneSet: true,
      locale: 'pt-BR',
      theme: 'dark',
    });
    const next = (await api(t, user).patch('/me/profile', { locale: 'en', theme: 'system' })).json();
    expect(next).toMatchObject({
      timeZone: 'Europe/Lisbon',
      isTimeZoneSet: true,
      locale: 'en',
      theme: 'system',
      plan: 'dreamer',
    });
    expect((await api(t, user).get('/me/profile')).json()).toEqual(next);
  });

  it('stores the canonical spelling of a time zone', async () => {
    const user = await signUpUser(t);
    expect((await api(t, user).patch('/me/profile', { timeZone: 'america/new_york' })).json().timeZone).toBe(
      'America/New_York',
    );
  });

  it('applies an empty patch as no change', async () => {
    const user = await signUpUser(t);
    const res = await api(t, user).patch('/me/profile', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isTimeZoneSet: false, theme: 'dark' });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus_Mons' }, 'Fuso horário desconhecido'],
    [{ timeZone: '' }, expect.any(String)],
    [{ locale: 'fr' }, expect.any(String)],
    [{ theme: 'neon' }, expect.any(String)],
    [{ plan: 'oracle' }, expect.any(String)],
    [{ isTimeZoneSet: true }, expect.any(String)],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const user = await signUpUser(t);
    const res = await api(t, user).patch('/me/profile', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining(typeof message === 'string' ? message : ''),
    });
    expect((await api(t, user).get('/me/profile')).json()).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      isTimeZoneSet: false,
      plan: 'dreamer',
    });
  });
});
