import {
  SIGN_GROUPS,
  signGroupOf,
  type DreamSignPin,
  type DreamSignsResponse,
} from '@sonhario/contracts/pattern-signs';
import type { PlanId } from '@sonhario/contracts/profile';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  api,
  contextFor,
  JOURNAL_TEST_ENV,
  postDream,
  queryRows,
  signUpUser,
  type TestUser,
} from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';

// GET /patterns/signs and the pins through the real app and database (docs/decisions/031).
describe('dream signs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  async function user(plan: PlanId = 'lucid') {
    const u = await signUpUser(t, { isConsenting: true });
    if (plan !== 'dreamer') await setPlan(contextFor(t, u.id), plan);
    return u;
  }
  const dream = (u: TestUser, content: string, extra: Record<string, unknown> = {}) =>
    postDream(t, u, { content, emotions: [], ...extra });
  async function signsOf(u: TestUser) {
    const res = await api(t, u).get('/patterns/signs');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DreamSignsResponse>();
  }
  const pin = (u: TestUser, body: Record<string, unknown>) => api(t, u).post('/patterns/signs/pins', body);

  it('ranks tags, emotions and recurring dreams that recur above the threshold, with their newest dreams', async () => {
    const u = await user();
    const flying = [];
    for (let i = 0; i < 4; i += 1) {
      flying.push(
        await dream(u, `Eu voava sobre a cidade, noite ${i}.`, {
          title: `Voo ${i}`,
          tags: i % 2 ? ['Voar'] : ['voar'],
          emotions: ['alegria'],
          dreamtOn: `2026-0${i + 1}-10`,
          isRecurring: true,
        }),
      );
    }
    // Twice only: below the threshold of three dreams.
    for (let i = 0; i < 2; i += 1)
      await dream(u, `Uma prova na escola ${i}.`, { tags: ['escola'], emotions: ['medo'] });
    const body = await signsOf(u);
    expect(body.dreamCount).toBe(6);
    const tag = body.signs.find((s) => s.kind === 'tag');
    expect(tag).toMatchObject({ key: 'voar', count: 4, pinId: null });
    expect(['voar', 'Voar']).toContain(tag?.label);
    expect(tag?.share).toBeCloseTo(4 / 6, 2);
    // Newest night first, titles opened.
    expect(tag?.dreams.map((d) => d.title)).toEqual(['Voo 3', 'Voo 2', 'Voo 1', 'Voo 0']);
    expect(tag?.dreams[0]).toMatchObject({ id: flying[3]!.id, dreamtOn: '2026-04-10' });
    expect(body.signs.find((s) => s.kind === 'emotion')).toMatchObject({ key: 'alegria', count: 4 });
    expect(body.signs.find((s) => s.kind === 'recurring')).toMatchObject({ count: 4 });
    expect(body.signs.some((s) => s.key === 'escola' || s.key === 'medo')).toBe(false);
    expect(body.cooccurrence).toEqual({ isTooLittleData: true, pairs: [] });
    expect(body.recentCount).toBe(6);

    // A deleted dream leaves the counts and the lists at once.
    expect((await api(t, u).delete(`/dreams/${flying[3]!.id}`)).statusCode).toBe(200);
    const after = await signsOf(u);
    expect(after.dreamCount).toBe(5);
    expect(after.signs.find((s) => s.kind === 'tag')).toMatchObject({ key: 'voar', count: 3 });
    expect(after.signs.find((s) => s.kind === 'tag')?.dreams.map((d) => d.title)).toEqual(['Voo 2', 'Voo 1', 'Voo 0']);
    expect(after.signs.find((s) => s.kind === 'emotion')).toMatchObject({ key: 'alegria', count: 3 });
  });

  it('names symbols, people and places from the analyses, once per dream', async () => {
    const u = await user('oracle');
    const analysed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const d = await dream(u, `Minha mãe e eu nadávamos no mar com uma cobra enorme perto da escada, vez ${i}.`);
      analysed.push(d.id);
      // Analysed twice: still one dream.
      for (let k = 0; k < (i === 0 ? 2 : 1); k += 1) {
        const res = await api(t, u).post(`/dreams/${d.id}/analyses`, {});
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const body = await signsOf(u);
    expect(body.analysedCount).toBe(3);
    const fromAnalyses = body.signs.filter((s) => ['symbol', 'person', 'place'].includes(s.kind));
    expect(fromAnalyses.length).toBeGreaterThan(0);
    for (const sign of fromAnalyses) {
      expect(sign.count).toBe(3);
      expect(sign.dreams).toHaveLength(3);
    }
    // A deleted dream's analysis no longer counts (the names opened before are kept per analysis, not per answer).
    expect((await api(t, u).delete(`/dreams/${analysed[0]!}`)).statusCode).toBe(200);
    const after = await signsOf(u);
    expect(after.analysedCount).toBe(2);
    expect(after.signs.filter((s) => ['symbol', 'person', 'place'].includes(s.kind))).toEqual([]);
  });

  it('leads with the images, then the feelings, then the tags, each sign saying its group (decision 061)', async () => {
    const u = await user('oracle');
    for (let i = 0; i < 4; i += 1) {
      const d = await dream(u, `Eu voava sobre o mar e uma cobra me olhava da praia, vez ${i}.`, {
        tags: ['viagem'],
        emotions: ['alegria', 'medo'],
        isRecurring: true,
      });
      const res = await api(t, u).post(`/dreams/${d.id}/analyses`, {});
      expect(res.statusCode, res.body).toBe(201);
    }
    const { signs } = await signsOf(u);
    // Everything recurs in all four dreams: the order is the groups', not the counts' (emotions came first before).
    expect(signs.every((s) => s.count === 4)).toBe(true);
    const groups = signs.map((s) => s.group);
    expect(groups[0]).toBe('images');
    expect(groups).toEqual([...groups].sort((a, b) => SIGN_GROUPS.indexOf(a) - SIGN_GROUPS.indexOf(b)));
    expect(new Set(groups)).toEqual(new Set(SIGN_GROUPS));
    for (const sign of signs) expect(sign.group).toBe(signGroupOf(sign.kind));
    const images = signs.filter((s) => s.group === 'images');
    expect(images.map((s) => s.kind)).toContain('symbol');
    // "Mar" is both a symbol and a place to the builtin reader: one image, not two.
    const labels = images.map((s) => s.label.toLowerCase());
    expect(new Set(labels).size).toBe(labels.length);
    expect(
      signs
        .filter((s) => s.group === 'feelings')
        .map((s) => s.kind)
        .sort(),
    ).toEqual(['emotion', 'emotion', 'recurring']);
  });

  it('pins a sign (sealed, keyed hash), lists it first even below the threshold, refuses twice, unpins', async () => {
    const u = await user();
    for (let i = 0; i < 3; i += 1) await dream(u, `Uma porta azul ${i}.`, { tags: ['porta'] });
    await dream(u, 'Uma prova na escola.', { tags: ['Escola'] });
    const res = await pin(u, { kind: 'tag', key: 'Escola', label: 'Escola' });
    expect(res.statusCode, res.body).toBe(201);
    const pinned = res.json<DreamSignPin>();
    expect(pinned).toMatchObject({ kind: 'tag', key: 'escola', label: 'Escola' });

    const body = await signsOf(u);
    expect(body.signs[0]).toMatchObject({ kind: 'tag', key: 'escola', label: 'Escola', count: 1, pinId: pinned.id });
    expect(body.signs[0]?.dreams.map((d) => d.title)).toHaveLength(1);
    expect(body.signs[1]).toMatchObject({ kind: 'tag', key: 'porta', pinId: null });

    // Nothing of the sign in the clear.
    const [row] = await queryRows<{ sign_hash: string; sign_enc: string }>(
      t.database.db,
      sql`select sign_hash, encode(sign_enc, 'escape') as sign_enc from dream_sign_pins where id = ${pinned.id}`,
    );
    expect(row?.sign_hash).toMatch(/^-?\d+$/);
    expect(row?.sign_enc).not.toContain('scola');

    const again = await pin(u, { kind: 'tag', key: 'ESCOLA' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sign_already_pinned');

    expect((await api(t, u).delete(`/patterns/signs/pins/${pinned.id}`)).statusCode).toBe(204);
    expect((await signsOf(u)).signs.some((s) => s.pinId)).toBe(false);
    expect((await api(t, u).delete(`/patterns/signs/pins/${pinned.id}`)).statusCode).toBe(404);
  });

  it('pins emotions, analysis signs and the recurring flag; refuses unknown kinds and keys, and beyond 20 pins', async () => {
    const u = await user('oracle');
    expect((await pin(u, { kind: 'emotion', key: 'medo' })).statusCode).toBe(201);
    expect((await pin(u, { kind: 'recurring', key: 'recurring' })).statusCode).toBe(201);
    expect((await pin(u, { kind: 'symbol', key: 'Cobra' })).json()).toMatchObject({ key: 'cobra', label: 'Cobra' });
    for (const body of [
      { kind: 'color', key: 'azul' },
      { kind: 'emotion', key: 'saudade' },
      { kind: 'recurring', key: 'x' },
      { kind: 'tag', key: '   ' },
      { kind: 'tag', key: 'x'.repeat(201) },
      { kind: 'tag' },
      { kind: 'tag', key: 'a', extra: 1 },
    ]) {
      const res = await pin(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const body = await signsOf(u);
    expect(body.signs.slice(0, 3).map((s) => s.kind)).toEqual(['symbol', 'recurring', 'emotion']);
    expect(body.signs.slice(0, 3).every((s) => s.count === 0 && s.pinId)).toBe(true);

    for (let i = 3; i < 17; i += 1) expect((await pin(u, { kind: 'place', key: `lugar ${i}` })).statusCode).toBe(201);
    // Five at once with room for three: the limit holds.
    const racing = await Promise.all([17, 18, 19, 20, 21].map((i) => pin(u, { kind: 'place', key: `lugar ${i}` })));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    for (const res of racing.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('too_many_pins');
    const tooMany = await pin(u, { kind: 'place', key: 'lugar 22' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('too_many_pins');
  });

  it("never shows or unpins another user's signs; 404 for another user's pin, 403 on Dreamer, 401 without a session", async () => {
    const me = await user();
    const other = await user();
    for (let i = 0; i < 3; i += 1) await dream(other, `Um farol ${i}.`, { tags: ['farol'] });
    const theirs = (await pin(other, { kind: 'tag', key: 'farol' })).json<DreamSignPin>();
    const mine = await signsOf(me);
    expect(mine).toMatchObject({ dreamCount: 0, analysedCount: 0, signs: [] });
    expect(mine.signs.every((s) => s.kind !== 'tag')).toBe(true);
    const refused = await api(t, me).delete(`/patterns/signs/pins/${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await signsOf(other)).signs[0]).toMatchObject({ pinId: theirs.id, count: 3 });
    expect((await api(t, me).delete('/patterns/signs/pins/not-a-uuid')).statusCode).toBe(400);

    const dreamer = await user('dreamer');
    for (const res of [
      await api(t, dreamer).get('/patterns/signs'),
      await pin(dreamer, { kind: 'tag', key: 'farol' }),
      await api(t, dreamer).delete(`/patterns/signs/pins/${theirs.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('plan_required');
    }
    expect((await api(t, null).get('/patterns/signs')).statusCode).toBe(401);
  });

  it('finds what goes together over 20 dreams or more: a tag with nightmares, a tag with an emotion', async () => {
    const u = await user();
    // 6 nightmares with the tag 'queda' and fear; 16 calm dreams, 2 of them with fear.
    for (let i = 0; i < 6; i += 1) {
      await dream(u, `Eu caía de um prédio ${i}.`, { tags: ['Queda'], emotions: ['medo'], isNightmare: true });
    }
    for (let i = 0; i < 16; i += 1) {
      await dream(u, `Um passeio no parque ${i}.`, { tags: ['parque'], emotions: i < 2 ? ['medo'] : ['paz'] });
    }
    const { cooccurrence, dreamCount } = await signsOf(u);
    expect(dreamCount).toBe(22);
    expect(cooccurrence.isTooLittleData).toBe(false);
    const withNightmares = cooccurrence.pairs.find(
      (p) => [p.a.kind, p.b.kind].includes('nightmare') && [p.a.label, p.b.label].includes('Queda'),
    );
    expect(withNightmares).toMatchObject({ together: 6, dreamCount: 22 });
    expect(withNightmares?.lift).toBeCloseTo((6 * 22) / (6 * 6), 2);
    const fear = cooccurrence.pairs.find(
      (p) => [p.a.key, p.b.key].includes('medo') && [p.a.key, p.b.key].includes('queda'),
    );
    expect(fear).toMatchObject({ together: 6 });
    expect(fear?.lift).toBeCloseTo((6 * 22) / (6 * 8), 2);
    // The calm tag goes with peace, not enough above chance with anything else to be shown with fear.
    expect(
      cooccurrence.pairs.some((p) => [p.a.key, p.b.key].includes('parque') && [p.a.key, p.b.key].includes('medo')),
    ).toBe(false);
    for (const pair of cooccurrence.pairs) {
      expect(pair.together).toBeGreaterThanOrEqual(3);
      expect(pair.lift).toBeGreaterThanOrEqual(1.5);
    }
  });
});

describe('dream sign pins in the export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  it('are in the JSON and HTML files, opened; the import ignores them', async () => {
    const u = await signUpUser(t, { isConsenting: true });
    await setPlan(contextFor(t, u.id), 'lucid');
    await postDream(t, u, { content: 'Um farol no mar.', tags: ['Farol'] });
    const pinned = await api(t, u).post('/patterns/signs/pins', { kind: 'tag', key: 'Farol', label: 'Farol <azul>' });
    expect(pinned.statusCode).toBe(201);

    const json = await api(t, u).get('/me/export?format=json');
    expect(json.statusCode).toBe(200);
    const file = json.json<{ dreamSignPins: unknown[] }>();
    expect(file.dreamSignPins).toEqual([
      { kind: 'tag', key: 'farol', label: 'Farol <azul>', createdAt: pinned.json<DreamSignPin>().createdAt },
    ]);
    const html = await api(t, u).get('/me/export?format=html');
    expect(html.body).toContain('Sinais de sonho fixados');
    expect(html.body).toContain('Farol &lt;azul&gt;');

    const other = await signUpUser(t, { isConsenting: true });
    const imported = await api(t, other).post('/me/import', file);
    expect(imported.statusCode, imported.body).toBeLessThan(300);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from dream_sign_pins where user_id = ${other.id}`,
    );
    expect(row?.n).toBe(0);
  });
});
