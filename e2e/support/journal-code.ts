import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The build's chunks named after the journal: its route's module and the shared code of its feature. */
const isDreamsChunk = (url: string) => /\/assets\/dreams-[\w-]+\.js$/.test(url);

/** A route's module exports its screen as `Component` (the router's lazy routes). */
export const isRouteModule = (code: string) => /\bas Component\b/.test(code);

/**
 * Waits until the journal screen's code, which 'Novo sonho' loads while the user writes (decision 082), is in the
 * page: importing the same module resolves once it and every chunk it needs are loaded.
 */
export async function waitForJournalCode(page: Page) {
  const journalChunk = async () => {
    const names = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    for (const url of names.filter(isDreamsChunk)) if (isRouteModule(await (await fetch(url)).text())) return url;
    return undefined;
  };
  await expect.poll(journalChunk, { timeout: 15_000 }).toBeTruthy();
  await page.evaluate(`import(${JSON.stringify(await journalChunk())}).then(() => true)`);
}
