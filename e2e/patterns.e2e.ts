import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, setPlan, signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

/** Eight dreams over the last weeks, with moods, emotions and tags, through the API. */
async function writeDreams(token: string) {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const dreams = [0, 1, 3, 6, 9, 15, 22, 40].map((daysAgo, i) => ({
    content: `Sonho número ${i + 1}, com o mar e um farol.`,
    dreamtOn: day(daysAgo + 1),
    lucidity: i % 3,
    mood: (i % 5) + 1,
    vividness: ((i + 2) % 5) + 1,
    sleepQuality: ((i + 1) % 5) + 1,
    isNightmare: i % 4 === 0,
    emotions: [['alegria', 'paz'], ['medo'], ['ansiedade', 'medo'], ['amor']][i % 4],
    tags: [['mar'], ['farol', 'mar'], ['voo'], []][i % 4],
  }));
  for (const dream of dreams) {
    const res = await fetch(`${baseUrl()}/api/v1/dreams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(dream),
    });
    expect(res.status).toBe(201);
  }
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("'Padrões' charts", () => {
  for (const width of [375, 1280]) {
    it(`draws the charts and their tables at ${width} px without sideways scrolling`, async () => {
      const { page } = await signedInPage(journey, { firstName: 'Estela', width });
      const { id, token } = await sessionOf(page);
      await setPlan(id, 'lucid');
      await writeDreams(token);
      await page.goto('/app/analytics');
      await page.getByRole('heading', { level: 1, name: 'Padrões' }).waitFor();
      const dreams = page.getByRole('region', { name: 'Seus padrões no tempo' });
      await dreams.getByRole('heading', { level: 3, name: 'Sonhos por semana' }).waitFor();
      await expect.poll(() => page.locator('svg.recharts-surface').count()).toBeGreaterThanOrEqual(7);
      expect(await overflowsSideways(page)).toBe(false);
      await keepScreenshot(page, `patterns-charts-${width}`, { fullPage: true });

      const tags = page.locator('section', {
        has: page.getByRole('heading', { level: 3, name: 'Etiquetas no tempo' }),
      });
      await tags.getByRole('button', { name: 'Ver como tabela' }).click();
      await tags.getByRole('table').getByRole('rowheader', { name: 'mar' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      await page.getByRole('radio', { name: '12 meses' }).click();
      await dreams.getByRole('heading', { level: 3, name: 'Sonhos por mês' }).waitFor();
      expect(journey.consoleErrors).toEqual([]);
    });
  }
});
