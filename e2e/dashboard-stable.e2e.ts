import type { Locator, Page } from 'playwright-core';
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
      { link: 'Ver Análises', heading: 'Padrões', loaded: page.getByText(/^Este mês /) },
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

/**
 * The floating 'Novo sonho' where it is drawn, and the buttons and links it covers: those whose box meets its box,
 * and those a tap on it would otherwise land on (a card's link stretched over the card by `::after` has a small box).
 * `null` when it is not drawn.
 */
async function floatingButtonCovers(page: Page) {
  return page.evaluate(() => {
    const floating = document.querySelector<HTMLElement>('[data-testid="phone-new-dream"]');
    const box = floating?.getBoundingClientRect();
    if (!floating || !box || box.width === 0 || box.height === 0) return null;
    const name = (element: Element) => `${element.tagName} '${element.textContent.trim()}'`;
    const covered = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('a, button'))) {
      if (element === floating || !(element as HTMLElement).checkVisibility({ visibilityProperty: true })) continue;
      const other = element.getBoundingClientRect();
      const meets =
        other.width > 0 &&
        other.height > 0 &&
        other.left < box.right &&
        other.right > box.left &&
        other.top < box.bottom &&
        other.bottom > box.top;
      if (meets) covered.add(name(element));
    }
    for (let x = box.left + 1; x < box.right; x += (box.width - 2) / 6) {
      for (let y = box.top + 1; y < box.bottom; y += (box.height - 2) / 3) {
        for (const under of document.elementsFromPoint(x, y)) {
          const target = floating.contains(under) ? null : under.closest('a, button');
          if (target) covered.add(name(target));
        }
      }
    }
    return { top: box.top, bottom: box.bottom, covered: [...covered] };
  });
}

/** The dashboard's section headings in reading (DOM) order, and whether they are drawn top to bottom in that order. */
async function sectionsInOrder(page: Page) {
  return page.locator('main h2').evaluateAll((headings) => {
    const tops = headings.map((heading) => (heading.closest('section') ?? heading).getBoundingClientRect().top);
    return {
      names: headings.map((heading) => heading.textContent),
      isDrawnInThatOrder: tops.every((top, index) => index === 0 || top > tops[index - 1]!),
    };
  });
}

const isInView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  });

describe('the dashboard on a phone (issue 34)', () => {
  it("leads with 'Hoje', then the numbers and the recent dreams, the shortcuts last; the floating 'Novo sonho' covers no button (390×844)", async () => {
    const { page } = await signedInPage(journey, { firstName: 'Aurora', width: 390 });
    const floating = page.getByTestId('phone-new-dream');
    const today = page.getByRole('region', { name: 'Hoje' });
    const recent = page.getByRole('region', { name: 'Atividade Recente' });
    const shortcuts = page.getByRole('region', { name: 'Atalhos' });
    const loaded = async () => {
      await today.getByTestId('today-streak-state').waitFor();
      await page.getByTestId('dashboard-plan').waitFor();
      await page.getByTestId('streak-card-today').waitFor();
    };
    await loaded();
    await recent.getByText('Nenhum sonho registrado ainda').waitFor();

    // Right after the greeting, 'Hoje', whole on the first screen; then 'Seus números', the recent dreams, and last
    // the four shortcuts: in the DOM (what a screen reader reads) as on screen.
    const afterGreeting = await page
      .getByRole('heading', { level: 1 })
      .evaluate((heading) => heading.parentElement?.nextElementSibling?.querySelector('h2')?.textContent);
    expect(afterGreeting).toBe('Hoje');
    expect(await sectionsInOrder(page)).toEqual({
      names: ['Hoje', 'Seus números', 'Atividade Recente', 'Atalhos'],
      isDrawnInThatOrder: true,
    });
    const card = (await today.boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(844);
    // The four shortcuts, compact: four rows of about 56 px (the cards they were took 1,070 px).
    expect((await shortcuts.boundingBox())!.height).toBeLessThan(300);
    await keepScreenshot(page, 'dashboard-phone-390', { fullPage: true });

    // At the top: 'Hoje''s own record button is the one record action in view; the floating one steps aside.
    const recordToday = today.getByRole('link', { name: 'Registrar o sonho de hoje' });
    expect(await isInView(recordToday)).toBe(true);
    expect(await floatingButtonCovers(page)).toBeNull();
    expect(await floating.isHidden()).toBe(true);

    // At the bottom: the page's end is above where it is drawn, and it covers nothing (the shortcuts' 'Novo Sonho' is
    // in view: it steps aside again).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight)))
      .toBe(await page.evaluate(() => document.documentElement.scrollHeight));
    const end = (await shortcuts.boundingBox())!;
    expect(end.y + end.height).toBeLessThanOrEqual(844 - 16 - 56);
    expect(await isInView(shortcuts.getByRole('link', { name: 'Novo Sonho' }))).toBe(true);
    expect(await floatingButtonCovers(page)).toBeNull();

    // Today's dreams recorded (three: a page long enough to scroll with no record button in view): 'Hoje' opens the
    // last, and that button keeps the floating one aside on the first screen, where it would lie over the stat cards
    // (the streak card is a link).
    const { token } = await sessionOf(page);
    for (const title of ['A escada sem fim', 'Voava sobre o mar à noite', TITLE]) {
      const created = await fetch(`${baseUrl()}/api/v1/dreams`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, content: 'Os dentes caíam um a um enquanto eu andava entre as árvores.' }),
      });
      expect(created.status).toBe(201);
    }
    await page.goto('/app');
    await loaded();
    await today.getByText('Hoje já conta').waitFor();
    await recent.getByRole('list', { name: 'Últimos sonhos' }).waitFor();
    expect((await sectionsInOrder(page)).isDrawnInThatOrder).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const openToday = today.getByRole('link', { name: 'Abrir o sonho de hoje' });
    expect(await isInView(openToday)).toBe(true);
    expect(await floatingButtonCovers(page)).toBeNull();
    await keepScreenshot(page, 'dashboard-phone-recorded-390', { fullPage: true });

    // Once that button is scrolled away (no record button in view), the floating one is back.
    await openToday.evaluate((link) => window.scrollTo(0, link.getBoundingClientRect().bottom + window.scrollY + 1));
    await floating.waitFor();
    const back = (await floating.boundingBox())!;
    expect(back.height).toBeGreaterThanOrEqual(44);
    expect(back.y + back.height).toBeLessThanOrEqual(844);

    // At the bottom, it covers nothing, whether drawn or aside.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight)))
      .toBe(await page.evaluate(() => document.documentElement.scrollHeight));
    expect((await floatingButtonCovers(page))?.covered ?? []).toEqual([]);

    // 1280 px: the same order (the DOM's), four cards in a row, no floating button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await sectionsInOrder(page)).toEqual({
      names: ['Hoje', 'Seus números', 'Atividade Recente', 'Atalhos'],
      isDrawnInThatOrder: true,
    });
    const rows = await shortcuts
      .getByRole('listitem')
      .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    expect(await floatingButtonCovers(page)).toBeNull();
    await keepScreenshot(page, 'dashboard-desktop-1280', { fullPage: true });
  }, 90_000);
});
