import { rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DELETE_ACCOUNT_CONFIRMATION, exportFileSchema, type ExportFile } from '@sonhario/contracts/account';
import { CREDIT_RULES } from '@sonhario/contracts/credits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAuditLogEntries } from '../../db/schema/auth.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { insertAuditEntry } from '../auth/auth.repository.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { creditsOfAchievement } from '../rewards/rewards.testing.ts';
import { listSecurityLogRows } from './account.data.repository.ts';
import { exportJson, refreshSession, signInAgain, signUpNamed } from './account.data.testing.ts';

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };
const OTHER_WORD = 'xilofonescarlate';
// Documentation addresses (RFC 5737): the user's two devices, and the other user's.
const USER_IP = '198.51.100.23';
const USER_PHONE_IP = '198.51.100.24';
const OTHER_IP = '203.0.113.77';
const OTHER_LAST_NAME = 'Quaresmeira';

// GET /me/export: every kind of record of the caller, decrypted, and nothing of anyone else.
describe('GET /me/export', () => {
  let t: TestApp;
  let user: TestUser & { refreshToken: string };
  let other: TestUser;
  let rich: Record<string, unknown> & { id: string };
  let restored: { id: string };
  let deleted: { id: string };
  let hostile: { id: string };
  let analysed: { id: string };
  let json: { file: ExportFile; text: string };

  beforeAll(async () => {
    t = await createTestApp(ENV);
    user = await signUpNamed(t, { firstName: 'Nina', lastName: 'Prado' }, 'Navegador-Um/1.0', USER_IP);
    await signInAgain(t, user.email, 'Celular-Dois/2.0', USER_PHONE_IP);

    rich = await postDream(t, user, {
      title: 'O farol no deserto',
      content: 'Eu subia um farol no meio do deserto.\nLá em cima havia um relógio sem ponteiros.',
      notes: 'Acordei às 4h, lembrei do meu avô.',
      dreamtOn: '2026-01-10',
      mood: 4,
      emotions: ['surpresa', 'paz'],
      tags: ['farol', 'Família'],
      lucidity: 2,
      vividness: 5,
      sleepQuality: 3,
      isNightmare: false,
      isRecurring: true,
    });
    expect(
      (await api(t, user).patch(`/dreams/${rich.id}`, { notes: 'Acordei às 4h, lembrei do meu avô. Editado.' }))
        .statusCode,
    ).toBe(200);
    restored = await postDream(t, user, {
      content: 'Um sonho apagado e trazido de volta.',
      dreamtOn: '2026-01-11',
    });
    expect((await api(t, user).delete(`/dreams/${restored.id}`)).statusCode).toBe(200);
    expect((await api(t, user).post(`/dreams/${restored.id}/restore`)).statusCode).toBe(200);
    deleted = await postDream(t, user, { content: 'Este foi excluído agora há pouco.', dreamtOn: '2026-01-12' });
    expect((await api(t, user).delete(`/dreams/${deleted.id}`)).statusCode).toBe(200);
    hostile = await postDream(t, user, {
      title: '<script>alert("t")</script>',
      content: 'Texto com <b>tags</b> & "aspas" e <img src=x onerror=alert(1)>',
      tags: ['<i>etiqueta</i>'],
      dreamtOn: '2026-01-13',
    });
    // Five analyses fill the dreamer quota; the sixth is paid with credits (the welcome bonus and the starter
    // achievements: the first dream, the first lucid one, the first analysis; decision 078).
    analysed = await postDream(t, user, {
      content: 'Sonhei que voava sobre o mar com minha mãe.',
      dreamtOn: '2026-01-14',
    });
    for (let i = 0; i < 6; i += 1)
      expect((await api(t, user).post(`/dreams/${analysed.id}/analyses`, {})).statusCode).toBe(201);

    other = await signUpNamed(t, { firstName: 'Outra', lastName: OTHER_LAST_NAME }, 'Alheio/9.0', OTHER_IP);
    await signInAgain(t, other.email, 'Alheio/9.0', OTHER_IP);
    await postDream(t, other, {
      content: `Um sonho alheio com ${OTHER_WORD}.`,
      notes: 'notas alheias',
      tags: ['alheia'],
    });

    json = await exportJson(t, user);
  });
  afterAll(() => t.close());

  it('answers a JSON download named by today, not cacheable', async () => {
    const res = await api(t, user).get('/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sonhario-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(() => exportFileSchema.parse(JSON.parse(res.body))).not.toThrow();
  });

  it('holds the account, profile, consents and both sessions, without tokens', () => {
    const { file, text } = json;
    expect(file).toMatchObject({ schemaVersion: 1, product: 'Sonhário' });
    expect(Date.parse(file.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(file.account).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Nina',
      lastName: 'Prado',
      providers: [{ provider: 'email', email: user.email }],
    });
    expect(file.profile).toMatchObject({ timeZone: 'America/Sao_Paulo', locale: 'pt-BR', plan: 'dreamer' });
    expect(file.consents.map((c) => [c.purpose, c.isGranted, c.source, c.withdrawnAt]).sort()).toEqual([
      ['ai_analysis', true, 'signup', null],
      ['data_processing', true, 'signup', null],
    ]);
    expect(file.consents[0]!.text).toMatch(/LGPD/);
    expect(file.sessions.map((s) => s.userAgent).sort()).toEqual(['Celular-Dois/2.0', 'Navegador-Um/1.0']);
    expect(text).not.toContain(user.accessToken);
    expect(text).not.toContain(user.refreshToken);
    expect(text).not.toMatch(/token_hash|encrypted_password|argon2/i);
  });

  it('holds the security log after the sessions: the sign-up and both sign-ins, with their IPs and no secrets', () => {
    const { file, text } = json;
    expect(Object.keys(file)).toEqual([
      'schemaVersion',
      'product',
      'exportedAt',
      'account',
      'profile',
      'consents',
      'sessions',
      'securityLog',
      'creditLedger',
      'analysisUsage',
      'rewards',
      'billing',
      'support',
      'dreamSignPins',
      'monthlyReports',
      'chatConversations',
      'reminders',
      'dreams',
      'totals',
    ]);
    const log = file.securityLog!;
    // The sign-up's two entries share their transaction's instant: their order is not defined.
    const entry = (e: (typeof log)[number]) => [e.action, e.ip, e.details];
    expect(log.slice(0, 2).map(entry).sort()).toEqual([
      ['login', USER_IP, { provider: 'email' }],
      ['user_signedup', USER_IP, { provider: 'email' }],
    ]);
    expect(entry(log[2]!)).toEqual(['login', USER_PHONE_IP, { provider: 'email' }]);
    expect(log.map((e) => Date.parse(e.createdAt))).toEqual(
      log.map((e) => Date.parse(e.createdAt)).sort((a, b) => a - b),
    );
    expect(Object.keys(log[0]!).sort()).toEqual(['action', 'createdAt', 'details', 'ip']);
    expect(file.totals.securityLog).toBe(log.length);
    expect(text).not.toContain(user.refreshToken);
    expect(text).not.toMatch(/session_id|actor_id|"user_id"/);
  });

  it('holds every dream decrypted, with all fields, the deleted one marked, oldest night first', () => {
    const { dreams } = json.file;
    expect(dreams.map((d) => d.id)).toEqual([rich.id, restored.id, hostile.id, analysed.id, deleted.id]);
    expect(dreams[0]).toEqual({
      id: rich.id,
      title: 'O farol no deserto',
      isTitleDerived: false,
      content: 'Eu subia um farol no meio do deserto.\nLá em cima havia um relógio sem ponteiros.',
      notes: 'Acordei às 4h, lembrei do meu avô. Editado.',
      dreamtOn: '2026-01-10',
      recordedAt: rich.recordedAt,
      updatedAt: expect.any(String),
      mood: 4,
      emotions: ['surpresa', 'paz'],
      tags: ['farol', 'Família'],
      lucidity: 2,
      vividness: 5,
      sleepQuality: 3,
      isNightmare: false,
      isRecurring: true,
      version: 2,
      deletedAt: null,
      purgeAfter: null,
      analyses: [],
    });
    expect(dreams[1]).toMatchObject({
      content: 'Um sonho apagado e trazido de volta.',
      isTitleDerived: true,
      deletedAt: null,
    });
    expect(dreams[4]).toMatchObject({
      content: 'Este foi excluído agora há pouco.',
      deletedAt: expect.any(String),
      purgeAfter: expect.any(String),
    });
    expect(json.file.totals).toEqual({ dreams: 5, analyses: 6, securityLog: 3 });
  });

  it('holds the analyses decrypted under their dream, the ledger and the quota usage', () => {
    const { file } = json;
    const analyses = file.dreams[3]!.analyses;
    expect(analyses).toHaveLength(6);
    expect(analyses[0]).toMatchObject({
      dreamId: analysed.id,
      dreamVersion: 1,
      provider: 'builtin',
      language: 'pt-BR',
      charge: 'quota',
    });
    expect(analyses[5]!.charge).toBe('credits');
    expect(analyses[0]!.result.summary.length).toBeGreaterThan(10);
    expect(analyses[0]!.result.reflectionQuestions.length).toBeGreaterThanOrEqual(2);
    // The dreams are of older nights (no daily credit); the rich one is lucid.
    const achievements = file.creditLedger.filter((e) => e.reason === 'achievement');
    expect(achievements.map((e) => [e.detail, e.amount]).sort()).toEqual(
      (['first_analysis', 'first_dream', 'first_lucid'] as const).map((id) => [id, creditsOfAchievement(id)]),
    );
    const others = file.creditLedger.filter((e) => e.reason !== 'achievement');
    expect(others.map((e) => [e.reason, e.amount])).toEqual([
      ['welcome_bonus', CREDIT_RULES.welcomeBonus],
      ['analysis', -CREDIT_RULES.analysisCost],
    ]);
    expect(others[1]!.analysisId).toBe(analyses[5]!.id);
    expect(file.analysisUsage.map((u) => u.charge)).toEqual(['quota', 'quota', 'quota', 'quota', 'quota', 'credits']);
    expect(file.analysisUsage.map((u) => u.analysisId)).toEqual(analyses.map((a) => a.id));
  });

  it("holds nothing of another user's", async () => {
    for (const format of ['json', 'html']) {
      const res = await api(t, user).get(`/me/export?format=${format}`);
      for (const trace of [
        other.id,
        other.email,
        OTHER_WORD,
        'notas alheias',
        'alheia',
        OTHER_IP,
        OTHER_LAST_NAME,
        'Alheio/9.0',
      ]) {
        expect(res.body).not.toContain(trace);
      }
    }
    // And the other way round: their security log is theirs alone.
    const theirs = await exportJson(t, other);
    expect(theirs.file.dreams).toHaveLength(1);
    expect(theirs.file.securityLog!.map((e) => [e.action, e.ip]).sort()).toEqual([
      ['login', OTHER_IP],
      ['login', OTHER_IP],
      ['user_signedup', OTHER_IP],
    ]);
    for (const trace of [user.id, user.email, 'farol', rich.id, USER_IP, USER_PHONE_IP, 'Navegador-Um/1.0'])
      expect(theirs.text).not.toContain(trace);
  });

  it('writes a pt-BR HTML document that escapes every user string', async () => {
    const res = await api(t, user).get('/me/export?format=html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sonhario-export-\d{4}-\d{2}-\d{2}\.html"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).toContain('&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;tags&lt;/b&gt; &amp; &quot;aspas&quot; e &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;i&gt;etiqueta&lt;/i&gt;');
    expect(html).not.toMatch(/<script|<img|<b>|<i>/i);
    expect(html).toContain('O farol no deserto');
    expect(html).toContain('Acordei às 4h, lembrei do meu avô. Editado.');
    expect(html).toContain('Nina Prado');
    expect(html).toContain('Análise de sonhos por IA');
    expect(html).toContain('Celular-Dois/2.0');
    expect(html).toContain('<h2>Registro de segurança</h2>');
    expect(html).toContain(`<td>Cadastro</td><td>${USER_IP}</td><td>forma: e-mail</td>`);
    expect(html).toContain(`<td>Entrada</td><td>${USER_PHONE_IP}</td><td>forma: e-mail</td>`);
    expect(html).toContain('Bônus de boas-vindas');
    expect(html).toContain('excluído em');
    expect(html).toContain('Perguntas para refletir');
    expect(html.match(/<article class="dream"/g)).toHaveLength(5);
    expect(html.match(/<section class="analysis">/g)).toHaveLength(6);
    expect(html).toContain('Fim da exportação: 5 sonhos, 6 análises e 3 registros de segurança.');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('streams through compression when the client accepts gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: { ...user.headers, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const file = exportFileSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    expect(file.dreams.map((d) => d.id)).toEqual(json.file.dreams.map((d) => d.id));
  });

  it('refuses an unknown format in pt-BR', async () => {
    const res = await api(t, user).get('/me/export?format=pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('Formato desconhecido'),
    });
  });

  it('exports an empty journal as a valid file', async () => {
    const fresh = await signUpUser(t);
    const { file, text } = await exportJson(t, fresh);
    expect(file.dreams).toEqual([]);
    expect(file.totals).toEqual({ dreams: 0, analyses: 0, securityLog: 2 });
    expect(file.consents).toEqual([]);
    expect(text).toContain('"dreams": [],');
    const html = (await api(t, fresh).get('/me/export?format=html')).body;
    expect(html).toContain('Nenhum sonho registrado.');
  });
});

// The security log: exactly the audit entries account deletion removes, with only the listed traits, escaped in HTML.
describe('GET /me/export: the security log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  const auditIds = async () =>
    new Set((await t.database.db.select({ id: authAuditLogEntries.id }).from(authAuditLogEntries)).map((r) => r.id));

  it('lists what deletion removes: entries by the user and those naming them, with only non-secret traits', async () => {
    const user = await signUpNamed(t, { firstName: 'Rui', lastName: 'Seixas' }, 'Notebook/1.0', '192.0.2.10');
    const phone = await signInAgain(t, user.email, 'Phone/1.0', '192.0.2.11');
    await refreshSession(t, phone.refreshToken, 'Phone/1.1');
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=others',
      headers: { ...user.headers, apikey: getApiKeys(t.app.deps.secrets).anonKey },
    });
    expect(signOut.statusCode).toBe(204);
    // An operator's change to the account (no actor id; the traits name the user), with traits that must not go out,
    // and a hostile value for the HTML; then an entry of the user whose listed traits have the wrong types.
    await insertAuditEntry(t.database.db, {
      action: 'user_modified',
      actorId: null,
      logType: 'user',
      payload: {
        actor: 'service_role',
        user_id: user.id,
        fields: ['email'],
        provider: '<img src=x onerror=alert(1)>',
        token: 'segredo-que-nao-sai',
      },
      ipAddress: '192.0.2.99',
    });
    await insertAuditEntry(t.database.db, {
      action: 'user_modified',
      actorId: user.id,
      logType: 'user',
      payload: { provider: 42, fields: 'email', resend: 'yes', session_id: '00000000-0000-4000-8000-000000000000' },
      ipAddress: null,
    });
    const stranger = await signUpNamed(t, { firstName: 'Eva', lastName: 'Stranger' }, 'Other/1.0', '203.0.113.5');

    const { file, text } = await exportJson(t, user);
    const log = file.securityLog!;
    expect(log.map((e) => e.action).sort()).toEqual([
      'login',
      'login',
      'logout',
      'token_refreshed',
      'user_modified',
      'user_modified',
      'user_signedup',
    ]);
    expect(log.find((e) => e.action === 'token_refreshed')).toMatchObject({ ip: '127.0.0.1', details: {} });
    expect(log.find((e) => e.action === 'logout')).toMatchObject({ details: { scope: 'others' } });
    expect(log.find((e) => e.ip === '192.0.2.99')!.details).toEqual({
      actor: 'service_role',
      fields: ['email'],
      provider: '<img src=x onerror=alert(1)>',
    });
    expect(log.find((e) => e.action === 'user_modified' && e.ip === null)!.details).toEqual({});
    expect(file.totals.securityLog).toBe(7);
    for (const trace of [
      'segredo-que-nao-sai',
      'session_id',
      '00000000-0000-4000-8000-000000000000',
      phone.refreshToken,
      stranger.id,
      '203.0.113.5',
    ]) {
      expect(text).not.toContain(trace);
    }

    const html = (await api(t, user).get('/me/export?format=html')).body;
    expect(html).toContain(
      'forma: &lt;img src=x onerror=alert(1)&gt; · campos: email · feito por: equipe (service_role)',
    );
    expect(html).toContain('<td>Saída</td><td>127.0.0.1</td><td>alcance: os outros dispositivos</td>');
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('e 7 registros de segurança.');

    // Deleting the account removes exactly the entries the export listed (and writes its own, naming no one).
    const listed = new Set((await listSecurityLogRows(t.database.db, user.id)).map((r) => r.id));
    expect(listed.size).toBe(log.length);
    const before = await auditIds();
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/delete',
      headers: user.headers,
      payload: { password: PASSWORD, confirmation: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(deletion.statusCode, deletion.body).toBeLessThan(300);
    const after = await auditIds();
    expect(new Set([...before].filter((id) => !after.has(id)))).toEqual(listed);
    expect(await listSecurityLogRows(t.database.db, user.id)).toEqual([]);
    expect((await exportJson(t, stranger)).file.securityLog).toHaveLength(2);
  });
});

describe("GET /me/export with the key store missing the user's key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(() => t.close());

  it('answers 503 data_key_missing before the first byte, not a 200 cut short', async () => {
    const user = await signUpUser(t);
    await postDream(t, user, { content: 'Um sonho que ninguém mais consegue abrir.' });
    if (t.config.keyStore.kind !== 'files') throw new Error('this test removes a key file');
    await rm(path.join(t.config.keyStore.dir, `${user.id}.key`));
    t.app.deps.keys.forget(user.id);
    for (const format of ['json', 'html']) {
      const res = await api(t, user).get(`/me/export?format=${format}`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'data_key_missing' });
    }
  });
});
