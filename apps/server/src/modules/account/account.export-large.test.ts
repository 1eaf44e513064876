import { EMOTIONS } from '@sonhario/contracts/dreams';
import { exportFileSchema } from '@sonhario/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, type TestApp } from '../../test/harness.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import { createDream } from '../dreams/dreams.service.ts';
import { addDays } from '../../lib/local-time.ts';
import { api, contextFor, JOURNAL_TEST_ENV, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { createHtmlExportWriter } from './account.export-html.ts';
import { createJsonExportWriter } from './account.export-json.ts';
import { EXPORT_PAGE_SIZE, writeExport } from './account.data.service.ts';
import { importBody } from './account.data.testing.ts';

// A journal of a few thousand dreams (PRIVACY_LARGE_DREAMS=10000 measures a big one): the export is complete, is
// read a page at a time as it is consumed, and comes back whole through the import.
const DREAMS = Number(process.env.PRIVACY_LARGE_DREAMS ?? 2_100);
const PAGES = Math.ceil(DREAMS / EXPORT_PAGE_SIZE);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

describe(`a journal of ${DREAMS} dreams`, () => {
  let t: TestApp & { url: string };
  let user: TestUser;
  let exportedText: string;
  const contents = new Set<string>();

  beforeAll(async () => {
    t = await createListeningTestApp(JOURNAL_TEST_ENV);
    user = await signUpUser(t);
    const ctx = contextFor(t, user.id);
    const started = performance.now();
    for (let i = 0; i < DREAMS; i += 1) {
      const content = `Sonho número ${i}: eu atravessava uma ponte de vidro sobre um rio de estrelas, e a ponte cantava baixinho. Cada passo acendia uma luz diferente, e do outro lado alguém chamava meu nome.`;
      contents.add(content);
      await createDream(ctx, {
        body: {
          title: i % 2 ? `Ponte ${i}` : undefined,
          content,
          notes: i % 3 ? null : `Nota ${i}`,
          dreamtOn: addDays('2025-12-31', -(i % 900)),
          emotions: [EMOTIONS[i % EMOTIONS.length]!],
          tags: [`grupo${i % 7}`],
          lucidity: i % 4,
          isNightmare: i % 11 === 0,
          isRecurring: false,
        },
      });
    }
    console.info(
      `[privacy] seeded ${DREAMS} dreams in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.database.kind})`,
    );
  }, 600_000);
  afterAll(() => t.close());

  it('streams the JSON download over HTTP in many chunks; the server holds a page, not the file', async () => {
    // The client only counts bytes here, so the heap measures the server side (rough: one process, GC timing).
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const started = performance.now();
    const res = await fetch(`${t.url}/api/v1/me/export`, {
      headers: { ...user.headers, 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of res.body! as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      chunks += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.info(
      `[privacy] JSON export of ${DREAMS} dreams: ${mb(bytes)} in ${seconds.toFixed(2)} s (${Math.round(DREAMS / seconds)} dreams/s), ` +
        `${chunks} chunks; heap grew at most ${mb(peak - baseline)} (${t.database.kind})`,
    );
    expect(chunks).toBeGreaterThan(PAGES);
  });

  it('downloads the whole journal as JSON, complete and valid', async () => {
    const started = performance.now();
    const res = await fetch(`${t.url}/api/v1/me/export`, { headers: { ...user.headers, 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    exportedText = await res.text();
    console.info(
      `[privacy] gzip JSON export of ${DREAMS} dreams: ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    const file = exportFileSchema.parse(JSON.parse(exportedText));
    expect(file.dreams).toHaveLength(DREAMS);
    expect(file.totals).toEqual({ dreams: DREAMS, analyses: 0, securityLog: 2 });
    expect(new Set(file.dreams.map((d) => d.content))).toEqual(contents);
    expect(new Set(file.dreams.map((d) => d.id)).size).toBe(DREAMS);
    const nights = file.dreams.map((d) => d.dreamtOn);
    expect(nights).toEqual([...nights].sort());
  });

  it('writes the HTML document with every dream', async () => {
    const started = performance.now();
    const res = await fetch(`${t.url}/api/v1/me/export?format=html`, { headers: user.headers });
    const html = await res.text();
    console.info(
      `[privacy] HTML export of ${DREAMS} dreams: ${mb(html.length)} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    expect(html.match(/<article class="dream"/g)).toHaveLength(DREAMS);
    expect(html).toContain(
      `Fim da exportação: ${DREAMS.toLocaleString('pt-BR')} sonhos, 0 análises e 2 registros de segurança.`,
    );
  });

  it('reads one page per chunk the consumer takes, never ahead', async () => {
    // Pages read = key look-ups: the dreams service opens the user's keys once per page (the journal has no analyses).
    let pagesRead = 0;
    const keys: KeyRing = Object.create(t.app.deps.keys, {
      forUser: { value: (userId: string) => ((pagesRead += 1), t.app.deps.keys.forUser(userId)) },
    });
    const ctx = { ...contextFor(t, user.id), keys };
    for (const writer of [createJsonExportWriter(), createHtmlExportWriter()]) {
      pagesRead = 0;
      const chunks = writeExport(ctx, writer);
      const sizes: number[] = [];
      const head = await chunks.next();
      // The head's own look-ups (the rewards, the ledger's sealed details, the support messages), before any page of
      // dreams.
      const headReads = pagesRead;
      expect(headReads).toBeLessThanOrEqual(3);
      sizes.push((head.value as string).length);
      for (let page = 1; page <= PAGES; page += 1) {
        const next = await chunks.next();
        expect(next.done).toBe(false);
        sizes.push((next.value as string).length);
        // The chunk just taken is the only page read so far.
        expect(pagesRead - headReads).toBe(page);
      }
      // Then one empty look-up for live dreams (if the last page was full), one for deleted ones, and the end.
      let rest = 0;
      for await (const chunk of chunks) rest += chunk.length;
      expect(rest).toBeGreaterThan(0);
      expect(pagesRead - headReads).toBeLessThanOrEqual(PAGES + 2);
      // No chunk holds more than a page of dreams.
      expect(Math.max(...sizes.slice(1))).toBeLessThan(EXPORT_PAGE_SIZE * 2_500);
    }
  });

  it('restores every dream into a fresh account, and none the second time', async () => {
    const target = await signUpUser(t);
    const started = performance.now();
    const res = await importBody(t, target, exportedText);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `[privacy] import of ${DREAMS} dreams: ${seconds.toFixed(1)} s (${Math.round(DREAMS / seconds)} dreams/s)`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: DREAMS, skipped: 0 });
    const search = (await api(t, target).get(`/dreams?q=${encodeURIComponent('ponte estrelas')}&limit=50`)).json();
    expect(search.items).toHaveLength(50);
    expect((await api(t, target).get('/dreams?tag=grupo3&limit=50')).json().items.length).toBe(50);
    expect((await api(t, target).get('/me/overview')).json()).toMatchObject({
      dreamCount: DREAMS,
      currentStreak: 0,
      longestStreak: 0,
    });
    const again = await importBody(t, target, exportedText);
    expect(again.json()).toEqual({ imported: 0, skipped: DREAMS });
  }, 600_000);
});
