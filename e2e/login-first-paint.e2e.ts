import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { baseUrl, expectOneSmallBootScript, useBrowser } from './support/browser.ts';

const journey = useBrowser();
const SUBTITLE = 'Faça login ou crie sua conta para começar';

// `/login` arrives prerendered as the card looks while the session loads (decision 051): a phone paints it before
// any JS, and the app adopts those very elements when it starts.
describe('/login before and after its JS', () => {
  it('arrives rendered: the card, its greeting and a spinner in Portuguese without JS, and no form yet', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const url of ['/login', '/login?tab=signup&plan=lucid']) {
        await page.goto(url);
        expect(await page.title()).toBe('Entrar · Sonhário');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bem-vindo');
        await page.getByText(SUBTITLE).waitFor();
        expect(await page.getByRole('status').textContent()).toBe('Carregando...');
        expect(await page.getByRole('form').count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe('/termos');
      }
    } finally {
      await context.close();
    }
  });

  it('paints before its JS: the HTML loads one small boot script, which starts the app after the first paint', async () => {
    await expectOneSmallBootScript('/login');
  });

  for (const width of [390, 1280]) {
    it(`adopts the prerendered card at ${width} px: the same elements, no console error, then a working form`, async () => {
      const page = await journey.newPage({ width });
      const before = journey.consoleErrors.length;
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const found = Array.from(document.querySelectorAll('[data-slot=card-description]'));
          (window as unknown as { prerendered: Element[] }).prerendered = found;
        });
      });
      await page.goto('/login');
      const form = page.getByRole('form', { name: 'Login' });
      await form.getByLabel('Email').fill('someone@example.com');
      expect(await form.getByLabel('Email').inputValue()).toBe('someone@example.com');
      expect(
        await page.evaluate(() => {
          const { prerendered } = window as unknown as { prerendered: Element[] };
          const now = document.querySelector('[data-slot=card-description]');
          // React marks the DOM nodes it owns; a client render (a hydration mismatch) would have replaced them.
          return (
            prerendered.length === 1 &&
            prerendered[0] === now &&
            Object.keys(now).some((key) => key.startsWith('__reactFiber'))
          );
        }),
      ).toBe(true);
      expect(await page.getByRole('status').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
      expect(journey.consoleErrors.slice(before)).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it('draws the page afresh in English on a device set to English, without an error', async () => {
    const page = await journey.newPage({ width: 390 });
    const before = journey.consoleErrors.length;
    await page.addInitScript(() => localStorage.setItem('sonhario:locale', 'en'));
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await page.getByText(SUBTITLE).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });

  it('sends a visitor whose device holds a session on to /app, through the same page', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Iara', width: 390 });
    const before = journey.consoleErrors.length;
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: /Iara/ }).waitFor();
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });
});
