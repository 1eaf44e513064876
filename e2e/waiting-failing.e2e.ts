import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

/** With E2E_SCREENSHOTS_DIR set, keeps what the user saw at this step (for looking at the pages, not for asserting). */
async function keep(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const API = '**/api/v1/**';
const abort = (route: Route) => route.abort('connectionrefused');

/** Holds a lazy screen's code (its chunks) until the returned function is called. */
async function holdChunks(page: Page, screen: string): Promise<() => void> {
  const pattern = new RegExp(`/assets/${screen}-[\\w-]+\\.js$`);
  const held: (() => void)[] = [];
  let isReleased = false;
  await page.route(pattern, async (route) => {
    if (!isReleased) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  // The route stays: once released, it lets every request through at once.
  return () => {
    isReleased = true;
    for (const release of held.splice(0)) release();
  };
}

/** The dashboard with the API unreachable: the failure on the first screen, and 'Tentar novamente' recovers. */
async function expectDashboardFailureAndRecovery(page: Page, name: string) {
  await page.route(API, abort);
  await page.goto('/app');
  const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar seu painel' });
  await failure
    .getByText('O servidor não respondeu: ele pode estar fora do ar, ou a conexão caiu no caminho.')
    .waitFor();
  const retry = failure.getByRole('button', { name: 'Tentar novamente' });
  // On the first screen: the button's bottom edge within the window.
  const box = await retry.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await keep(page, `dashboard-unreachable-${name}`);

  await page.unroute(API);
  await retry.click();
  await page.getByRole('group', { name: 'Sonhos Registrados' }).getByText('0', { exact: true }).waitFor();
  expect(await failure.count()).toBe(0);
}

describe('waiting and failing (issue 19)', () => {
  it('shows failures with a retry, keeps the header over a slow screen, and says when the browser is offline (1280 and 390 px)', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Espera' });

    // 1280 px: the API down, then back.
    await expectDashboardFailureAndRecovery(page, '1280');

    // A screen whose code is slow to arrive: the header stays, the content shows that screen's shape.
    const releaseCredits = await holdChunks(page, 'credits');
    await page.getByRole('banner').getByRole('link', { name: 'Créditos' }).click();
    const main = page.getByRole('main');
    await main.getByRole('status', { name: 'Carregando...' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sonhos' }).isVisible()).toBe(true);
    await keep(page, 'route-loading-1280');
    releaseCredits();
    await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
    expect(await main.getByRole('status', { name: 'Carregando...' }).count()).toBe(0);

    // Offline: the banner under the header, gone when the connection is back.
    const banner = page.getByRole('status').filter({ hasText: 'Você está offline.' });
    await page.context().setOffline(true);
    await banner.waitFor();
    await keep(page, 'offline-1280');
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });

    // 390 px, on the same account and page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectDashboardFailureAndRecovery(page, '390');

    // A first visit straight to a slow screen: the header's and the page's shapes, not a blank page.
    const releaseAnalytics = await holdChunks(page, 'analytics');
    await page.goto('/app/analytics', { waitUntil: 'commit' });
    await page.locator('[data-slot="skeleton"]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await keep(page, 'route-first-visit-390');
    releaseAnalytics();
    await page.getByRole('heading', { level: 1, name: 'Padrões' }).waitFor();

    await page.context().setOffline(true);
    await banner.waitFor();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await keep(page, 'offline-390');
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // Both widths on one signed-in page; two runs of the dashboard's retry (a dropped request is asked twice).
  }, 120_000);
});
