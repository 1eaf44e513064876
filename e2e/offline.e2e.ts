import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from './support/outbox.ts';
import { sessionOf, signedInPage, signInThroughForm, uniqueEmail } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { isRouteModule, waitForJournalCode } from './support/journal-code.ts';

const journey = useBrowser();

/** The dreams of the signed-in user whose text holds `word` (the API's search), through the API itself. */
async function dreamsWith(token: string, word: string): Promise<{ id: string; title: string }[]> {
  const res = await fetch(`${baseUrl()}/api/v1/dreams?q=${encodeURIComponent(word)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string; title: string }[] }).items;
}

/** Waits until a service worker is active and controls the page (installed, precached, claimed after a reload). */
async function waitForControllingWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 15_000 })
    .toBe('activated');
}

/** Types a dream into 'Novo sonho' and saves it. */
async function recordDream(page: Page, text: string) {
  const form = page.getByRole('form', { name: 'Novo sonho' });
  await form.getByLabel('O que você sonhou?').fill(text);
  await form.getByRole('button', { name: 'Salvar sonho' }).click();
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const storedSessionKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => /^sb-.+-auth-token$/.test(key)));

describe('installable app and offline recording', () => {
  it('installs, records a dream offline, keeps it pending across an offline reload, and sends it once online', async () => {
    const email = uniqueEmail('noturna');
    const password = 'noite-estrelada';
    await createConfirmedUser(baseUrl(), { email, password, firstName: 'Noturna' });
    // This journey is about the service worker: allowed here (support/browser.ts blocks it elsewhere).
    const page = await journey.newPage({ width: 390, serviceWorkers: 'allow' });
    await page.goto('/login');
    await signInThroughForm(page, email, password);
    await page.getByRole('heading', { level: 1, name: 'Olá, Noturna! 👋' }).waitFor();
    const { id: userId, token } = await sessionOf(page);

    // Install criteria: a linked manifest with the name, start URL, standalone display and the icons at their sizes.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get(manifestHref!);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Sonhário', start_url: '/app', scope: '/', display: 'standalone' });
    expect(manifest.shortcuts).toContainEqual(expect.objectContaining({ name: 'Novo sonho', url: '/app/dreams/new' }));
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const size = pngSize(await (await page.request.get(icon!.src)).body());
      expect(`${size.width}x${size.height}`).toBe(sizes);
    }
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(appleIcon!)).body()).width).toBe(180);
    await waitForControllingWorker(page);

    // Offline: the dream goes to the device's queue and shows as pending.
    const word = `lanterna${randomBytes(3).toString('hex')}`;
    const text = `Eu atravessava um rio escuro com uma ${word} acesa que nunca apagava.`;
    await page.context().setOffline(true);
    await page
      .getByRole('link', { name: /Novo sonho/i })
      .first()
      .click();
    await page.waitForURL('**/app/dreams/new');
    await recordDream(page, text);
    await page.getByText('Sonho salvo neste aparelho').waitFor();
    await page.getByText('Você está sem conexão. Ele será enviado assim que a conexão voltar.').waitFor();
    await page.waitForURL((url) => url.pathname === '/app/dreams');
    const pending = page.getByRole('article', { name: /Eu atravessava um rio escuro/ });
    await pending.getByText('Pendente').waitFor();
    // Sealed on the device: neither the queue in IndexedDB nor localStorage holds the text in the clear.
    const stored = await page.evaluate(async () => {
      const request = indexedDB.open('sonhario-offline');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error('IndexedDB did not open'));
      });
      const all = db.transaction('dreams').objectStore('dreams').getAll();
      const entries = await new Promise<{ sealed: ArrayBuffer }[]>((resolve) => {
        all.onsuccess = () => resolve(all.result as { sealed: ArrayBuffer }[]);
      });
      db.close();
      return {
        count: entries.length,
        bytes: entries.map((e) => new TextDecoder('latin1').decode(e.sealed)).join(''),
        local: Object.keys(localStorage)
          .map((key) => localStorage.getItem(key))
          .join('\n'),
      };
    });
    expect(stored.count).toBe(1);
    expect(stored.bytes).not.toContain(word);
    expect(stored.local).not.toContain(word);

    // A reload while offline: the service worker serves the app, and the dream is still pending there.
    await page.reload();
    await pending.getByText('Pendente').waitFor();
    await page.goto('/app');
    await page
      .getByRole('article', { name: /Eu atravessava um rio escuro/ })
      .getByText('Pendente')
      .waitFor();
    expect(await dreamsWith(token, word)).toEqual([]);

    // Online again: sent once, the pending card leaves, the dream is in the journal.
    await page.context().setOffline(false);
    await page.getByText('Sonho pendente enviado').waitFor({ timeout: 15_000 });
    await page
      .getByRole('article', { name: /Eu atravessava um rio escuro/ })
      .getByText('Pendente')
      .waitFor({
        state: 'detached',
      });
    await expect.poll(() => dreamsWith(token, word).then((d) => d.length)).toBe(1);
    // Another chance to send (focus) finds nothing left: still exactly one dream with that text. The app sends under
    // one Web Lock per user, asked for while the focus event is dispatched; the same lock asked for right after is
    // granted once that round has ended, whatever it sent.
    await page.evaluate(async (key) => {
      window.dispatchEvent(new Event('focus'));
      await navigator.locks.request(key, () => undefined);
    }, `sonhario-pending-dreams:${userId}`);
    expect(await dreamsWith(token, word)).toHaveLength(1);
    expect(journey.consoleErrors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual(
      [],
    );
  });

  it('keeps a dream queued when the session ended meanwhile: never sent as another account, sent once its owner signs in', async () => {
    const password = 'noite-estrelada';
    const { page, email } = await signedInPage(journey, { firstName: 'Ausente' });
    // Tokens the server keeps honouring while the device forgets them: for checking what each account holds.
    const owner = await sessionOf(page);
    const other = uniqueEmail('outra');
    await createConfirmedUser(baseUrl(), { email: other, password, firstName: 'Outra' });
    // The journal's code is loaded before the connection drops (this journey does not wait for the service worker).
    await page.goto('/app/dreams');
    await page
      .getByRole('link', { name: /Novo sonho/i })
      .first()
      .click();
    await page.waitForURL('**/app/dreams/new');

    const word = `farol${randomBytes(3).toString('hex')}`;
    await page.context().setOffline(true);
    await recordDream(page, `Um ${word} girava sobre um mar de vidro e ninguém via a luz.`);
    // No service worker in this journey: the form starts afresh, and the journal (loaded before) shows it pending.
    await page.getByText('Sonho salvo neste aparelho').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sonhos' }).click();
    await page
      .getByRole('article', { name: /girava sobre um mar de vidro/ })
      .getByText('Pendente')
      .waitFor();

    // The session ends while offline (expired, or signed out elsewhere): the device forgets it.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (/^sb-.+-auth-token$/.test(key)) localStorage.removeItem(key);
    });
    await page.context().setOffline(false);
    await page.goto('/app');
    await page.waitForURL('**/login');

    // Someone else signs in on this device: they see nothing of it, and it is not sent as theirs.
    await signInThroughForm(page, other, password);
    await page.getByRole('heading', { level: 1, name: 'Olá, Outra! 👋' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Pendente').count()).toBe(0);
    const otherToken = (await sessionOf(page)).token;
    expect(await dreamsWith(otherToken, word)).toEqual([]);
    expect(await dreamsWith(owner.token, word)).toEqual([]);

    // Its owner signs in again: it is sent, once.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (/^sb-.+-auth-token$/.test(key)) localStorage.removeItem(key);
    });
    expect(await storedSessionKeys(page)).toEqual([]);
    await page.goto('/login');
    await signInThroughForm(page, email, password);
    await page.getByText('Sonho pendente enviado').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await dreamsWith(owner.token, word)).length).toBe(1);
    expect(await dreamsWith(otherToken, word)).toEqual([]);
  });

  it('keeps a dream the server did not answer for (online), says so, shows it pending and sends it by itself once it answers', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Paciente' });
    const { token } = await sessionOf(page);
    const word = `farol${randomBytes(3).toString('hex')}`;
    await page.goto('/app/dreams/new');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await waitForJournalCode(page);

    // The server stops answering at all (no page, no API, no code) while the browser stays online.
    const everything = '**/*';
    await page.route(everything, (route) => route.abort('connectionrefused'));
    await page.getByLabel('O que você sonhou?').fill(`Um ${word} aceso no meio do campo.`);
    await page.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho salvo neste aparelho').waitFor();
    await page
      .getByText(
        'O servidor não respondeu. O sonho ficou guardado neste aparelho e será enviado sozinho assim que o servidor voltar.',
      )
      .waitFor();
    // With no service worker, the journal opens from the code already in, on the dream's pending card.
    await page.waitForURL('**/app/dreams');
    const card = page.getByRole('article', { name: `Um ${word} aceso no meio do campo.` });
    await card.getByText('Pendente').waitFor();
    expect(await dreamsWith(token, word)).toEqual([]);

    // It answers again: no reload, no focus, no 'online' event (the browser never went offline), and the app sends
    // the dream by itself (its first retry comes 5 s after the failure), once.
    await page.unroute(everything);
    await page.getByText('Sonho pendente enviado').waitFor({ timeout: 20_000 });
    expect(await dreamsWith(token, word)).toHaveLength(1);
  });

  it('stays on the form with the pending card above it when the journal cannot load', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Paciente' });
    const word = `vela${randomBytes(3).toString('hex')}`;
    // No service worker, and the journal's code never arrives.
    await page.route('**/assets/dreams-*.js', async (route) => {
      const response = await route.fetch();
      if (isRouteModule(await response.text())) await route.abort('connectionrefused');
      else await route.fulfill({ response });
    });
    await page.goto('/app/dreams/new');
    const saves = '**/api/v1/dreams';
    await page.route(saves, (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await recordDream(page, `Uma ${word} acesa na janela.`);
    await page.getByText('Sonho salvo neste aparelho').waitFor();
    await page
      .getByRole('article', { name: `Uma ${word} acesa na janela.` })
      .getByText('Pendente')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/dreams/new');
    await expect.poll(() => page.getByLabel('O que você sonhou?').inputValue()).toBe('');
  });

  describe('a new version', () => {
    let proxy: Server | undefined;
    afterAll(async () => {
      await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    });

    it('announces itself and takes over only when the user accepts', async () => {
      // A "new build" without rebuilding: a proxy in front of the server that, once switched, serves the same app
      // with a changed index.html and a service worker whose precache names that new revision, as a deploy would.
      let isNewBuild = false;
      const upstream = baseUrl();
      proxy = createServer((request: IncomingMessage, response: ServerResponse) => {
        void (async () => {
          const url = new URL(request.url ?? '/', upstream);
          const isRewritten = isNewBuild && (url.pathname === '/sw.js' || url.pathname === '/index.html');
          // The rewritten files must come whole and plain: no 304 for the old bytes' validators, no compression.
          const dropped = new Set([
            'host',
            ...(isRewritten ? ['accept-encoding', 'if-none-match', 'if-modified-since'] : []),
          ]);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(request.headers)) {
            if (typeof value === 'string' && !dropped.has(name)) headers[name] = value;
          }
          const answer = await fetch(url, { method: request.method, headers, redirect: 'manual' });
          let body = Buffer.from(await answer.arrayBuffer());
          const outHeaders: Record<string, string> = {};
          // fetch() has decoded the body already: it goes out as plain bytes.
          answer.headers.forEach((value, name) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
              outHeaders[name] = value;
          });
          if (isRewritten && url.pathname === '/index.html') {
            body = Buffer.from(
              body.toString('utf8').replace('</head>', '<meta name="sonhario-build" content="next"></head>'),
            );
          } else if (isRewritten) {
            body = Buffer.from(
              body.toString('utf8').replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1next-build"'),
            );
          }
          response.writeHead(answer.status, outHeaders);
          response.end(body);
        })().catch(() => {
          response.writeHead(502).end();
        });
      });
      await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

      const page = await journey.newPage({ serviceWorkers: 'allow' });
      await page.goto(`${origin}/login`);
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await waitForControllingWorker(page);
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(await page.locator('meta[name="sonhario-build"]').count()).toBe(0);

      isNewBuild = true;
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const toast = page.getByText('Nova versão disponível');
      await toast.waitFor({ timeout: 20_000 });
      // Until the user accepts, the running version keeps the page: nothing reloads, the old shell stays.
      expect(await page.locator('meta[name="sonhario-build"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await page.waitForEvent('load');
      await page.locator('meta[name="sonhario-build"]').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      await page.getByRole('form', { name: 'Login' }).waitFor();
    });
  });
});
