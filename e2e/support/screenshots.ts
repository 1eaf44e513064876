import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * With E2E_SCREENSHOTS_DIR set, keeps what the user saw at this step, the window or (`fullPage`) the whole page: for
 * looking at the pages, not for asserting.
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
