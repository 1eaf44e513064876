import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

describe('landing page', () => {
  for (const width of [390, 1280]) {
    it(`shows every text the spec asks for at ${width} px, without console errors or horizontal scroll`, async () => {
      const page = await journey.newPage({ width });
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      const before = journey.consoleErrors.length;
      await page.goto('/');

      const banner = page.getByRole('banner');
      await banner.getByText('Sonhário').first().waitFor();
      await banner.getByRole('button', { name: 'Features' }).waitFor();
      await banner.getByRole('button', { name: 'Pricing' }).waitFor();
      await page.getByText('AI-Powered Dream Analysis', { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' }).waitFor();
      await page.getByRole('link', { name: 'Start Your Dream Journey' }).waitFor();
      await page.getByRole('button', { name: 'Watch Demo' }).waitFor();
      for (const feature of ['AI-Powered Analysis', 'Streak & Rewards', 'Privacy First']) {
        await page.getByRole('heading', { name: feature }).waitFor();
      }
      for (const [plan, price] of [
        ['Dreamer', 'Free'],
        ['Lucid', '$9.99'],
        ['Oracle', '$19.99'],
      ] as const) {
        const heading = page.getByRole('heading', { name: plan, exact: true });
        await heading.waitFor();
        await page.getByRole('group', { name: plan }).getByText(price, { exact: true }).waitFor();
      }
      await page.getByRole('group', { name: 'Lucid' }).getByText('Most Popular').waitFor();
      expect(await page.getByRole('group', { name: 'Dreamer' }).getByText('Most Popular').count()).toBe(0);
      for (const line of [
        '5 AI analyses per month',
        '100 AI analyses per month',
        'Unlimited AI analyses',
        'AI chat about dreams',
        'Daily bonus credits',
      ]) {
        await page.getByText(line, { exact: false }).first().waitFor();
      }
      await page.getByRole('link', { name: 'Start Your Free Trial' }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      await page.getByRole('main').waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(journey.consoleErrors.slice(before)).toEqual([]);
      expect(failed).toEqual([]);
    });
  }

  it('leads both calls to action to /login', async () => {
    const page = await journey.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Dream Journey' }).click();
    await page.waitForURL('**/login');
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Free Trial' }).click();
    await page.waitForURL('**/login');
  });

  it('loads no app route code on the landing page, and at most 120 KB gzip of JS before first paint', async () => {
    const page = await journey.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const html = await (await page.request.get('/')).text();
    // What index.html itself loads: the entry and its modulepreloads.
    const startup = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    expect(startup.length).toBeGreaterThan(0);
    for (const file of startup) expect(scripts).toContain(file);
    let gzipBytes = 0;
    for (const file of startup) {
      const body = await (await page.request.get(file, { headers: { 'accept-encoding': 'gzip' } })).body();
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    expect(gzipBytes).toBeLessThanOrEqual(120 * 1024);
    // Later chunks may arrive after paint (the toaster, the auth client), but never another route's code.
    expect(scripts.filter((s) => /app-shell|app-layout|not-found|login|dashboard|reset-password/.test(s))).toEqual([]);
  });

  it('moves keyboard focus visibly, starting with the skip link', async () => {
    const page = await journey.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    const unfocused = await skip.evaluate((el) => getComputedStyle(el).boxShadow);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent.trim()), { timeout: 5000 })
      .toBe('Skip to main content');
    // Focused, the skip link slides into view and gains a focus ring it did not have before.
    await expect.poll(async () => (await skip.boundingBox())?.y ?? -1, { timeout: 5000 }).toBeGreaterThanOrEqual(0);
    await expect
      .poll(() => skip.evaluate((el) => getComputedStyle(el).boxShadow), { timeout: 5000 })
      .not.toBe(unfocused);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    expect(inMain).toBe(true);
  });
});
