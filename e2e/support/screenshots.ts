import path from 'node:path';
import type { Page } from 'playwright-core';

/** With E2E_SCREENSHOTS_DIR set, keeps what the user saw at this step (for looking at the page, not for asserting). */
export async function keepScreenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
