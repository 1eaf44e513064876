import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import type { SimilarDreamsResponse } from '@sonhario/contracts/patterns';
import type { PlanId } from '@sonhario/contracts/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';

// GET /dreams/:id/similar through the real app and database (docs/decisions/028).
describe('similar dreams', () => {
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
  const dream = (u: Awaited<ReturnType<typeof user>>, content: string, extra: Record<string, unknown> = {}) =>
    postDream(t, u, { content, emotions: [], ...extra });
  async function similar(u: Awaited<ReturnType<typeof user>>, id: string) {
    const res = await api(t, u).get(`/dreams/${id}/similar`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SimilarDreamsResponse>();
  }

  it('ranks a dream sharing rare words above one sharing only common words, and names the shared words', async () => {
    const u = await user();
    // "casa" and "noite" are in every dream of this journal; "ornitorrinco" and "farol" in two.
    for (let i = 0; i < 3; i += 1) await dream(u, `Na casa, de noite, havia uma mesa número ${i}.`);
    const source = await dream(u, 'Na casa, de noite, um ornitorrinco subia a escada do farol.');
    const rare = await dream(u, 'Um ornitorrinco dormia no farol.');
    const common = await dream(u, 'Outra noite na casa.');
    const { items } = await similar(u, source.id);
    expect(items).toHaveLength(5); // the rare one, the common one and the three others with "casa" and "noite"
    expect(items[0]?.id).toBe(rare.id);
    expect(items[0]?.sharedWords.slice(0, 2).sort()).toEqual(['farol', 'ornitorrinco']);
    expect(items[0]?.title).toBe(rare.title);
    expect(items[0]?.excerpt).toContain('ornitorrinco');
    const commonItem = items.find((item) => item.id === common.id);
    expect(commonItem?.score).toBeLessThan(items[0]!.score);
    expect(commonItem?.sharedWords).toEqual(['casa']); // "noite" frames a dream: not a word it holds (decision 061)
    expect(items.map((item) => item.id)).not.toContain(source.id);
    for (const item of items) expect(item.score).toBeGreaterThan(0);
  });

  it('counts rarity afresh after every kind of journal write (the sample kept between requests follows the journal)', async () => {
    // A second instance on the same database has its own (empty) cache: its answer is the one computed afresh.
    const fresh = await createTestApp(JOURNAL_TEST_ENV, t.database);
    try {
      const u = await user();
      for (let i = 0; i < 3; i += 1) await dream(u, `Na casa havia um farol e uma mesa número ${i}.`);
      const source = await dream(u, 'Na casa, um ornitorrinco subia a escada do farol.');
      const both = async () => {
        const kept = await similar(u, source.id);
        const res = await api(fresh, u).get(`/dreams/${source.id}/similar`);
        expect(res.statusCode, res.body).toBe(200);
        expect(kept).toEqual(res.json<SimilarDreamsResponse>());
        return kept;
      };
      const before = await both();
      // Each write changes the words' rarity, so the scores: a new dream, an edit, a delete, a restore.
      const added = await dream(u, 'Um ornitorrinco e um farol, outra vez.');
      const afterCreate = await both();
      expect(afterCreate.items.map((item) => item.score)).not.toEqual(before.items.map((item) => item.score));
      expect((await api(t, u).patch(`/dreams/${added.id}`, { content: 'Só um farol.' })).statusCode).toBe(200);
      await both();
      expect((await api(t, u).delete(`/dreams/${added.id}`)).statusCode).toBe(200);
      await both();
      expect((await api(t, u).post(`/dreams/${added.id}/restore`)).statusCode).toBe(200);
      await both();
    } finally {
      await fresh.close();
    }
  });

  it("names only content words in common, one per word, in this dream's most common form (decision 061)", async () => {
    const u = await user();
    const source = await dream(
      u,
      'Sonhei que vi o farol lá de noite, não sei, e acordei depois. Eu voava sobre o farol: voo, voo e voar era fácil. ' +
        'Caí perto de 12 gaivotas. Then I saw the lighthouse again and woke up.',
    );
    const other = await dream(
      u,
      'Vi um farol lá longe de noite e não acordei. Voando alto, depois caindo no meio de 12 gaivotas. ' +
        'I saw the lighthouse, then woke.',
    );
    const { items } = await similar(u, source.id);
    expect(items.map((item) => item.id)).toEqual([other.id]);
    const words = items[0]!.sharedWords;
    expect([...words].sort()).toEqual(['caí', 'farol', 'gaivotas', 'lighthouse', 'voo']);
  });

  it("never returns another user's dreams, even with the same text; excludes the dream itself and deleted dreams", async () => {
    const text = 'Um labirinto de espelhos azuis e uma raposa prateada.';
    const me = await user('oracle');
    const other = await user('oracle');
    const mine = await dream(me, text);
    const theirs = await dream(other, text);
    await dream(other, text);
    expect((await similar(me, mine.id)).items).toEqual([]);

    const twin = await dream(me, text);
    const gone = await dream(me, `${text} De novo.`);
    expect((await api(t, me).delete(`/dreams/${gone.id}`)).statusCode).toBe(200);
    const { items } = await similar(me, mine.id);
    expect(items.map((item) => item.id)).toEqual([twin.id]);
    expect(items[0]?.sharedWords).toEqual(expect.arrayContaining(['labirinto', 'espelhos', 'raposa', 'prateada']));
    // The other user's journal sees only its own twin.
    expect((await similar(other, theirs.id)).items.map((item) => item.id)).not.toContain(mine.id);
  });

  it("answers 404 for another user's dream or an unknown id, 400 for a bad id, 403 on Dreamer", async () => {
    const me = await user();
    const other = await user();
    const theirs = await dream(other, 'Um sonho alheio com um farol.');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const ownMissing = await api(t, me).get(`/dreams/${unknown}`);
    for (const id of [theirs.id, unknown]) {
      const res = await api(t, me).get(`/dreams/${id}/similar`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(ownMissing.json());
    }
    const bad = await api(t, me).get('/dreams/not-a-uuid/similar');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');

    const dreamer = await user('dreamer');
    const own = await dream(dreamer, 'Um farol no mar.');
    const refused = await api(t, dreamer).get(`/dreams/${own.id}/similar`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_required');
    expect((await api(t, null).get(`/dreams/${own.id}/similar`)).statusCode).toBe(401);
  });

  it('answers an empty list for a journal of one dream, and after the others are deleted', async () => {
    const u = await user();
    const only = await dream(u, 'O único sonho: um farol no mar.');
    expect((await similar(u, only.id)).items).toEqual([]);
    const second = await dream(u, 'Outro farol no mar.');
    expect((await similar(u, only.id)).items.map((item) => item.id)).toEqual([second.id]);
    expect((await api(t, u).delete(`/dreams/${second.id}`)).statusCode).toBe(200);
    expect((await similar(u, only.id)).items).toEqual([]);
  });

  it("forgets the user's rarity sample, kept in memory between requests, when the account is deleted", async () => {
    const u = await user();
    const first = await dream(u, 'Um farol no mar escuro.');
    await dream(u, 'Outro farol, de dia.');
    await similar(u, first.id);
    expect(t.app.deps.raritySamples.has(u.id)).toBe(true);
    const deleted = await api(t, u).post('/me/delete', {
      password: PASSWORD,
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(t.app.deps.raritySamples.has(u.id)).toBe(false);
  });

  it('counts shared tags and names the symbols both analyses found', async () => {
    const u = await user('oracle');
    const a = await dream(u, 'Eu nadava no mar com uma cobra enorme perto da escada.', { tags: ['Água'] });
    const b = await dream(u, 'Uma cobra subia a escada e o mar entrava pela janela.', { tags: ['agua'] });
    await dream(u, 'Uma reunião de trabalho sem fim.');
    for (const id of [a.id, b.id]) {
      const res = await api(t, u).post(`/dreams/${id}/analyses`, {});
      expect(res.statusCode, res.body).toBe(201);
    }
    const { items } = await similar(u, a.id);
    expect(items[0]?.id).toBe(b.id);
    const symbols = items[0]!.sharedSymbols;
    expect(symbols.length).toBeGreaterThan(0);
    const shown = [...symbols, ...items[0]!.sharedWords].map((name) => name.toLowerCase());
    expect(shown).toEqual(expect.arrayContaining(['mar', 'cobra', 'escada']));
    // A word is not named again beside the symbol it is a form of ("mar" beside "Mar"; decision 061).
    expect(new Set(shown).size).toBe(shown.length);
  });
});
