import type { Page } from 'playwright-core';

/**
 * Holds the page's requests whose URL matches until the returned function is called, to see what the page shows
 * while they are on their way. The route stays: once released, it lets every request through (a later hold on the
 * same URLs is routed first).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  const held: (() => void)[] = [];
  let isReleased = false;
  await page.route(url, async (route) => {
    if (!isReleased) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return () => {
    isReleased = true;
    for (const release of held.splice(0)) release();
  };
}
