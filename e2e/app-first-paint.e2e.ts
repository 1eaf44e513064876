import { describe, expect, it } from 'vitest';
import { sessionOf, signedInPage } from './support/accounts.ts';
import { baseUrl, expectOneSmallBootScript, useBrowser } from './support/browser.ts';

const journey = useBrowser();

// `/app` arrives prerendered as it looks while the session loads (decision 083): the app's header and the
// dashboard's shape, painted before any JS; the app adopts those very elements when it starts.
describe('/app before and after its JS', () => {
  it("arrives rendered: the app's header and the dashboard's shape in Portuguese without JS, never a blank page", async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/app');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
      const nav = page.getByRole('navigation', { name: 'Principal' });
      expect(await nav.getByRole('link', { name: 'Sonhos' }).getAttribute('href')).toBe('/app/dreams');
      expect(await nav.getByRole('link', { name: 'Créditos' }).getAttribute('href')).toBe('/app/credits');
      const skeleton = page.getByRole('status', { name: 'Carregando...' });
      expect(await skeleton.getAttribute('aria-busy')).toBe('true');
      // The shape has the screen's size: a frame, not a spinner in an empty page.
      const box = await skeleton.boundingBox();
      expect(box?.height).toBeGreaterThan(400);
      // Nothing of an account is in a page every visitor gets.
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  // Decision 087: the pages are served in the night theme; the inline theme script (allowed by its hash) paints a
  // device's light theme before the first frame, with no other JS (here every script file is refused).
  for (const [stored, colorScheme, expected] of [
    ['light', 'dark', 'light'],
    ['system', 'light', 'light'],
    ['system', 'dark', 'dark'],
    [null, 'light', 'dark'],
  ] as const) {
    it(`paints the ${expected} theme before any script file for a device set to ${stored ?? 'nothing'} (system ${colorScheme})`, async () => {
      const context = await journey.browser.newContext({ baseURL: baseUrl(), colorScheme });
      try {
        await context.route(/\.js$/, (route) => route.abort());
        if (stored) await context.addInitScript((value) => localStorage.setItem('sonhario:theme', value), stored);
        const page = await context.newPage();
        const refused: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
        });
        for (const path of ['/app', '/login', '/']) {
          await page.goto(path);
          await page.getByRole('navigation').first().waitFor();
          const { isDark, background } = await page.evaluate(() => ({
            isDark: document.documentElement.classList.contains('dark'),
            background: getComputedStyle(document.body).backgroundColor,
          }));
          // The landing page is always night (decision 011).
          const want = path === '/' ? 'dark' : expected;
          expect(isDark, path).toBe(want === 'dark');
          // The page's colour, not only the class: light is near white, night near black (rgb(), or lab()'s and
          // oklch()'s lightness first, as Chromium reports the theme's colours).
          const [first = 0, g = 0, b = 0] = background.match(/[\d.]+/g)!.map(Number);
          const isLight = background.startsWith('rgb')
            ? (first + g + b) / 3 > 128
            : first > (background.startsWith('lab') ? 50 : 0.5);
          expect(isLight, `${path}: ${background}`).toBe(want === 'light');
        }
        expect(refused).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('paints before its JS: the HTML loads one small boot script, and other app paths keep the empty shell', async () => {
    await expectOneSmallBootScript('/app');
    expect(await (await fetch(`${baseUrl()}/app/dreams`)).text()).toContain('<div id="root"></div>');
  });

  for (const width of [390, 1280]) {
    it(`adopts the prerendered frame at ${width} px for a signed-in user: the same elements, no console error`, async () => {
      const { page } = await signedInPage(journey, { firstName: 'Aurora', width });
      const before = journey.consoleErrors.length;
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('header');
        });
      });
      await page.goto('/app');
      await page.getByRole('heading', { level: 1, name: 'Olá, Aurora! 👋' }).waitFor();
      expect(
        await page.evaluate(() => {
          const { prerendered } = window as unknown as { prerendered: Element | null };
          const now = document.querySelector('header');
          // React marks the DOM nodes it owns; a client render (a hydration mismatch) would have replaced them.
          return (
            prerendered !== null &&
            prerendered === now &&
            Object.keys(now).some((key) => key.startsWith('__reactFiber'))
          );
        }),
      ).toBe(true);
      expect(await page.getByRole('status', { name: 'Carregando...' }).count()).toBe(0);
      expect(journey.consoleErrors.slice(before)).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it('draws the app afresh in English on a device set to English, without an error', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Lua', width: 390 });
    const { token } = await sessionOf(page);
    const chosen = await fetch(`${baseUrl()}/api/v1/me/profile`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en' }),
    });
    expect(chosen.status).toBe(200);
    // The app keeps the account's language on the device, as choosing it in Configurações does.
    await page.evaluate(() => localStorage.setItem('sonhario:locale', 'en'));
    const before = journey.consoleErrors.length;
    await page.goto('/app');
    await page.getByRole('heading', { level: 1, name: 'Hello, Lua! 👋' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Principal' }).count()).toBe(0);
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });

  it('sends a visitor without a session from the prerendered page to /login', async () => {
    const page = await journey.newPage({ width: 390 });
    const before = journey.consoleErrors.length;
    await page.goto('/app');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });
});
