import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, setPlan, signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

/** Six dreams: four with the tag 'farol' (a sign), two with fear (a sign too, ranked below). */
async function writeDreams(token: string) {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const dreams = [
    { title: 'O farol apagado', tags: ['farol'], emotions: ['medo'] },
    { title: 'Subindo o farol', tags: ['farol'], emotions: ['medo'] },
    { title: 'Farol no deserto', tags: ['farol'], emotions: ['medo'] },
    { title: 'A luz do farol', tags: ['farol'] },
    { title: 'Um trem', tags: ['trem'] },
    { title: 'Outro trem', tags: ['trem'] },
  ].map((dream, i) => ({ ...dream, content: `${dream.title}: um sonho.`, dreamtOn: day(i + 1) }));
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

/** The names of one group's signs ('Imagens', 'Sentimentos', 'Suas etiquetas'; decision 061), in page order. */
const signNames = (page: Page, group: string) =>
  page
    .getByRole('group', { name: 'Sinais de sonho, os fixados primeiro' })
    .getByRole('list', { name: group, exact: true })
    .locator(':scope > li > div > div > p > span:first-child')
    .allTextContents();

describe("'Sinais de sonho' on 'Padrões'", () => {
  for (const width of [390, 1280]) {
    it(`pins a dream sign, keeps it first after a reload, unpins it, opens one of its dreams and a similar one at ${width} px`, async () => {
      const { page } = await signedInPage(journey, { firstName: 'Estela', width });
      const { id, token } = await sessionOf(page);
      await setPlan(id, 'lucid');
      await writeDreams(token);
      await page.goto('/app/analytics');
      const signs = page.getByRole('region', { name: 'Sinais de sonho' });
      await signs.getByRole('button', { name: 'Fixar farol como sinal de sonho' }).waitFor();
      expect((await signNames(page, 'Suas etiquetas'))[0]).toBe('farol');
      expect(await signNames(page, 'Sentimentos')).toContain('Medo');
      expect(await overflowsSideways(page)).toBe(false);

      await signs.getByRole('button', { name: 'Fixar Medo como sinal de sonho' }).click();
      const unpin = signs.getByRole('button', { name: 'Desafixar Medo' });
      await expect.poll(() => unpin.isEnabled()).toBe(true);
      await expect.poll(() => signNames(page, 'Sentimentos')).toEqual(expect.arrayContaining(['Medo']));
      expect((await signNames(page, 'Sentimentos'))[0]).toBe('Medo');

      await page.reload();
      await signs.getByRole('button', { name: 'Desafixar Medo' }).waitFor();
      expect((await signNames(page, 'Sentimentos'))[0]).toBe('Medo');
      expect(await unpin.getAttribute('aria-pressed')).toBe('true');
      await keepScreenshot(page, `signs-pinned-${width}`, { fullPage: true });

      await unpin.click();
      await signs.getByRole('button', { name: 'Fixar Medo como sinal de sonho' }).waitFor();
      await expect.poll(async () => (await signNames(page, 'Suas etiquetas'))[0]).toBe('farol');

      const farolDreams = signs.getByRole('list', { name: 'Sonhos com farol' });
      await farolDreams.getByRole('link', { name: /A luz do farol/ }).click();
      await page.waitForURL(/\/app\/dreams\/[0-9a-f-]{36}$/);
      const farolDreamUrl = page.url();
      await page.getByRole('heading', { level: 1, name: 'A luz do farol' }).waitFor();

      // 'Sonhos parecidos' under the dream: the other lighthouse dreams, with what they share; one opens.
      const similar = page.getByRole('region', { name: 'Sonhos parecidos' });
      const firstSimilar = similar.getByRole('link').first();
      await firstSimilar.waitFor();
      expect(await firstSimilar.textContent()).toMatch(/farol/i);
      expect(await firstSimilar.textContent()).toContain('Em comum');
      const similarTitle = (await firstSimilar.locator('span').first().textContent()) ?? '';
      expect(similarTitle).toMatch(/farol/i);
      await firstSimilar.click();
      await page.getByRole('heading', { level: 1, name: similarTitle }).waitFor();
      expect(page.url()).not.toContain(farolDreamUrl);
      expect(await overflowsSideways(page)).toBe(false);
      expect(journey.consoleErrors).toEqual([]);
    });
  }
});
