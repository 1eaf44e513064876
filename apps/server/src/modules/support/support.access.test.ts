import type { SupportMessagesResponse } from '@sonhario/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';

// Who reaches support messages: only their author, and only signed in.
describe('support messages are their author’s only', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let alicesDreamId: string;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
    alice = await signUpUser(t);
    bob = await signUpUser(t);
    alicesDreamId = (await postDream(t, alice, { content: 'O sonho da Alice' })).id;
    const sent = await api(t, alice).post('/support/messages', {
      subject: 'Segredo da Alice',
      message: 'Só para o suporte',
      dreamId: alicesDreamId,
    });
    expect(sent.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('answers 401 to both operations without a session (403 bad_jwt with a forged token), and stores nothing', async () => {
    const list = await api(t, null).get('/support/messages');
    expect(list.statusCode).toBe(401);
    const send = await api(t, null).post('/support/messages', { subject: 'x', message: 'y' });
    expect(send.statusCode).toBe(401);
    for (const method of ['GET', 'POST'] as const) {
      const forged = await t.app.inject({
        method,
        url: '/api/v1/support/messages',
        headers: { authorization: 'Bearer not-a-token' },
        ...(method === 'POST' ? { payload: { subject: 'x', message: 'y' } } : {}),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('bad_jwt');
    }
    expect((await api(t, alice).get('/support/messages')).json<SupportMessagesResponse>().items).toHaveLength(1);
  });

  it("never shows B A's messages, and A's list is untouched by B's", async () => {
    expect((await api(t, bob).get('/support/messages')).json<SupportMessagesResponse>().items).toEqual([]);
    expect((await api(t, bob).post('/support/messages', { subject: 'Do Bob', message: 'Oi' })).statusCode).toBe(201);
    const bobs = (await api(t, bob).get('/support/messages')).json<SupportMessagesResponse>().items;
    expect(bobs.map((m) => m.subject)).toEqual(['Do Bob']);
    const alices = (await api(t, alice).get('/support/messages')).json<SupportMessagesResponse>().items;
    expect(alices.map((m) => m.subject)).toEqual(['Segredo da Alice']);
  });

  it("refuses B linking A's dream with the same 404 as a dream that does not exist", async () => {
    const theirs = await api(t, bob).post('/support/messages', { subject: 'x', message: 'y', dreamId: alicesDreamId });
    const none = await api(t, bob).post('/support/messages', {
      subject: 'x',
      message: 'y',
      dreamId: '00000000-0000-4000-8000-000000000000',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect((await api(t, bob).get('/support/messages')).json<SupportMessagesResponse>().items).toHaveLength(1);
  });
});
