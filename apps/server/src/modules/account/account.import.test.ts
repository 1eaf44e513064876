import { IMPORT_LIMITS, type ExportFile } from '@sonhario/contracts/account';
import type { AchievementId } from '@sonhario/contracts/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { creditsOfAchievement } from '../rewards/rewards.testing.ts';
import { exportJson, importBody } from './account.data.testing.ts';

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };

/** The fields a restored dream keeps (id, version and updatedAt are its own). */
const kept = (d: ExportFile['dreams'][number]) => ({
  title: d.title,
  isTitleDerived: d.isTitleDerived,
  content: d.content,
  notes: d.notes,
  tags: d.tags,
  dreamtOn: d.dreamtOn,
  recordedAt: d.recordedAt,
  mood: d.mood,
  emotions: d.emotions,
  lucidity: d.lucidity,
  vividness: d.vividness,
  sleepQuality: d.sleepQuality,
  isNightmare: d.isNightmare,
  isRecurring: d.isRecurring,
});

// POST /me/import: the dreams of an export file come back into a journal, sealed and searchable, once.
describe('POST /me/import', () => {
  let t: TestApp;
  let source: TestUser;
  let exported: { file: ExportFile; text: string };

  beforeAll(async () => {
    t = await createTestApp(ENV);
    source = await signUpUser(t, { isConsenting: true });
    await postDream(t, source, {
      title: 'Biblioteca submersa',
      content: 'Eu nadava entre estantes de uma biblioteca debaixo d’água.',
      notes: 'Os livros não molhavam.',
      dreamtOn: '2025-12-01',
      mood: 2,
      emotions: ['medo', 'surpresa'],
      tags: ['água', 'Livros'],
      lucidity: 1,
      vividness: 4,
      sleepQuality: 2,
      isNightmare: true,
      isRecurring: false,
    });
    const analysed = await postDream(t, source, {
      content: 'Um cavalo branco corria pela praia ao amanhecer.',
      dreamtOn: '2025-12-02',
    });
    expect((await api(t, source).post(`/dreams/${analysed.id}/analyses`, {})).statusCode).toBe(201);
    await postDream(t, source, {
      content: 'Um terceiro sonho, sem título, numa estação de trem.',
      dreamtOn: '2025-12-03',
      tags: ['viagem'],
    });
    const gone = await postDream(t, source, { content: 'Um sonho que estava sendo excluído.', dreamtOn: '2025-12-04' });
    await api(t, source).delete(`/dreams/${gone.id}`);
    exported = await exportJson(t, source);
    expect(exported.file.dreams).toHaveLength(4);
  });
  afterAll(() => t.close());

  it("refreshes the planner's statistics when an import grows the dreams' table by a tenth or more", async () => {
    const { db } = t.database;
    const counted = async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select reltuples::float8 as n from pg_class where oid = 'dreams'::regclass`,
      );
      return rows[0]?.n;
    };
    const rowsNow = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from dreams`)).rows[0]?.n;
    await db.execute(sql`analyze dreams`);
    const before = await counted();
    expect(before).toBe(await rowsNow());
    const target = await signUpUser(t);
    expect((await importBody(t, target, exported.text)).json()).toEqual({ imported: 3, skipped: 1 });
    // Three dreams on a table of a few: the statistics count them at once, with no autovacuum to wait for.
    expect(await counted()).toBe((before ?? 0) + 3);
  });

  it('restores the dreams into a fresh account with the same texts and fields, searchable, and no streak', async () => {
    const target = await signUpUser(t);
    const res = await importBody(t, target, exported.text);
    expect(res.statusCode, res.body).toBe(200);
    // The dream deleted in the file stays deleted.
    expect(res.json()).toEqual({ imported: 3, skipped: 1 });
    expect(res.headers['cache-control']).toBe('no-store');

    const mine = (await exportJson(t, target)).file;
    const live = exported.file.dreams.filter((d) => !d.deletedAt);
    expect(mine.dreams.map(kept)).toEqual(live.map(kept));
    expect(mine.dreams.every((d) => d.version === 1 && d.analyses.length === 0)).toBe(true);
    expect(mine.dreams.map((d) => d.id)).not.toEqual(expect.arrayContaining([live[0]!.id]));
    // Only dreams: no analyses, ledger rows or consents come with them. The imported dreams earn the countable
    // achievements they reach (decision 026), on Dreamer the starter ones with their credits (decision 078).
    expect(mine.creditLedger.filter((e) => e.reason !== 'achievement').map((e) => e.reason)).toEqual(['welcome_bonus']);
    const reached: AchievementId[] = live.some((d) => d.lucidity > 0)
      ? ['first_dream', 'first_lucid']
      : ['first_dream'];
    expect(
      mine.creditLedger
        .filter((e) => e.reason === 'achievement')
        .map((e) => [e.detail, e.amount])
        .sort(),
    ).toEqual(reached.map((id) => [id, creditsOfAchievement(id)]));
    expect(mine.analysisUsage).toEqual([]);
    expect(mine.consents).toEqual([]);
    expect(exported.file.securityLog!.length).toBeGreaterThan(0);
    expect(mine.securityLog!.map((e) => e.action).sort()).toEqual(['login', 'user_signedup']);

    const search = (await api(t, target).get(`/dreams?q=${encodeURIComponent('biblioteca estantes')}`)).json();
    expect(search.items.map((d: { title: string }) => d.title)).toEqual(['Biblioteca submersa']);
    expect((await api(t, target).get('/dreams?q=livros')).json().items).toHaveLength(1); // words of the notes
    expect((await api(t, target).get('/dreams?tag=agua')).json().items).toHaveLength(1);
    expect((await api(t, target).get('/tags')).json().tags).toEqual(
      expect.arrayContaining([
        { name: 'água', count: 1 },
        { name: 'Livros', count: 1 },
        { name: 'viagem', count: 1 },
      ]),
    );
    const overview = (await api(t, target).get('/me/overview')).json();
    expect(overview).toMatchObject({ dreamCount: 3, currentStreak: 0, longestStreak: 0, isTodayRecorded: false });
    // A dream written here today still counts.
    await postDream(t, target, { content: 'Escrito hoje mesmo.' });
    expect((await api(t, target).get('/me/overview')).json()).toMatchObject({
      currentStreak: 1,
      isTodayRecorded: true,
    });
  });

  it('ignores the security log: files with it, without it, or with it mangled restore the same dreams, and none of its entries', async () => {
    expect(exported.file.securityLog!.length).toBeGreaterThan(0);
    const file = JSON.parse(exported.text) as Record<string, unknown> & { totals: Record<string, unknown> };
    const { securityLog: _log, ...withoutLog } = file;
    const { securityLog: _count, ...totalsWithout } = file.totals;
    const variants = {
      // A version-1 file written before the section existed.
      without: JSON.stringify({ ...withoutLog, totals: totalsWithout }),
      mangled: JSON.stringify({
        ...file,
        securityLog: [{ action: 1, ip: ['x'] }, 'nada'],
        totals: { ...file.totals, securityLog: 'muitos' },
      }),
    };
    for (const [name, body] of Object.entries(variants)) {
      const target = await signUpUser(t);
      const res = await importBody(t, target, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json(), name).toEqual({ imported: 3, skipped: 1 });
      // The target's log holds its own sign-up and sign-in only.
      const mine = (await exportJson(t, target)).file;
      expect(mine.securityLog!.map((e) => e.action).sort(), name).toEqual(['login', 'user_signedup']);
      expect(mine.totals.securityLog, name).toBe(2);
    }
  });

  it('skips everything the second time, and skips the source account own dreams', async () => {
    const target = await signUpUser(t);
    expect((await importBody(t, target, exported.text)).json()).toEqual({ imported: 3, skipped: 1 });
    expect((await importBody(t, target, exported.text)).json()).toEqual({ imported: 0, skipped: 4 });
    expect((await api(t, target).get('/me/overview')).json().dreamCount).toBe(3);
    // Back into the account it came from: the same ids are there.
    expect((await importBody(t, source, exported.text)).json()).toEqual({ imported: 0, skipped: 4 });
    // The target's own export (new ids) into the source: same nights and texts.
    const roundTrip = (await exportJson(t, target)).text;
    expect((await importBody(t, source, roundTrip)).json()).toEqual({ imported: 0, skipped: 3 });
    expect((await api(t, source).get('/me/overview')).json().dreamCount).toBe(3);
  });

  it('two imports of one file at once create each dream once', async () => {
    const target = await signUpUser(t);
    const answers = await Promise.all([importBody(t, target, exported.text), importBody(t, target, exported.text)]);
    const results = answers.map((res) => res.json<{ imported: number; skipped: number }>());
    expect(results.reduce((sum, r) => sum + r.imported, 0)).toBe(3);
    expect((await api(t, target).get('/me/overview')).json().dreamCount).toBe(3);
  });

  it('skips a dream already imported and then deleted', async () => {
    const target = await signUpUser(t);
    await importBody(t, target, exported.text);
    const first = (await api(t, target).get('/dreams')).json().items[0];
    expect((await api(t, target).delete(`/dreams/${first.id}`)).statusCode).toBe(200);
    expect((await importBody(t, target, exported.text)).json()).toEqual({ imported: 0, skipped: 4 });
  });

  describe('refuses bad files with a code and a pt-BR message', () => {
    let target: TestUser;
    beforeAll(async () => {
      target = await signUpUser(t);
    });
    const withFile = (change: (file: Record<string, unknown>) => void) => {
      const file = JSON.parse(exported.text) as Record<string, unknown>;
      change(file);
      return JSON.stringify(file);
    };
    const expectNothingImported = async () =>
      expect((await api(t, target).get('/me/overview')).json().dreamCount).toBe(0);

    it('another format version', async () => {
      const res = await importBody(
        t,
        target,
        withFile((f) => (f.schemaVersion = 2)),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'unsupported_export_version',
        message: 'Este arquivo usa a versão 2 do formato de exportação; este servidor só importa a versão 1.',
      });
      await expectNothingImported();
    });

    it('another format version, named without cutting an emoji in half (a lone surrogate in the message)', async () => {
      const res = await importBody(
        t,
        target,
        withFile((f) => (f.schemaVersion = '😀'.repeat(15))),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'unsupported_export_version',
        message: `Este arquivo usa a versão "${'😀'.repeat(9)} do formato de exportação; este servidor só importa a versão 1.`,
      });
    });

    it('not JSON, not a JSON content type, not an object, not an export', async () => {
      const broken = await importBody(t, target, '{"schemaVersion": 1, "dreams": [');
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({
        code: 'bad_json',
        message: expect.stringContaining('não é um JSON válido'),
      });
      const plain = await importBody(t, target, exported.text, 'application/xml');
      expect(plain.statusCode).toBe(415);
      expect(plain.json()).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('JSON') });
      for (const body of ['[1, 2]', '"texto"', '{}', '{"hello": "world"}']) {
        const res = await importBody(t, target, body);
        expect(res.statusCode, body).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'invalid_export',
          message: expect.stringContaining('não é uma exportação válida do Sonhário'),
        });
      }
      await expectNothingImported();
    });

    it('a file missing its parts names the first problems', async () => {
      const res = await importBody(
        t,
        target,
        withFile((f) => delete f.account),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_export',
        details: [{ path: 'body.account', message: expect.any(String) }],
      });
    });

    it('a dream that breaks the journal rules, naming it, and imports none of the file', async () => {
      const tooLong = await importBody(
        t,
        target,
        withFile((f) => ((f.dreams as { content: string }[])[2]!.content = 'a'.repeat(20_001))),
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({
        code: 'validation_failed',
        message: 'O sonho 3 do arquivo não pode ser importado: O sonho pode ter no máximo 20.000 caracteres',
        details: [{ path: 'body.dreams.2.content' }],
      });
      const future = await importBody(
        t,
        target,
        withFile((f) => ((f.dreams as { dreamtOn: string }[])[1]!.dreamtOn = '2999-01-01')),
      );
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(
        'O sonho 2 do arquivo não pode ser importado: A data do sonho não pode estar no futuro',
      );
      await expectNothingImported();
    });

    it(`more than ${IMPORT_LIMITS.maxDreams} dreams`, async () => {
      const template = exported.file.dreams[0]!;
      const dreams = Array.from({ length: IMPORT_LIMITS.maxDreams + 1 }, () => template);
      const res = await importBody(
        t,
        target,
        withFile((f) => (f.dreams = dreams)),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'import_too_large',
        message: 'O arquivo tem 20.001 sonhos; uma importação aceita até 20.000. Divida o arquivo em partes menores.',
      });
      await expectNothingImported();
    });

    it(`a file over ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`, async () => {
      const res = await importBody(
        t,
        target,
        withFile((f) => (f.padding = 'x'.repeat(IMPORT_LIMITS.maxBytes))),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'payload_too_large',
        message: 'O arquivo passa de 50 MB. Divida-o em partes menores.',
      });
    });

    it('other routes keep the usual 2 MB body limit', async () => {
      const res = await api(t, target).post('/dreams', { content: 'x', padding: 'x'.repeat(3 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
    });
  });
});
