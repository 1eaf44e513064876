import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const isDreamPage = (url: URL) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname);

describe('reaching the dream form (issue 19)', () => {
  it("on a phone: 'Hoje' on the first screen, the floating 'Novo sonho', Ctrl+Enter saves; on a desktop: no floating button, the hint, one Tab from the title to the button", async () => {
    const before = journey.consoleErrors.length;
    const { page } = await signedInPage(journey, { firstName: 'Iara', width: 390 });

    // 390×844: the 'Hoje' card is on the first screen, before the shortcut cards.
    const today = page.getByRole('region', { name: 'Hoje' });
    await today.getByTestId('today-streak-state').waitFor();
    const card = await today.boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(844);
    const shortcuts = await page.getByRole('region', { name: 'Atalhos' }).boundingBox();
    expect(shortcuts!.y).toBeGreaterThan(card!.y + card!.height);
    // The floating 'Novo sonho' steps aside while the card's own record button is in view (docs/decisions/080).
    const floating = page.getByTestId('phone-new-dream');
    expect(await floating.isHidden()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await keepScreenshot(page, 'reach-dashboard-390');

    // The page's end is above where the floating button is drawn, never under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCard = await page.getByRole('region', { name: 'Atalhos' }).boundingBox();
    expect(lastCard!.y + lastCard!.height).toBeLessThanOrEqual(844 - 16 - 56);

    // On a screen without a record button of its own ('Créditos'), there it is.
    await page.getByRole('banner').getByRole('link', { name: 'Créditos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
    await floating.waitFor();
    const button = await floating.boundingBox();
    expect(button!.width).toBeGreaterThanOrEqual(44);
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(button!.y + button!.height).toBeLessThanOrEqual(844);

    // One tap: the form, ready to type, without the floating button; Ctrl+Enter saves and opens the dream.
    await floating.click();
    await page.waitForURL((url) => url.pathname === '/app/dreams/new');
    const form = page.getByRole('form', { name: 'Novo sonho' });
    const content = form.getByLabel('O que você sonhou?');
    await expect.poll(() => isFocused(content), { timeout: 5000 }).toBe(true);
    expect(await floating.count()).toBe(0);
    await content.fill('Eu atravessava uma ponte de vidro sobre um rio de estrelas.');
    await keepScreenshot(page, 'reach-form-390');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(isDreamPage);
    await page.getByRole('heading', { level: 1, name: /^Eu atravessava uma ponte/ }).waitFor();
    await floating.waitFor();

    // The journal's own 'Novo Sonho' in view: the floating one steps aside there too (decision 080).
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sonhos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Meus Sonhos' }).waitFor();
    await expect.poll(() => floating.isHidden()).toBe(true);

    // 1280 px, the same session: no floating button; the card says today counts and opens today's dream.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Sonhário: painel' }).click();
    await today.getByText('Hoje já conta').waitFor();
    expect(await floating.isVisible()).toBe(false);
    await today.getByRole('link', { name: /^Eu atravessava uma ponte/ }).waitFor();
    await keepScreenshot(page, 'reach-dashboard-1280');

    // The shortcut card's 'Novo Sonho': the hint beside the button; from the title one Tab to 'Salvar sonho'.
    await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Novo Sonho' }).click();
    await expect.poll(() => isFocused(content), { timeout: 5000 }).toBe(true);
    await form.getByText('Ctrl+Enter para salvar').waitFor();
    await content.fill('Um jardim suspenso onde as flores cantavam baixinho.');
    await page.keyboard.press('Tab');
    expect(await isFocused(form.getByLabel(/^Título/))).toBe(true);
    await form.getByLabel(/^Título/).fill('O jardim que cantava');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await isFocused(form.getByRole('button', { name: 'Salvar sonho' }))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await keepScreenshot(page, 'reach-form-1280');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(isDreamPage);
    await page.getByRole('heading', { level: 1, name: 'O jardim que cantava' }).waitFor();
    expect(journey.consoleErrors.slice(before)).toEqual([]);
    // One sign-in for both widths: 13 s at load average 7; the longer limit is for a loaded machine (88 s at 20).
  }, 120_000);
});
