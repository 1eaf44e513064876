import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PlanId } from '@sonhario/contracts/profile';
import { SUPPORT_LIMITS, type SupportMessage, type SupportMessagesResponse } from '@sonhario/contracts/support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, lastEmailTo, readOutbox, type TestApp } from '../../test/harness.ts';
import { exportJson } from '../account/account.data.testing.ts';
import { api, contextFor, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { testClock } from '../rewards/rewards.testing.ts';
import { runSupportCommand } from './support.cli.ts';

const SUPPORT_EMAIL = 'suporte@sonhario.test';
const SITE_URL = 'https://sonhario.test';

async function userOn(t: TestApp, plan: PlanId) {
  const user = await signUpUser(t);
  if (plan !== 'dreamer') await setPlan(contextFor(t, user.id), plan);
  return user;
}

describe("help ('Ajuda'): messages to support", () => {
  let t: TestApp;
  const clock = testClock('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ ...JOURNAL_TEST_ENV, SUPPORT_EMAIL, SITE_URL }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  it('stores a message and lists it opened, newest first, priority for Oracle only, with the response time of the plan', async () => {
    for (const [plan, hours] of [
      ['dreamer', 72],
      ['lucid', 48],
      ['oracle', 24],
    ] as const) {
      const user = await userOn(t, plan);
      clock.set('2026-11-20T12:00:00Z');
      const first = await api(t, user).post('/support/messages', {
        subject: '  Exportação  ',
        message: 'Como exporto?',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json<SupportMessage>()).toMatchObject({
        subject: 'Exportação',
        message: 'Como exporto?',
        dreamId: null,
        isPriority: plan === 'oracle',
        plan,
        status: 'open',
        answer: null,
        answeredAt: null,
        createdAt: '2026-11-20T12:00:00.000Z',
      });
      clock.set('2026-11-20T13:00:00Z');
      expect((await api(t, user).post('/support/messages', { subject: 'Outra', message: 'Mais uma' })).statusCode).toBe(
        201,
      );
      const list = await api(t, user).get('/support/messages');
      expect(list.statusCode).toBe(200);
      const body = list.json<SupportMessagesResponse>();
      expect(body.responseHours).toBe(hours);
      expect(body.isPriority).toBe(plan === 'oracle');
      expect(body.items.map((m) => m.subject)).toEqual(['Outra', 'Exportação']);
      expect(body.items[1]).toEqual(first.json());
    }
  });

  it('keeps the plan at sending: a later upgrade changes the promise, not the old messages', async () => {
    const user = await userOn(t, 'lucid');
    await api(t, user).post('/support/messages', { subject: 'Antes', message: 'No Lucid' });
    await setPlan(contextFor(t, user.id), 'oracle');
    const body = (await api(t, user).get('/support/messages')).json<SupportMessagesResponse>();
    expect(body).toMatchObject({ responseHours: 24, isPriority: true });
    expect(body.items[0]).toMatchObject({ plan: 'lucid', isPriority: false });
  });

  it('refuses bad input with 400 validation_failed and stores nothing', async () => {
    const user = await userOn(t, 'dreamer');
    const bodies = [
      { subject: '', message: 'x' },
      { subject: '   ', message: 'x' },
      { subject: 'x', message: '' },
      { subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax + 1), message: 'x' },
      { subject: 'x', message: 'x'.repeat(SUPPORT_LIMITS.messageMax + 1) },
      { subject: 'x', message: 'x', extra: true },
      { subject: 'x', message: 'x', dreamId: 'not-a-uuid' },
      { subject: 42, message: 'x' },
      { message: 'x' },
    ];
    for (const body of bodies) {
      const res = await api(t, user).post('/support/messages', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await api(t, user).get('/support/messages')).json().items).toEqual([]);
  });

  it("links only a live dream of the caller's: another user's or a deleted one answers 404 and stores nothing", async () => {
    const alice = await userOn(t, 'dreamer');
    const bob = await userOn(t, 'dreamer');
    const alicesDream = await postDream(t, alice, { content: 'O sonho secreto da Alice com um farol' });
    const bobsDream = await postDream(t, bob, { content: 'Sonho do Bob' });
    const gone = await postDream(t, bob, { content: 'Apagado' });
    expect((await api(t, bob).delete(`/dreams/${gone.id}`)).statusCode).toBe(200);
    for (const dreamId of [alicesDream.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(t, bob).post('/support/messages', { subject: 'Sonho', message: 'Veja', dreamId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Sonho não encontrado' });
    }
    expect((await api(t, bob).get('/support/messages')).json().items).toEqual([]);
    const ok = await api(t, bob).post('/support/messages', {
      subject: 'Sonho',
      message: 'Veja',
      dreamId: bobsDream.id,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().dreamId).toBe(bobsDream.id);
  });

  it('allows 10 messages in any 24 hours: the 11th answers 429 support_rate_limited until the first is a day old', async () => {
    const user = await userOn(t, 'oracle');
    for (let i = 0; i < SUPPORT_LIMITS.perDay; i += 1) {
      clock.set(`2026-11-21T${String(10 + i).padStart(2, '0')}:00:00Z`);
      expect((await api(t, user).post('/support/messages', { subject: `n${i}`, message: 'x' })).statusCode).toBe(201);
    }
    clock.set('2026-11-22T09:59:59Z');
    const refused = await api(t, user).post('/support/messages', { subject: 'demais', message: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('support_rate_limited');
    expect(refused.json().message).toContain('2026-11-22T10:00:00.000Z');
    expect((await api(t, user).get('/support/messages')).json().items).toHaveLength(SUPPORT_LIMITS.perDay);
    clock.set('2026-11-22T10:00:01Z');
    expect((await api(t, user).post('/support/messages', { subject: 'de novo', message: 'x' })).statusCode).toBe(201);
    expect((await api(t, user).post('/support/messages', { subject: 'e outra', message: 'x' })).statusCode).toBe(429);
  });

  it("e-mails SUPPORT_EMAIL with the sender's address, the plan and the dream's link, never the dream's text", async () => {
    clock.set('2026-11-23T12:00:00Z');
    const oracle = await userOn(t, 'oracle');
    const dream = await postDream(t, oracle, { content: 'Um labirinto de espelhos muito particular' });
    const sent = await api(t, oracle).post('/support/messages', {
      subject: 'Análise\nestranha',
      message: 'A análise do meu sonho parece errada.',
      dreamId: dream.id,
    });
    expect(sent.statusCode).toBe(201);
    const mail = await lastEmailTo(t.dataDir, SUPPORT_EMAIL);
    expect(mail?.subject).toBe('[Prioridade] Ajuda do Sonhário: Análise estranha');
    expect(mail?.text).toContain(`De: ${oracle.email}`);
    expect(mail?.text).toContain('Plano: Oracle — suporte prioritário');
    expect(mail?.text).toContain('A análise do meu sonho parece errada.');
    expect(mail?.text).toContain(`${SITE_URL}/app/dreams/${dream.id}`);
    expect(mail?.links).toEqual([`${SITE_URL}/app/dreams/${dream.id}`]);
    expect(`${mail?.text}${mail?.html}`).not.toContain('labirinto');

    const lucid = await userOn(t, 'lucid');
    await api(t, lucid).post('/support/messages', { subject: '<b>Oi</b>', message: 'Olá & até' });
    const plain = await lastEmailTo(t.dataDir, SUPPORT_EMAIL);
    expect(plain?.subject).toBe('Ajuda do Sonhário: <b>Oi</b>');
    expect(plain?.text).toContain('Plano: Lucid (primeira resposta prometida em até 48 horas)');
    expect(plain?.html).toContain('&lt;b&gt;Oi&lt;/b&gt;');
    expect(plain?.html).not.toContain('<b>Oi</b>');
  });

  it('keeps no plaintext in the stored row: subject and message sealed, bound to the message', async () => {
    const user = await userOn(t, 'dreamer');
    const res = await api(t, user).post('/support/messages', {
      subject: 'Assunto-em-claro-XYZ',
      message: 'Mensagem-em-claro-QWE',
    });
    const [row] = await queryRows(t.database.db, sql`select * from support_messages where id = ${res.json().id}`);
    // Every column as text (bytea as its bytes: PGlite answers Uint8Array, pg a Buffer).
    const text = Object.values(row ?? {})
      .map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value)))
      .join('|');
    expect(text).toContain(user.id);
    expect(text).not.toContain('Assunto-em-claro');
    expect(text).not.toContain('Mensagem-em-claro');
    expect(row).toMatchObject({ user_id: user.id, status: 'open', plan: 'dreamer', is_priority: false });
  });

  it('exports the messages (JSON and HTML) and the import ignores them', async () => {
    const user = await userOn(t, 'oracle');
    clock.set('2026-11-24T08:00:00Z');
    await api(t, user).post('/support/messages', { subject: 'Primeira <dúvida>', message: 'Linha 1\nLinha 2' });
    clock.set('2026-11-24T09:00:00Z');
    await api(t, user).post('/support/messages', { subject: 'Segunda', message: 'Outra' });
    const { file, text } = await exportJson(t, user);
    expect(file.support).toEqual([
      {
        subject: 'Primeira <dúvida>',
        message: 'Linha 1\nLinha 2',
        dreamId: null,
        isPriority: true,
        plan: 'oracle',
        status: 'open',
        answer: null,
        answeredAt: null,
        createdAt: '2026-11-24T08:00:00.000Z',
      },
      expect.objectContaining({ subject: 'Segunda' }),
    ]);
    const html = await api(t, user).get('/me/export?format=html');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<section id="ajuda">');
    expect(html.body).toContain('Primeira &lt;dúvida&gt;');
    expect(html.body).toContain('Aguardando resposta.');

    const other = await userOn(t, 'dreamer');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/import',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: text,
    });
    expect(imported.statusCode).toBe(200);
    expect((await api(t, other).get('/support/messages')).json().items).toEqual([]);
  });
});

describe('npm run admin -- support / support answer', () => {
  it('lists open messages priority first then oldest, and answers one: sealed, shown in the app, e-mailed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-support-cli-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, SITE_URL };
    try {
      // The CLI opens the database and the key store the server uses (the embedded PostgreSQL in DATA_DIR, which
      // the server started: the CLI connects to it), and the key ring from DATA_DIR's secrets.
      const database = await createDatabase({ kind: 'embedded', dataDir });
      await database.migrate();
      const clock = testClock('2026-11-20T10:00:00Z');
      const t = await createTestApp({ ...JOURNAL_TEST_ENV, ...env }, database, { now: clock.now });
      try {
        const dreamer = await userOn(t, 'dreamer');
        const oracle = await userOn(t, 'oracle');
        const dream = await postDream(t, dreamer, { content: 'Sonho com o mar' });
        const old = await api(t, dreamer).post('/support/messages', {
          subject: 'Primeiro',
          message: 'Linha um\nLinha dois',
          dreamId: dream.id,
        });
        clock.set('2026-11-20T11:00:00Z');
        const priority = await api(t, oracle).post('/support/messages', { subject: 'Urgente', message: 'Ajuda!' });
        clock.set('2026-11-20T12:00:00Z');
        const later = await api(t, dreamer).post('/support/messages', { subject: 'Depois', message: 'Mais' });
        const [oldId, priorityId, laterId] = [old, priority, later].map((res) => res.json<SupportMessage>().id);

        const lines: string[] = [];
        const out = (line: string) => lines.push(line);
        expect(await runCli(['support'], out, env)).toBe(0);
        const listing = lines.join('\n');
        expect(lines[0]).toBe('3 open message(s), 1 priority');
        const order = [priorityId!, oldId!, laterId!].map((id) => listing.indexOf(id));
        expect(order.every((at) => at > 0)).toBe(true);
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(listing).toContain(`[PRIORITY] 2026-11-20T11:00:00.000Z  ${priorityId!}`);
        expect(listing).toContain(`from: ${oracle.email}  plan: oracle`);
        expect(listing).toContain(`dream: ${SITE_URL}/app/dreams/${dream.id}`);
        expect(listing).toContain('subject: Primeiro');
        expect(listing).toContain('    Linha um\n    Linha dois');
        expect(listing).not.toContain('Sonho com o mar');

        lines.length = 0;
        expect(await runCli(['support', 'answer', priorityId!, 'Já', 'resolvemos.'], out, env)).toBe(0);
        expect(lines).toEqual([`answered ${priorityId!}; e-mailed to ${oracle.email}`]);
        // From stdin, as a here-document would give it.
        expect(
          await runSupportCommand(['answer', oldId!], out, env, Readable.from(['Olá!\n\nVeja o ', 'guia.\n'])),
        ).toBe(0);
        expect(await runCli(['support', 'answer', oldId!, 'de novo'], out, env)).toBe(1);
        expect(lines.at(-1)).toContain('was already answered');
        expect(await runCli(['support', 'answer', 'nope', 'x'], out, env)).toBe(2);
        expect(await runCli(['support', 'answer', '00000000-0000-4000-8000-000000000000', 'x'], out, env)).toBe(1);
        expect(await runCli(['support', 'answer', laterId!, '   '], out, env)).toBe(2);

        const answered = (await api(t, oracle).get('/support/messages')).json<SupportMessagesResponse>().items[0];
        expect(answered).toMatchObject({ status: 'answered', answer: 'Já resolvemos.' });
        expect(answered?.answeredAt).toEqual(expect.any(String));
        const fromStdin = (await api(t, dreamer).get('/support/messages')).json<SupportMessagesResponse>();
        expect(fromStdin.items.find((m) => m.id === oldId)).toMatchObject({ answer: 'Olá!\n\nVeja o guia.' });
        expect(fromStdin.items.find((m) => m.id === laterId)).toMatchObject({ status: 'open', answer: null });

        const mail = await lastEmailTo(dataDir, oracle.email);
        expect(mail?.subject).toBe('Resposta do suporte do Sonhário');
        expect(mail?.text).toContain('Já resolvemos.');
        expect(mail?.text).toContain('"Urgente"');
        expect(mail?.links).toEqual([`${SITE_URL}/app/help`]);
        expect((await readOutbox(dataDir)).filter((m) => m.to === dreamer.email)).toHaveLength(1);

        const [row] = await queryRows<{ answer_enc: Uint8Array }>(
          database.db,
          sql`select answer_enc from support_messages where id = ${priorityId!}`,
        );
        expect(Buffer.from(row!.answer_enc).toString('latin1')).not.toContain('resolvemos');

        lines.length = 0;
        expect(await runCli(['support'], out, env)).toBe(0);
        expect(lines[0]).toBe('1 open message(s), 0 priority');
      } finally {
        await t.close();
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
