import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dream } from '@sonhario/contracts/dreams';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from './dreams.testing.ts';

// The access matrix: user B holding user A's dream ids can neither read nor change anything of A's, on every
// endpoint, and every answer looks exactly like the one for an id that does not exist.
describe('one user never reaches another user dreams', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let dream: Dream;
  let deleted: Dream;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
    alice = await signUpUser(t);
    bob = await signUpUser(t);
    dream = await postDream(t, alice, {
      title: 'Segredo da Alice',
      content: 'Um sonho só meu com dragões',
      tags: ['dragão'],
      emotions: ['medo'],
      isNightmare: true,
    });
    deleted = await postDream(t, alice, { content: 'Apagado mas restaurável', tags: ['apagado'] });
    expect((await api(t, alice).delete(`/dreams/${deleted.id}`)).statusCode).toBe(200);
    await postDream(t, bob, { content: 'O sonho do Bob', tags: ['bob'] });
  });
  afterAll(() => t.close());

  const notFound = { code: 'not_found', message: 'Sonho não encontrado' };

  async function expectAliceUnchanged() {
    const res = await api(t, alice).get(`/dreams/${dream.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(dream);
    expect((await api(t, alice).get(`/dreams/${deleted.id}`)).statusCode).toBe(404);
  }

  it('GET /dreams/:id answers 404', async () => {
    const res = await api(t, bob).get(`/dreams/${dream.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('PATCH /dreams/:id answers 404 and changes nothing', async () => {
    for (const body of [{ title: 'Roubado' }, { content: 'Outro', version: 1 }, { tags: ['x'] }]) {
      const res = await api(t, bob).patch(`/dreams/${dream.id}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    await expectAliceUnchanged();
  });

  it('DELETE /dreams/:id answers 404 and deletes nothing', async () => {
    const res = await api(t, bob).delete(`/dreams/${dream.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    await expectAliceUnchanged();
  });

  it('POST /dreams/:id/restore answers 404 for a live or a deleted dream, and restores nothing', async () => {
    for (const id of [dream.id, deleted.id]) {
      const res = await api(t, bob).post(`/dreams/${id}/restore`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    await expectAliceUnchanged();
  });

  it('GET /dreams never lists, searches or filters into the other user dreams', async () => {
    for (const query of [
      '',
      '?q=dragoes',
      '?tag=drag%C3%A3o',
      '?nightmare=true',
      '?emotion=medo',
      '?from=1900-01-01&limit=50',
    ]) {
      const items = (await api(t, bob).get(`/dreams${query}`)).json().items as { id: string }[];
      expect(
        items.map((d) => d.id),
        query,
      ).not.toContain(dream.id);
    }
    expect((await api(t, bob).get('/dreams?q=dragoes')).json().items).toEqual([]);
    // Alice finds her own.
    expect((await api(t, alice).get('/dreams?q=dragoes')).json().items.map((d: { id: string }) => d.id)).toEqual([
      dream.id,
    ]);
  });

  it('a cursor made from the other user dreams still only pages the caller own', async () => {
    const aliceFirst = (await api(t, alice).get('/dreams?limit=1')).json();
    const res = await api(t, bob).get(
      `/dreams?cursor=${encodeURIComponent(aliceFirst.nextCursor ?? Buffer.from(JSON.stringify(['2999-01-01', new Date().toISOString(), dream.id])).toString('base64url'))}`,
    );
    expect(res.statusCode).toBe(200);
    for (const item of res.json().items as { id: string }[]) expect([dream.id, deleted.id]).not.toContain(item.id);
  });

  it('GET /tags and GET /me/overview are per user', async () => {
    expect((await api(t, bob).get('/tags')).json()).toEqual({ tags: [{ name: 'bob', count: 1 }] });
    expect((await api(t, alice).get('/tags')).json()).toEqual({ tags: [{ name: 'dragão', count: 1 }] });
    const overview = (await api(t, bob).get('/me/overview')).json();
    expect(overview.dreamCount).toBe(1);
    expect(overview.recent.map((d: { id: string }) => d.id)).not.toContain(dream.id);
    expect((await api(t, alice).get('/me/overview')).json().dreamCount).toBe(1);
  });

  it('an idempotency key of the other user creates a new dream instead of returning theirs', async () => {
    const key = 'shared-key-0001';
    const mine = await api(t, alice).post('/dreams', { content: 'Da Alice' }, { 'idempotency-key': key });
    const theirs = await api(t, bob).post('/dreams', { content: 'Do Bob' }, { 'idempotency-key': key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().content).toBe('Do Bob');
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('profiles are per user', async () => {
    await api(t, alice).patch('/me/profile', { timeZone: 'Asia/Tokyo', theme: 'light' });
    expect((await api(t, bob).get('/me/profile')).json()).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      theme: 'dark',
    });
  });
});
