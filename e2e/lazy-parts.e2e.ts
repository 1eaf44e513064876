import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

/** The account menu's code (its chunk), lost on the way: the connection drops, or a new release removed the file. */
const ACCOUNT_MENU_CHUNK = /\/assets\/account-menu-[\w-]+\.js$/;

async function openAppWithoutTheMenuCode(page: Page) {
  await page.route(ACCOUNT_MENU_CHUNK, (route) => route.abort('connectionrefused'));
  await page.goto('/app');
  const retry = page.getByRole('banner').getByRole('button', { name: 'Recarregar o menu da conta' });
  await retry.waitFor();
  // The page is the dashboard, not the route's error screen.
  await page.getByRole('heading', { level: 1, name: 'Olá, Parte! 👋' }).waitFor();
  expect(await page.getByText('Something went wrong').count()).toBe(0);
  await keepScreenshot(page, `account-menu-lost-${page.viewportSize()!.width}`);
  return retry;
}

/** The menu's button works: it opens the menu, with 'Sair' in it, and closes again. */
async function expectWorkingMenu(page: Page) {
  const trigger = page.getByRole('banner').getByRole('button', { name: 'PA — Menu da conta de Parte' });
  await trigger.click();
  await page.getByRole('menuitem', { name: 'Sair' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menuitem', { name: 'Sair' }).waitFor({ state: 'detached' });
}

describe('a lazy part whose code does not arrive (decision 052)', () => {
  it('keeps the page, and the account menu comes back on a press or when the browser is online again (1280 and 390 px)', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Parte' });

    // 1280 px: the press asks for the code again.
    const retry = await openAppWithoutTheMenuCode(page);
    await page.unroute(ACCOUNT_MENU_CHUNK);
    await retry.click();
    await expectWorkingMenu(page);
    expect(await retry.count()).toBe(0);

    // 390 px: back online, it is asked for again by itself.
    await page.setViewportSize({ width: 390, height: 844 });
    await openAppWithoutTheMenuCode(page);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await page.unroute(ACCOUNT_MENU_CHUNK);
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expectWorkingMenu(page);
  }, 90_000);
});
