import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { holdRequests } from './support/hold-requests.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

const API = /\/api\/v1\//;
// A title of two lines on a phone: the card's loading shape keeps room for two.
const TITLE = 'Perdia os dentes numa floresta escura';

/** The page's layout shifts (not caused by input), summed: what CLS counts. Collected from the page's start. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

describe('screens while their data arrives', () => {
  it('keeps its place: the loading shapes are the loaded cards’ size (390 and 1280 px)', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Firme', width: 390 });
    const { token } = await sessionOf(page);
    const created = await fetch(`${baseUrl()}/api/v1/dreams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: TITLE, content: 'Os dentes caíam um a um enquanto eu andava entre as árvores.' }),
    });
    expect(created.status).toBe(201);
    const layoutShift = await watchLayoutShifts(page);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      // The dashboard shows its loading shapes while the API's answers are held.
      const release = await holdRequests(page, API);
      await page.goto('/app');
      const today = page.getByRole('region', { name: 'Hoje' });
      await today.and(page.locator('[aria-busy="true"]')).waitFor();
      await keepScreenshot(page, `dashboard-loading-${width}`);
      const before = await layoutShift();

      release();
      await today.getByRole('link', { name: TITLE }).waitFor();
      await page.getByTestId('dashboard-plan').waitFor();
      // Long enough for any late move to be counted.
      await page.waitForTimeout(500);
      await keepScreenshot(page, `dashboard-loaded-${width}`);
      // Before the loading shapes matched, the 'Hoje' card grew by about 150 px at 390 px: 0.085.
      expect(await layoutShift()).toBeLessThan(before + 0.01);
    }
  }, 90_000);

  it("keeps the credits and 'Padrões' screens in place too, opened from the dashboard (390 px)", async () => {
    const { page } = await signedInPage(journey, { firstName: 'Quieta', width: 390 });
    const layoutShift = await watchLayoutShifts(page);
    const screens = [
      { link: 'Ver Créditos', heading: 'Créditos', loaded: page.getByTestId('credit-balance') },
      // Dreamer: the journal's counts and what the charts would add.
      { link: 'Ver Padrões', heading: 'Padrões', loaded: page.getByText(/^Este mês /) },
    ];
    for (const { link, heading, loaded } of screens) {
      await page.goto('/app');
      await page.getByTestId('dashboard-plan').waitFor();
      const release = await holdRequests(page, API);
      await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Past the click's half second of "recent input", whose shifts CLS does not count.
      await page.waitForTimeout(600);
      await keepScreenshot(page, `${heading}-loading-390`);
      const before = await layoutShift();

      release();
      await loaded.waitFor();
      await page.waitForTimeout(500);
      // Before their loading shapes matched: 0.022 on 'Créditos', 0.062 on 'Padrões'.
      expect(await layoutShift(), heading).toBeLessThan(before + 0.01);
    }
  }, 90_000);

  it('opens a page loaded afresh at its top, not where another page loaded afresh was left (390 px)', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Rolagem', width: 390 });
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.goto('/app/settings');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(scrollY).toBe(600);

    // Another page loaded afresh (typed, a bookmark): the router restores scroll positions as it renders the route,
    // so once the dashboard shows, where it stands is where it was put. It was put at 600 px.
    await page.goto('/app');
    await page.getByTestId('dashboard-plan').waitFor();
    expect(await scrollY()).toBe(0);
  });
});
