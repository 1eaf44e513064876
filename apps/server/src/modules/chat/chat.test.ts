import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import type { ChatSendResult, ChatThread, ChatThreadDetail, ChatUsage } from '@sonhario/contracts/chat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { testClock } from '../rewards/rewards.testing.ts';
import { chat, chatRowsOf, parseChatStream, sendMessage, startThread } from './chat.testing.ts';

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };

describe('chat about dreams (builtin guide)', () => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp(ENV, database);
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  async function dreamer(options: { isConsenting?: boolean } = {}) {
    const user = await signUpUser(t, { isConsenting: options.isConsenting ?? true });
    await setPlan(contextFor(t, user.id), 'oracle');
    const dream = await postDream(t, user, {
      title: 'Ponte de vidro',
      content: 'Eu atravessava uma ponte de vidro sobre o mar, à noite. Um cachorro latia do outro lado.',
      emotions: ['medo'],
    });
    return { user, dream };
  }

  it('a conversation about a dream: streamed, titled by the first message, stored sealed, counted once', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    expect(thread).toMatchObject({
      kind: 'dream',
      dream: { id: dream.id, title: 'Ponte de vidro', dreamtOn: dream.dreamtOn },
      title: 'Nova conversa',
      messageCount: 0,
    });

    const res = await sendMessage(
      t,
      user,
      thread.id,
      'Por que será que a ponte era de vidro? Fiquei pensando nisso o dia todo.',
      true,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseChatStream(res.body);
    expect(events[0]).toEqual({
      event: 'start',
      data: { provider: 'builtin', model: 'sonhario-guide-1', isGenerative: false },
    });
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const result = done?.data as ChatSendResult;
    const streamed = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    expect(streamed).toBe(result.assistantMessage.content);
    expect(result.assistantMessage).toMatchObject({
      role: 'assistant',
      provider: 'builtin',
      isGenerative: false,
      distress: false,
      dreamRefs: [{ ref: 'D1', dreamId: dream.id, title: 'Ponte de vidro', dreamtOn: dream.dreamtOn }],
    });
    // Honest, reflective, from the dream's reading: it says what it is and asks.
    expect(result.assistantMessage.content).toContain('não uma IA generativa');
    expect(result.assistantMessage.content).toMatch(/ponte/i);
    expect(result.assistantMessage.content).toContain('?');
    expect(result.userMessage).toMatchObject({ role: 'user', provider: null, model: null, dreamRefs: [] });
    expect(result.thread).toMatchObject({
      title: 'Por que será que a ponte era de vidro? Fiquei pensando…',
      messageCount: 2,
    });
    expect(result.usage).toMatchObject({ plan: 'oracle', mode: 'unlimited', used: 1, limit: 100, remaining: 99 });

    const detail = (await api(t, user).get(`/chat/threads/${thread.id}`)).json<ChatThreadDetail>();
    expect(detail.messages).toEqual([result.userMessage, result.assistantMessage]);
    expect(detail.thread.title).toBe(result.thread.title);

    // Sealed at rest: no word of the conversation in the rows.
    const rows = await chatRowsOf(t, user.id);
    expect(rows.usage).toBe(1);
    expect(rows.messages).toHaveLength(2);
    for (const blob of [...rows.messages.map((m) => m.body_enc), rows.threads[0]?.title_enc ?? Buffer.alloc(0)]) {
      expect(blob.toString('latin1')).not.toContain('ponte');
      expect(blob.toString('latin1')).not.toContain('vidro');
    }

    // A second message (JSON answer): the guide goes on, asks other questions, keeps the title.
    const second = await chat(t, user, thread.id, 'Lembro do cachorro latindo.');
    expect(second.thread).toMatchObject({ messageCount: 4, title: result.thread.title });
    expect(second.assistantMessage.content).not.toContain('não uma IA generativa');
    expect(second.assistantMessage.content).toMatch(/cachorro/i);
    expect(second.usage.used).toBe(2);

    // Renamed: the new title stays through later messages.
    const renamed = await api(t, user).patch(`/chat/threads/${thread.id}`, { title: '  A ponte  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<ChatThread>().title).toBe('A ponte');
    expect((await chat(t, user, thread.id, 'E o mar?')).thread.title).toBe('A ponte');
  });

  it('answers in English when asked to', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const res = await api(t, user).post(`/chat/threads/${thread.id}/messages`, {
      content: 'What could the bridge mean?',
      language: 'en',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ChatSendResult>().assistantMessage.content).toContain('not generative AI');
  });

  it("a journal conversation names the user's matching dreams as [Dn] and resolves them; never another user's", async () => {
    const { user } = await dreamer();
    const stairs = await postDream(t, user, {
      content: 'Subia uma escada sem fim num prédio escuro.',
      dreamtOn: '2026-10-02',
    });
    const stairs2 = await postDream(t, user, {
      content: 'De novo a escada, agora em espiral, e eu cansado.',
      dreamtOn: '2026-10-09',
    });
    const other = await signUpUser(t, { isConsenting: true });
    const theirs = await postDream(t, other, { content: 'Uma escada de madeira na casa da avó.' });

    const thread = await startThread(t, user, { kind: 'journal' });
    expect(thread).toMatchObject({ kind: 'journal', dream: null });
    const result = await chat(t, user, thread.id, 'O que a escada quer dizer nos meus sonhos?');
    const refs = result.assistantMessage.dreamRefs;
    expect(refs.map((ref) => ref.dreamId).sort()).toEqual([stairs.id, stairs2.id].sort());
    expect(refs.map((ref) => ref.dreamId)).not.toContain(theirs.id);
    for (const ref of refs) expect(result.assistantMessage.content).toContain(`[${ref.ref}]`);

    // Nothing matches: the guide says so and names the newest dreams instead.
    const none = await chat(t, user, thread.id, 'E os elefantes?');
    expect(none.assistantMessage.content).toContain('Não encontrei');
    expect(none.assistantMessage.dreamRefs.length).toBeGreaterThan(0);
    expect(none.assistantMessage.dreamRefs.map((ref) => ref.dreamId)).not.toContain(theirs.id);

    // An empty journal: the guide says there is nothing yet.
    const empty = await signUpUser(t, { isConsenting: true });
    const emptyThread = await startThread(t, empty, { kind: 'journal' });
    expect((await chat(t, empty, emptyThread.id, 'O que se repete?')).assistantMessage.content).toContain(
      'ainda não tem sonhos',
    );
  });

  it('distress in the message marks both messages (the web shows the CVV card); the guide points to help', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const result = await chat(t, user, thread.id, 'Acordei e pensei que não aguento mais, queria morrer.');
    expect(result.userMessage.distress).toBe(true);
    expect(result.assistantMessage.distress).toBe(true);
    expect(result.assistantMessage.content).toContain('188');
    const calm = await chat(t, user, thread.id, 'Hoje estou melhor.');
    expect(calm.userMessage.distress).toBe(false);
    const detail = (await api(t, user).get(`/chat/threads/${thread.id}`)).json<ChatThreadDetail>();
    expect(detail.messages.map((m) => m.distress)).toEqual([true, true, false, false]);
  });

  it('refuses without a standing AI consent (403 consent_required), and stores nothing', async () => {
    const { user, dream } = await dreamer({ isConsenting: false });
    const thread = await startThread(t, user, { kind: 'journal' });
    const dreamThread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    for (const id of [thread.id, dreamThread.id]) {
      const res = await sendMessage(t, user, id, 'Olá', true);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'consent_required' });
    }
    expect((await chatRowsOf(t, user.id)).messages).toHaveLength(0);
    expect((await chatRowsOf(t, user.id)).usage).toBe(0);
  });

  it('validation: 400 validation_failed for bad bodies, ids and queries', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'journal' });
    const bad = [
      await api(t, user).post('/chat/threads', { kind: 'weird' }),
      await api(t, user).post('/chat/threads', { kind: 'dream' }),
      await api(t, user).post('/chat/threads', { kind: 'dream', dreamId: 'not-a-uuid' }),
      await api(t, user).post('/chat/threads', { kind: 'journal', extra: 1 }),
      await api(t, user).post('/chat/threads', { kind: 'journal', dreamId: dream.id }),
      await api(t, user).get('/chat/threads?dreamId=nope'),
      await api(t, user).get('/chat/threads/nope'),
      await api(t, user).patch(`/chat/threads/${thread.id}`, { title: '   ' }),
      await api(t, user).patch(`/chat/threads/${thread.id}`, { title: 'x'.repeat(121) }),
      await api(t, user).patch(`/chat/threads/${thread.id}`, { title: 'ok', other: true }),
      await api(t, user).post(`/chat/threads/${thread.id}/messages`, { content: '  ' }),
      await api(t, user).post(`/chat/threads/${thread.id}/messages`, { content: 'x'.repeat(4001) }),
      await api(t, user).post(`/chat/threads/${thread.id}/messages`, { content: 'oi', language: 'fr' }),
      await api(t, user).post(`/chat/threads/${thread.id}/messages`, { content: 'oi', extra: 1 }),
      await api(t, user).post(`/chat/threads/${thread.id}/messages`, {}),
      await api(t, user).post('/chat/threads/nope/messages', { content: 'oi' }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await chatRowsOf(t, user.id)).messages).toHaveLength(0);
  });

  it("access matrix: another user's conversation or dream is 404 on every endpoint, and never listed", async () => {
    const a = await dreamer();
    const b = await dreamer();
    const thread = await startThread(t, a.user, { kind: 'dream', dreamId: a.dream.id });
    await chat(t, a.user, thread.id, 'Sobre a ponte.');
    const before = await chatRowsOf(t, a.user.id);

    const asB = api(t, b.user);
    const notFound = [
      await asB.get(`/chat/threads/${thread.id}`),
      await asB.patch(`/chat/threads/${thread.id}`, { title: 'meu' }),
      await asB.delete(`/chat/threads/${thread.id}`),
      await sendMessage(t, b.user, thread.id, 'Oi', true),
      await sendMessage(t, b.user, thread.id, 'Oi'),
    ];
    for (const res of notFound) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'chat_thread_not_found' });
    }
    const onTheirDream = await asB.post('/chat/threads', { kind: 'dream', dreamId: a.dream.id });
    expect(onTheirDream.statusCode).toBe(404);
    expect((await asB.get(`/chat/threads?dreamId=${a.dream.id}`)).json()).toEqual({ items: [] });
    expect((await asB.get('/chat/threads')).json()).toEqual({ items: [] });
    expect((await asB.delete('/chat/threads')).json()).toEqual({ deleted: 0 });
    expect(await chatRowsOf(t, a.user.id)).toEqual(before);
    expect((await api(t, a.user).get('/chat/threads')).json<{ items: ChatThread[] }>().items).toHaveLength(1);
    // Without a session: 401 everywhere.
    for (const res of [
      await api(t, null).get('/chat/threads'),
      await api(t, null).post('/chat/threads', { kind: 'journal' }),
      await api(t, null).get(`/chat/threads/${thread.id}`),
      await sendMessage(t, null, thread.id, 'Oi'),
      await api(t, null).get('/chat/usage'),
      await api(t, null).delete('/chat/threads'),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('a dream in the trash hides its conversations (404) until restored; purged, they go with it', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const journal = await startThread(t, user, { kind: 'journal' });
    await chat(t, user, thread.id, 'A ponte.');
    expect((await api(t, user).delete(`/dreams/${dream.id}`)).statusCode).toBe(200);
    expect((await api(t, user).get(`/chat/threads/${thread.id}`)).statusCode).toBe(404);
    expect((await sendMessage(t, user, thread.id, 'Oi')).statusCode).toBe(404);
    expect((await api(t, user).post('/chat/threads', { kind: 'dream', dreamId: dream.id })).statusCode).toBe(404);
    const listed = (await api(t, user).get('/chat/threads')).json<{ items: ChatThread[] }>().items;
    expect(listed.map((item) => item.id)).toEqual([journal.id]);

    expect((await api(t, user).post(`/dreams/${dream.id}/restore`)).statusCode).toBe(200);
    const back = (await api(t, user).get(`/chat/threads/${thread.id}`)).json<ChatThreadDetail>();
    expect(back.messages).toHaveLength(2);
    expect(
      (await api(t, user).get(`/chat/threads?dreamId=${dream.id}`)).json<{ items: ChatThread[] }>().items,
    ).toHaveLength(1);

    // Purged (the sweeper deletes the row): the conversation and its messages go by the foreign key.
    await t.database.db.execute(sql`delete from dreams where id = ${dream.id}`);
    const rows = await chatRowsOf(t, user.id);
    expect(rows.threads.map((row) => row.id)).toEqual([journal.id]);
    expect(rows.messages).toHaveLength(0);
    expect(rows.usage).toBe(1);
  });

  it('deleting one or all conversations does not give the quota back', async () => {
    const { user, dream } = await dreamer();
    const one = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const two = await startThread(t, user, { kind: 'journal' });
    await chat(t, user, one.id, 'Um.');
    await chat(t, user, two.id, 'Dois.');
    expect((await api(t, user).delete(`/chat/threads/${one.id}`)).statusCode).toBe(204);
    expect((await api(t, user).get(`/chat/threads/${one.id}`)).statusCode).toBe(404);
    expect((await api(t, user).delete(`/chat/threads/${one.id}`)).statusCode).toBe(404);
    expect((await api(t, user).delete('/chat/threads')).json()).toEqual({ deleted: 1 });
    expect((await api(t, user).get('/chat/threads')).json()).toEqual({ items: [] });
    const rows = await chatRowsOf(t, user.id);
    expect(rows).toMatchObject({ threads: [], messages: [], usage: 2 });
    expect((await api(t, user).get('/chat/usage')).json<ChatUsage>()).toMatchObject({ used: 2 });
  });

  it('a full conversation refuses more (409 chat_thread_full) before any answer', async () => {
    const { user } = await dreamer();
    const thread = await startThread(t, user, { kind: 'journal' });
    await t.database.db.execute(sql`update chat_threads set message_count = 399 where id = ${thread.id}`);
    const res = await sendMessage(t, user, thread.id, 'Mais uma?');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'chat_thread_full' });
    expect((await chatRowsOf(t, user.id)).usage).toBe(0);
  });

  it('sends at once at the limit: exactly the room left succeeds, the rest get 429', async () => {
    const user = await signUpUser(t, { isConsenting: true });
    await setPlan(contextFor(t, user.id), 'dreamer');
    const thread = await startThread(t, user, { kind: 'journal' });
    for (let i = 0; i < 8; i += 1) await chat(t, user, thread.id, `Mensagem ${i}`);
    const threads = await Promise.all([0, 1, 2, 3, 4].map(() => startThread(t, user, { kind: 'journal' })));
    const answers = await Promise.all(
      threads.map((th, i) => sendMessage(t, user, th.id, `Ao mesmo tempo ${i}`, i % 2 === 0)),
    );
    const succeeded = answers.filter((res) => res.statusCode === 201 || res.body.includes('event: done'));
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(succeeded).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const res of refused) expect(res.json()).toMatchObject({ code: 'chat_limit_reached' });
    expect((await chatRowsOf(t, user.id)).usage).toBe(10);
    expect((await api(t, user).get('/chat/usage')).json<ChatUsage>()).toMatchObject({
      plan: 'dreamer',
      mode: 'taste',
      used: 10,
      limit: 10,
      remaining: 0,
    });
  });

  it('the export (JSON and HTML) holds the conversations; the import ignores them; "delete past analyses" erases them', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    const sent = await chat(t, user, thread.id, 'Sobre a ponte de vidro.');
    const json = await api(t, user).get('/me/export?format=json');
    expect(json.statusCode).toBe(200);
    const file = json.json<{ chatConversations: (ChatThread & { messages: unknown[] })[] }>();
    expect(file.chatConversations).toEqual([{ ...sent.thread, messages: [sent.userMessage, sent.assistantMessage] }]);
    const html = await api(t, user).get('/me/export?format=html');
    expect(html.body).toContain('Conversas');
    expect(html.body).toContain('Sobre a ponte de vidro.');
    expect(html.body).toContain('Guia de reflexão (não é IA generativa)');

    const other = await signUpUser(t, { isConsenting: true });
    const imported = await api(t, other).post('/me/import', file);
    expect(imported.statusCode).toBe(200);
    expect((await chatRowsOf(t, other.id)).threads).toHaveLength(0);

    expect((await api(t, user).delete('/analyses')).statusCode).toBe(200);
    const rows = await chatRowsOf(t, user.id);
    expect(rows).toMatchObject({ threads: [], messages: [], usage: 1 });
  });

  it('deleting the account erases every conversation, message and usage row', async () => {
    const { user, dream } = await dreamer();
    const thread = await startThread(t, user, { kind: 'dream', dreamId: dream.id });
    await chat(t, user, thread.id, 'Sobre a ponte.');
    await chat(t, user, (await startThread(t, user, { kind: 'journal' })).id, 'E o resto?');
    const res = await api(t, user).post('/me/delete', {
      password: PASSWORD,
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await chatRowsOf(t, user.id)).toEqual({ threads: [], messages: [], usage: 0 });
  });
});

