import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { holdRequests } from './support/hold-requests.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

const API = '**/api/v1/**';
const abort = (route: Route) => route.abort('connectionrefused');

/** Holds a lazy screen's code (its chunks) until the returned function is called. */
const holdChunks = (page: Page, screen: string) => holdRequests(page, new RegExp(`/assets/${screen}-[\\w-]+\\.js$`));

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
  await keepScreenshot(page, `dashboard-unreachable-${name}`);

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
    await keepScreenshot(page, 'route-loading-1280');
    releaseCredits();
    await page.getByRole('heading', { level: 1, name: 'Créditos' }).waitFor();
    expect(await main.getByRole('status', { name: 'Carregando...' }).count()).toBe(0);

    // Offline: the banner under the header, gone when the connection is back.
    const banner = page.getByRole('status').filter({ hasText: 'Você está offline.' });
    await page.context().setOffline(true);
    await banner.waitFor();
    await keepScreenshot(page, 'offline-1280');
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
    await keepScreenshot(page, 'route-first-visit-390');
    releaseAnalytics();
    await page.getByRole('heading', { level: 1, name: 'Padrões' }).waitFor();

    await page.context().setOffline(true);
    await banner.waitFor();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    await keepScreenshot(page, 'offline-390');
    await page.context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // Both widths on one signed-in page; two runs of the dashboard's retry (a dropped request is asked twice).
  }, 120_000);
});
