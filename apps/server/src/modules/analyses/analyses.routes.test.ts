import { analysisResultSchema, type Analysis } from '@sonhario/contracts/analyses';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { Dream } from '@sonhario/contracts/dreams';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import {
  BALANCE_AFTER_FIRST_ANALYSIS,
  BALANCE_AFTER_FIRST_DREAM,
  moneyOf,
  parseEventStream,
} from './analyses.testing.ts';

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };
const STREAM = { accept: 'text/event-stream' };

const WATER_DREAM = {
  title: 'O mar na cozinha',
  content:
    'Eu estava na casa da minha avó e a cozinha começou a encher de água do mar. Eu tentava fechar a porta, mas a água ' +
    'subia e eu sentia muito medo. Depois percebi que conseguia respirar debaixo da água e fiquei em paz.',
  emotions: ['medo', 'paz'] as const,
};

describe('analysing a dream (builtin provider)', () => {
  let t: TestApp;
  let alice: TestUser;
  let dream: Dream;

  beforeAll(async () => {
    t = await createTestApp(ENV);
    alice = await signUpUser(t, { isConsenting: true });
    dream = await postDream(t, alice, { ...WATER_DREAM, emotions: [...WATER_DREAM.emotions] });
  });
  afterAll(() => t.close());

  it('streams start, text deltas and the stored analysis, and charges the month quota', async () => {
    const res = await api(t, alice).post(`/dreams/${dream.id}/analyses`, {}, STREAM);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = parseEventStream(res.body);
    expect(events[0]).toEqual({
      event: 'start',
      data: { provider: 'builtin', model: expect.any(String), isGenerative: false },
    });
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    const analysis = last.data as Analysis;
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data as { field: string; text: string });
    expect(deltas.length).toBeGreaterThan(4);
    expect(
      deltas
        .filter((d) => d.field === 'summary')
        .map((d) => d.text)
        .join(''),
    ).toBe(analysis.result.summary);
    expect(
      deltas
        .filter((d) => d.field === 'interpretation')
        .map((d) => d.text)
        .join(''),
    ).toBe(analysis.result.interpretation);
    expect(analysis).toMatchObject({
      dreamId: dream.id,
      dreamVersion: 1,
      isDreamChanged: false,
      provider: 'builtin',
      language: 'pt-BR',
      charge: 'quota',
    });
    expect(analysisResultSchema.parse(analysis.result).symbols.map((s) => s.symbol)).toEqual(
      expect.arrayContaining(['Água', 'Mar']),
    );

    const listed = await api(t, alice).get(`/dreams/${dream.id}/analyses`);
    expect(listed.json()).toEqual({ items: [analysis] });
    const money = await moneyOf(t, alice.id);
    expect(money).toMatchObject({ balance: BALANCE_AFTER_FIRST_ANALYSIS, usage: [{ charge: 'quota' }], analyses: 1 });
    expect((await api(t, alice).get('/me/overview')).json()).toMatchObject({ analysisCount: 1 });
  });

  it('stores the result sealed: no words of the analysis in the row', async () => {
    const [row] = await queryRows<{ result_enc: Buffer; provider: string; model: string }>(
      t.database.db,
      sql`select result_enc, provider, model from dream_analyses where user_id = ${alice.id} limit 1`,
    );
    const raw = Buffer.from(row!.result_enc).toString('latin1');
    for (const word of ['Água', 'agua', 'cozinha', 'interpreta', 'summary']) expect(raw).not.toContain(word);
    expect(row!.provider).toBe('builtin');
  });

  it('answers JSON (201) to a client that does not ask for a stream, in the language asked for', async () => {
    const res = await api(t, alice).post(`/dreams/${dream.id}/analyses`, { language: 'en' });
    expect(res.statusCode).toBe(201);
    const analysis = res.json<Analysis>();
    expect(analysis.language).toBe('en');
    expect(analysis.result.symbols.map((s) => s.symbol)).toEqual(expect.arrayContaining(['Water', 'Sea']));
  });

  it('keeps the history per dream, newest first, and marks analyses made before an edit', async () => {
    const before = (await api(t, alice).get(`/dreams/${dream.id}/analyses`)).json().items as Analysis[];
    const edited = await api(t, alice).patch(`/dreams/${dream.id}`, {
      content: 'Sonhei com um cavalo branco correndo na praia.',
    });
    expect(edited.statusCode).toBe(200);
    const again = await api(t, alice).post(`/dreams/${dream.id}/analyses`, {});
    expect(again.statusCode).toBe(201);
    const items = (await api(t, alice).get(`/dreams/${dream.id}/analyses`)).json().items as Analysis[];
    expect(items.map((a) => a.id)).toEqual([again.json().id, ...before.map((a) => a.id)]);
    expect(items.map((a) => a.isDreamChanged)).toEqual([false, true, true]);
    expect(items[0]!.dreamVersion).toBe(2);
    expect(items[0]!.result.symbols.map((s) => s.symbol)).toContain('Cavalo');
  });

  it('a retry with the same Idempotency-Key returns the stored analysis and charges once', async () => {
    const key = 'analysis-retry-0001';
    const first = await api(t, alice).post(`/dreams/${dream.id}/analyses`, {}, { 'idempotency-key': key });
    const usageBefore = (await moneyOf(t, alice.id)).usage.length;
    const second = await api(t, alice).post(`/dreams/${dream.id}/analyses`, {}, { 'idempotency-key': key, ...STREAM });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toContain('text/event-stream');
    expect(parseEventStream(second.body).map((e) => e.event)).toEqual(['start', 'done']);
    expect((parseEventStream(second.body).at(-1)!.data as Analysis).id).toBe(first.json().id);
    const third = await api(t, alice).post(`/dreams/${dream.id}/analyses`, {}, { 'idempotency-key': key });
    expect(third.statusCode).toBe(200);
    expect(third.json().id).toBe(first.json().id);
    expect((await moneyOf(t, alice.id)).usage.length).toBe(usageBefore);
    const other = await postDream(t, alice, { content: 'Outro sonho qualquer' });
    const reused = await api(t, alice).post(`/dreams/${other.id}/analyses`, {}, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(409);
  });

  it('writes from the user history: a symbol seen in earlier dreams is counted', async () => {
    const bob = await signUpUser(t, { isConsenting: true });
    for (const content of [
      'Nadei num rio de água escura.',
      'Chovia e a água entrava pela janela.',
      'Um sonho com um gato no telhado.',
    ]) {
      await postDream(t, bob, { content });
    }
    const latest = await postDream(t, bob, { content: 'A água do mar subia até a minha casa.' });
    const res = await api(t, bob).post(`/dreams/${latest.id}/analyses`, {});
    expect(res.json().result.interpretation).toContain('apareceu em 2 dos seus últimos 3 sonhos');
  });

  it("reads an earlier dream's symbols again once it is edited (what was found is kept per version)", async () => {
    const carol = await signUpUser(t, { isConsenting: true });
    const first = await postDream(t, carol, { content: 'Nadei num rio de água escura.' });
    await postDream(t, carol, { content: 'Chovia e a água entrava pela janela.' });
    const latest = await postDream(t, carol, { content: 'A água do mar subia até a minha casa.' });
    const interpretation = async () =>
      (await api(t, carol).post(`/dreams/${latest.id}/analyses`, {})).json<Analysis>().result.interpretation;
    expect(await interpretation()).toContain('apareceu em 2 dos seus últimos 2 sonhos');
    const edited = await api(t, carol).patch(`/dreams/${first.id}`, {
      version: first.version,
      content: 'Um sonho com um gato no telhado.',
    });
    expect(edited.statusCode).toBe(200);
    // One earlier dream with water is not a recurrence worth a sentence.
    expect(await interpretation()).not.toContain('apareceu em');
  });

  it('lists analyses of live dreams across the journal, newest first, with aggregates', async () => {
    const list = (await api(t, alice).get('/analyses?limit=2')).json();
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({ dreamId: dream.id, dreamTitle: 'O mar na cozinha', provider: 'builtin' });
    const next = (await api(t, alice).get(`/analyses?limit=2&cursor=${list.nextCursor}`)).json();
    const ids = [...list.items, ...next.items].map((a: { id: string }) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);

    const stats = (await api(t, alice).get('/analyses/stats')).json();
    expect(stats.total).toBe(4);
    // Two analyses of the edited dream (a horse), one pt and one en of the first version (water); names are counted
    // once per analysis, in the language each was written in.
    const count = (name: string) => stats.symbols.find((s: { name: string }) => s.name === name)?.count;
    expect([count('Cavalo'), count('Água')]).toEqual([2, 1]);
    const counts = stats.symbols.map((s: { count: number }) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(count('Cozinha')).toBe(3); // the title, kept through the edit
    expect(stats.symbols.length).toBeLessThanOrEqual(10);
    expect(stats.emotions.find((e: { emotion: string }) => e.emotion === 'medo')).toMatchObject({ count: 4 });

    expect((await api(t, alice).delete(`/dreams/${dream.id}`)).statusCode).toBe(200);
    expect((await api(t, alice).get('/analyses')).json().items).toEqual([]);
    expect((await api(t, alice).get('/me/overview')).json().analysisCount).toBe(0);
    expect((await api(t, alice).post(`/dreams/${dream.id}/restore`)).statusCode).toBe(200);
    expect((await api(t, alice).get('/me/overview')).json().analysisCount).toBe(4);
  });

  it('refuses bad input with 400 and a code', async () => {
    const res = await api(t, alice).post(`/dreams/${dream.id}/analyses`, { language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect((await api(t, alice).post('/dreams/not-a-uuid/analyses', {})).statusCode).toBe(400);
    expect((await api(t, alice).post(`/dreams/${dream.id}/analyses`, { language: 'en', extra: 1 })).statusCode).toBe(
      400,
    );
    expect((await api(t, alice).get('/analyses?cursor=bad')).statusCode).toBe(400);
    expect((await api(t, alice).get('/analyses?limit=500')).statusCode).toBe(400);
  });
});

describe('consent gates every provider call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  it('without consent: 403 consent_required, nothing sent, stored or charged; after consenting it works', async () => {
    const user = await signUpUser(t);
    const dream = await postDream(t, user, { content: 'Sonhei que voava sobre a cidade.' });
    expect((await api(t, user).get('/me/consents')).json().items).toEqual([
      { purpose: 'ai_analysis', status: 'unanswered', textVersion: null, answeredAt: null },
      { purpose: 'data_processing', status: 'unanswered', textVersion: null, answeredAt: null },
    ]);
    const refused = await api(t, user).post(`/dreams/${dream.id}/analyses`, {}, STREAM);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'consent_required' });
    expect(await moneyOf(t, user.id)).toMatchObject({ balance: BALANCE_AFTER_FIRST_DREAM, usage: [], analyses: 0 });

    const declined = await api(t, user).post('/me/consents', {
      purposes: ['ai_analysis', 'data_processing'],
      isGranted: false,
      textVersion: CONSENT_VERSION,
    });
    expect(declined.json().items.map((i: { status: string }) => i.status)).toEqual(['declined', 'declined']);
    expect((await api(t, user).post(`/dreams/${dream.id}/analyses`, {})).statusCode).toBe(403);

    const granted = await api(t, user).post('/me/consents', {
      purposes: ['ai_analysis'],
      isGranted: true,
      textVersion: CONSENT_VERSION,
    });
    expect(granted.json().items[0]).toMatchObject({
      purpose: 'ai_analysis',
      status: 'granted',
      textVersion: CONSENT_VERSION,
    });
    expect((await api(t, user).post(`/dreams/${dream.id}/analyses`, {})).statusCode).toBe(201);

    const withdrawn = await api(t, user).post('/me/consents', {
      purposes: ['ai_analysis'],
      isGranted: false,
      textVersion: CONSENT_VERSION,
    });
    expect(withdrawn.json().items[0].status).toBe('withdrawn');
    expect((await api(t, user).post(`/dreams/${dream.id}/analyses`, {})).statusCode).toBe(403);
    const rows = await queryRows(
      t.database.db,
      sql`select purpose, is_granted, withdrawn_at is not null as withdrawn from consents where user_id = ${user.id} order by granted_at, purpose`,
    );
    expect(rows).toHaveLength(3);
  });

  it('the sign-up consent box counts as consent', async () => {
    const user = await signUpUser(t, { isConsenting: true });
    expect((await api(t, user).get('/me/consents')).json().items.map((i: { status: string }) => i.status)).toEqual([
      'granted',
      'granted',
    ]);
  });

  it('validates consent answers', async () => {
    const user = await signUpUser(t);
    for (const body of [
      { purposes: [], isGranted: true, textVersion: CONSENT_VERSION },
      { purposes: ['marketing'], isGranted: true, textVersion: CONSENT_VERSION },
      { purposes: ['ai_analysis'], isGranted: true, textVersion: '1999-01-01' },
      { purposes: ['ai_analysis'], isGranted: 'yes', textVersion: CONSENT_VERSION },
    ]) {
      const res = await api(t, user).post('/me/consents', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await api(t, null).get('/me/consents')).statusCode).toBe(401);
  });
});

