import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

/** Every request the page makes to the API or to auth, as "METHOD path". */
function recordAccountRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1') || pathname.startsWith('/auth/v1'))
      requests.push(`${request.method()} ${pathname}`);
  });
  return requests;
}

/** The analysis text's length, polled until it stops growing; returns every length seen. */
async function watchStream(page: Page): Promise<number[]> {
  const text = page.getByTestId('demo-analysis-text');
  await text.waitFor();
  const seen: number[] = [];
  for (let i = 0; i < 80; i++) {
    seen.push((await text.textContent())?.length ?? 0);
    if (await page.getByRole('button', { name: /Ver de novo|Watch again/ }).isVisible()) break;
    await page.waitForTimeout(150);
  }
  return seen;
}

describe('the demo', () => {
  for (const width of [390, 1280]) {
    it(`opens from 'Watch Demo' without an account, streams an analysis, calls no API and ends on sign-up at ${width} px`, async () => {
      const page = await journey.newPage({ width });
      const before = journey.consoleErrors.length;
      const requests = recordAccountRequests(page);
      await page.goto('/');
      await page.getByRole('link', { name: 'Watch Demo' }).click();
      // The app, the demo's chunk and the language load first (slow on a busy two-core machine).
      await page.waitForURL('**/demo', { timeout: 60_000 });

      await page.getByRole('note', { name: 'Você está numa demonstração' }).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { level: 1, name: 'Olá, Luna! 👋' }).waitFor();
      await page.getByRole('banner').getByText('Demonstração', { exact: true }).waitFor();
      expect(await page.getByRole('group', { name: 'Sequência Atual' }).textContent()).toContain('6');
      expect(await page.getByTestId('demo-credit-balance').textContent()).toContain('42');
      expect(
        await page.getByRole('list', { name: 'Sonhos de exemplo' }).getByRole('heading', { level: 3 }).count(),
      ).toBe(4);

      // The newest dream's analysis writes itself once it is in view: piece by piece, then the whole reading.
      const article = page.getByRole('article', { name: 'O farol no mar de vidro' });
      await article.getByRole('heading', { name: /Análise do sonho|Analisando seu sonho/ }).scrollIntoViewIfNeeded();
      const lengths = await watchStream(page);
      const final = lengths.at(-1)!;
      expect(lengths.some((length) => length > 0 && length < final / 2)).toBe(true);
      expect(new Set(lengths).size).toBeGreaterThan(4);
      await article.getByText('Símbolos').waitFor();
      await article.getByText('Farol', { exact: true }).waitFor();

      // Another dream opens beside (below, on a phone) with its own analysis, started by hand.
      await page.getByRole('button', { name: 'Voando sobre a cidade à noite' }).click();
      const flight = page.getByRole('article', { name: 'Voando sobre a cidade à noite' });
      await flight.getByRole('button', { name: 'Analisar sonho' }).click();
      await flight.getByText('Um voo leve sobre a cidade iluminada', { exact: false }).waitFor();

      // The pattern chart, drawn (recharts' SVG), with its table view.
      const chart = page.getByRole('region', { name: 'Emoções por semana' });
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('svg.recharts-surface').first().waitFor();
      await page.getByRole('region', { name: 'Sinais de sonho' }).getByText('farol').waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Not one request to the API or to auth, from the landing page through the whole demo.
      expect(requests).toEqual([]);

      if (width === 1280) {
        // In English too, at the visitor's word.
        await page.getByRole('button', { name: 'English: ver a demonstração em inglês' }).click();
        await page.getByRole('note', { name: 'You are looking at a demo' }).waitFor();
        // The same dream stays open, now in English.
        await page.getByRole('article', { name: 'Flying over the city at night' }).waitFor();
        await page.getByRole('link', { name: 'Start Your Dream Journey' }).click();
      } else {
        await page.getByRole('link', { name: 'Comece Sua Jornada dos Sonhos' }).click();
      }
      await page.waitForURL('**/login?tab=signup');
      // Sign-up: the 'Cadastro' tab is the open one.
      const signUpTab = page.getByRole('tab', { selected: true });
      await signUpTab.waitFor();
      expect(await signUpTab.textContent()).toMatch(/Cadastro|Sign up/);
      expect(journey.consoleErrors.slice(before)).toEqual([]);
    }, 120_000);
  }
});
