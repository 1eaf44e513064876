import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { testServer } from './server.ts';

export const baseUrl = () => testServer().baseUrl;

interface ContextOptions {
  width?: number;
  /**
   * The app's service worker (decision 036) precaches every asset in the background of each fresh context: blocked
   * unless a journey is about it (e2e/offline.e2e.ts), so the others neither wait on it nor are served by it.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * The system's motion setting the page sees. 'reduce' unless a journey asks for 'full': the app then stops its
   * endless animations (the twinkling stars), which otherwise keep Chromium redrawing the whole page for as long as it
   * is open, with no test reading them (decision 074). The landing journey keeps full motion.
   */
  motion?: 'reduce' | 'full';
}

export interface Journey {
  browser: Browser;
  /** Console errors and page errors seen in pages opened through `newPage`. */
  consoleErrors: string[];
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  newPage(options?: ContextOptions): Promise<Page>;
}

/** Connects to the shared Chromium once per file; every page gets a fresh context (own storage). */
export function useBrowser(): Journey {
  const contexts: BrowserContext[] = [];
  const journey = {
    consoleErrors: [] as string[],
  } as Journey;
  beforeAll(async () => {
    // The global setup could not start the server or Chromium: every journey fails with why (and its output).
    const setupError = inject('setupError');
    if (setupError) throw new Error(`The browser journeys' setup failed: ${setupError}`);
    journey.browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await reportFailure(context.task.name, contexts, journey.consoleErrors);
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    // Unset when beforeAll failed to connect.
    await (journey.browser as Journey['browser'] | undefined)?.close();
  });
  journey.newContext = async ({ width = 1280, serviceWorkers = 'block', motion = 'reduce' } = {}) => {
    const context = await journey.browser.newContext({
      baseURL: baseUrl(),
      serviceWorkers,
      viewport: { width, height: width < 600 ? 844 : 800 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: motion === 'full' ? 'no-preference' : 'reduce',
    });
    contexts.push(context);
    return context;
  };
  journey.newPage = async (options) => {
    const context = await journey.newContext(options);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Said with what failed: the resource a failed load was for, the details of a logged error object.
      const { url } = message.location();
      const text =
        message.text().startsWith('Failed to load resource') && url ? `${message.text()} (${url})` : message.text();
      const index = journey.consoleErrors.push(text) - 1;
      const detail = message.args()[1];
      if (detail) {
        void detail
          .jsonValue()
          .then((value: unknown) => {
            journey.consoleErrors[index] = `${text} ${JSON.stringify(value).slice(0, 600)}`;
          })
          .catch(() => undefined);
      }
    });
    page.on('pageerror', (error) => journey.consoleErrors.push(`pageerror: ${error.message}`));
    return page;
  };
  return journey;
}

/**
 * A failed journey says what its pages showed when it failed (CI keeps only the output): each open page's address,
 * the start of its visible text and the console errors; and keeps a screenshot of each in E2E_FAILURES_DIR (default: a
 * folder in the system's temporary directory).
 */
async function reportFailure(test: string, contexts: BrowserContext[], consoleErrors: string[]): Promise<void> {
  const dir = process.env.E2E_FAILURES_DIR ?? path.join(tmpdir(), 'sonhario-e2e-failures');
  await mkdir(dir, { recursive: true });
  const pages = contexts.flatMap((c) => c.pages());
  for (const [index, page] of pages.entries()) {
    const file = path.join(dir, `${test.replace(/[^\w-]+/g, '-').slice(0, 80)}-${String(index)}.png`);
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
      .catch((error: unknown) => `(could not read the page: ${String(error)})`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(
      `[failed journey] "${test}", page ${String(index)}: ${page.url()}\n  text: ${text}\n  screenshot: ${file}`,
    );
  }
  if (consoleErrors.length > 0) console.log(`[failed journey] console errors:\n  ${consoleErrors.join('\n  ')}`);
}

/**
 * A page prerendered with a boot script (decisions 051, 083): its HTML loads that one script and no preload links,
 * and the script is small (at most 1 KB gzip), so the page paints before the app's JS.
 */
export async function expectOneSmallBootScript(path: string) {
  const html = await (await fetch(`${baseUrl()}${path}`)).text();
  const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  expect(html).not.toContain('modulepreload');
  const boot = await (await fetch(`${baseUrl()}${scripts[0]!}`)).arrayBuffer();
  expect(gzipSync(Buffer.from(boot)).length).toBeLessThanOrEqual(1024);
}