describe('one user never reaches another user analyses', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let dream: Dream;

  beforeAll(async () => {
    t = await createTestApp(ENV);
    alice = await signUpUser(t, { isConsenting: true });
    bob = await signUpUser(t, { isConsenting: true });
    dream = await postDream(t, alice, { content: 'Um segredo: sonhei com dentes caindo.' });
    expect((await api(t, alice).post(`/dreams/${dream.id}/analyses`, {})).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("analysing or listing someone else's dream is 404 and charges nothing", async () => {
    const before = await moneyOf(t, bob.id);
    for (const res of [
      await api(t, bob).post(`/dreams/${dream.id}/analyses`, {}, STREAM),
      await api(t, bob).post(`/dreams/${dream.id}/analyses`, {}),
      await api(t, bob).get(`/dreams/${dream.id}/analyses`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Sonho não encontrado' });
    }
    expect(await moneyOf(t, bob.id)).toEqual(before);
  });

  it("lists, stats, credits, ledger and consents show only the caller's own", async () => {
    expect((await api(t, bob).get('/analyses')).json()).toEqual({ items: [], nextCursor: null });
    expect((await api(t, bob).get('/analyses/stats')).json()).toMatchObject({ total: 0, symbols: [] });
    expect((await api(t, bob).get('/credits')).json()).toMatchObject({ balance: 10, quota: { used: 0 } });
    expect((await api(t, bob).get('/credits/ledger')).json().items).toHaveLength(1);
    expect((await api(t, alice).get('/credits')).json()).toMatchObject({ quota: { used: 1 } });
  });

  it("erasing past analyses erases only the caller's, keeps quota and credit history, and empties the aggregates", async () => {
    const bobDream = await postDream(t, bob, { content: 'Sonhei com um gato preto no telhado.' });
    expect((await api(t, bob).post(`/dreams/${bobDream.id}/analyses`, {})).statusCode).toBe(201);
    const bobBefore = await moneyOf(t, bob.id);
    const aliceBefore = await moneyOf(t, alice.id);
    expect((await api(t, alice).get('/analyses/stats')).json().total).toBe(1); // fills the stats cache

    const res = await api(t, alice).delete('/analyses');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 1 });
    expect(await moneyOf(t, alice.id)).toEqual({ ...aliceBefore, analyses: 0 });
    expect((await api(t, alice).get(`/dreams/${dream.id}/analyses`)).json()).toEqual({ items: [] });
    expect((await api(t, alice).get('/analyses/stats')).json()).toMatchObject({ total: 0, symbols: [] });
    expect((await api(t, alice).get('/credits')).json().quota.used).toBe(1);
    expect(await moneyOf(t, bob.id)).toEqual(bobBefore);
    expect((await api(t, alice).delete('/analyses')).json()).toEqual({ deleted: 0 });
  });

  it('every analyses and credits endpoint needs a signed-in user', async () => {
    for (const [method, url] of [
      ['POST', `/dreams/${dream.id}/analyses`],
      ['GET', `/dreams/${dream.id}/analyses`],
      ['GET', '/analyses'],
      ['GET', '/analyses/stats'],
      ['DELETE', '/analyses'],
      ['GET', '/credits'],
      ['GET', '/credits/ledger'],
      ['GET', '/me/consents'],
      ['POST', '/me/consents'],
    ] as const) {
      // A valid body: validation runs before authentication, and an anonymous caller must get 401 on valid input too.
      const payload =
        url === '/me/consents' ? { purposes: ['ai_analysis'], isGranted: true, textVersion: CONSENT_VERSION } : {};
      const res = await t.app.inject({ method, url: `/api/v1${url}`, ...(method === 'POST' ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