describe('chat quotas in the user’s time zone', () => {
  const clock = testClock('2026-11-30T12:00:00Z');
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({ ...ENV, CHAT_FAIR_USE_PER_DAY: '3' }, database, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  async function userIn(timeZone: string, plan: 'dreamer' | 'lucid' | 'oracle'): Promise<TestUser> {
    const user = await signUpUser(t, { isConsenting: true });
    expect((await api(t, user).patch('/me/profile', { timeZone })).statusCode).toBe(200);
    await setPlan(contextFor(t, user.id), plan);
    return user;
  }

  it('Dreamer and Lucid: ten a calendar month in their zone, then 429 with Retry-After until the month turns there', async () => {
    for (const plan of ['dreamer', 'lucid'] as const) {
      // São Paulo is UTC−3: 2026-12-01T02:59Z is still November there.
      const user = await userIn('America/Sao_Paulo', plan);
      const thread = await startThread(t, user, { kind: 'journal' });
      clock.set('2026-11-01T03:00:00Z'); // the first instant of November in São Paulo
      for (let i = 0; i < 10; i += 1) await chat(t, user, thread.id, `Sonho ${i}`);
      clock.set('2026-12-01T02:59:00Z');
      const usage = (await api(t, user).get('/chat/usage')).json<ChatUsage>();
      expect(usage).toEqual({
        plan,
        mode: 'taste',
        used: 10,
        limit: 10,
        remaining: 0,
        resetsAt: '2026-12-01T03:00:00.000Z',
      });
      const refused = await sendMessage(t, user, thread.id, 'Mais um', true);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'chat_limit_reached' });
      expect(refused.headers['retry-after']).toBe('60');
      clock.set('2026-12-01T03:00:00Z');
      expect((await sendMessage(t, user, thread.id, 'Dezembro')).statusCode).toBe(201);
      expect((await api(t, user).get('/chat/usage')).json<ChatUsage>()).toMatchObject({ used: 1, remaining: 9 });
    }
  });

  it('messages sent before the month began in the zone do not count in it (Tokyo is ahead of UTC)', async () => {
    const user = await userIn('Asia/Tokyo', 'dreamer');
    const thread = await startThread(t, user, { kind: 'journal' });
    clock.set('2026-11-30T14:59:00Z'); // 23:59 on 30 November in Tokyo
    await chat(t, user, thread.id, 'Novembro');
    clock.set('2026-11-30T15:00:00Z'); // 00:00 on 1 December in Tokyo
    expect((await api(t, user).get('/chat/usage')).json<ChatUsage>()).toMatchObject({
      used: 0,
      resetsAt: '2026-12-31T15:00:00.000Z',
    });
  });

  it('Oracle: unlimited in the month, a fair use per day in the zone (CHAT_FAIR_USE_PER_DAY), then 429', async () => {
    const user = await userIn('America/Sao_Paulo', 'oracle');
    const thread = await startThread(t, user, { kind: 'journal' });
    clock.set('2026-11-10T03:00:00Z');
    for (let i = 0; i < 3; i += 1) await chat(t, user, thread.id, `Hoje ${i}`);
    clock.set('2026-11-11T02:59:30Z');
    const refused = await sendMessage(t, user, thread.id, 'Ainda hoje');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect((await api(t, user).get('/chat/usage')).json<ChatUsage>()).toEqual({
      plan: 'oracle',
      mode: 'unlimited',
      used: 3,
      limit: 3,
      remaining: 0,
      resetsAt: '2026-11-11T03:00:00.000Z',
    });
    clock.set('2026-11-11T03:00:00Z');
    for (let i = 0; i < 3; i += 1) await chat(t, user, thread.id, `Amanhã ${i}`);
    expect((await sendMessage(t, user, thread.id, 'De novo')).statusCode).toBe(429);
    // Over the month: 6 messages, more than a taste's 10 would allow per day, counted only per day.
    expect((await chatRowsOf(t, user.id)).usage).toBe(6);
  });
});
