import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, setPlan, signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

/**
 * axe-core (the engine behind Lighthouse's and the browsers' accessibility audits) over every route of the app, signed
 * out and signed in, in the night and the light theme: no violation of any impact, WCAG 2.1 A/AA and best practice.
 * One account and one page per part; the page moves between routes inside the app (as a click on a link would) and the
 * theme is repainted in place (what the app itself does: `<html class="dark">`, lib/theme.ts), so the whole audit
 * stays within seconds.
 */
const journey = useBrowser();

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

type Theme = 'dark' | 'light';

/** Injected through the DevTools protocol, which the page's CSP (scripts from 'self' only) does not govern. */
async function useAxe(page: Page) {
  await page.context().addInitScript({ content: await AXE_SOURCE });
}

/** A route inside the app as a link click makes it: the router follows the history entry without reloading. */
async function moveTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** Waits until the route shows its heading, its data (no skeleton, nothing busy) and no transition is running. */
const started = Date.now();
const trace = (step: string) => {
  if (process.env.A11Y_TRACE) console.log(`${((Date.now() - started) / 1000).toFixed(1)} s ${step}`);
};

async function settle(page: Page) {
  trace(`settle ${page.url()}`);
  // A screen whose code is not there after 120 ms shows its skeleton (no h1) in place of the last screen, whose h1
  // may still be up when this starts: the new screen is there when an h1 and no skeleton hold twice, 200 ms apart.
  const isSettled = () =>
    page.evaluate(
      () =>
        document.querySelector('h1') !== null &&
        document.querySelectorAll('[data-slot="skeleton"], [aria-busy="true"], [data-slot="spinner"]').length === 0,
    );
  for (let i = 0; i < 2; i += 1) {
    await page.waitForTimeout(200);
    await expect.poll(isSettled, { timeout: 15_000 }).toBe(true);
  }
  await finishTransitions(page);
}

/** Colour transitions (hover, theme) would make axe read a colour half-way; infinite ones (the stars) never end. */
async function finishTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function paint(page: Page, theme: Theme) {
  trace(`paint ${theme}`);
  await page.evaluate((dark) => {
    // Colours change at once (no transition to wait for frame by frame); a constructed sheet, which the CSP allows.
    if (!document.adoptedStyleSheets.some((sheet) => sheet.cssRules[0]?.cssText.includes('transition'))) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
    document.documentElement.classList.toggle('dark', dark);
  }, theme === 'dark');
  await finishTransitions(page);
}

/** The rules whose outcome depends on colours: the only ones the second theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Runs axe over the whole document (all the tags, or only `rules`); every violation as one readable line. */
async function audit(page: Page, where: string, rules?: string[]): Promise<string[]> {
  trace(`audit ${where}`);
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      };
      const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
      return (await axe.run(document, { runOnly, resultTypes: ['violations'] })).violations;
    },
    { tags: TAGS, rules },
  );
  trace(`audited ${where}`);
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? '?'}) ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((node) => JSON.stringify(node.target))
        .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''} (${
        v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''
      })`,
  );
}

/**
 * The route in the night theme with every rule, then in the light one with the colour rules (the landing page is
 * always the night sky).
 */
async function auditBothThemes(page: Page, route: string, { isNightOnly = false } = {}): Promise<string[]> {
  await paint(page, 'dark');
  const found = await audit(page, `${route} [dark]`);
  if (isNightOnly) return found;
  await paint(page, 'light');
  found.push(...(await audit(page, `${route} [light]`, COLOUR_RULES)));
  await paint(page, 'dark');
  return found;
}

/** A dream and one analysis of it (the builtin analyst), through the API with the page's own session. */
function createAnalysedDream(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    const session = JSON.parse((key && localStorage.getItem(key)) || 'null') as { access_token?: string } | null;
    if (!session?.access_token) throw new Error('no session in localStorage');
    const headers = {
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    };
    const created = await fetch('/api/v1/dreams', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'A ponte de vidro',
        content:
          'Eu atravessava uma ponte de vidro sobre um rio escuro. Minha avó acenava da outra margem com uma lanterna.',
        mood: 4,
        emotions: ['surpresa'],
        tags: ['ponte', 'água'],
      }),
    });
    if (!created.ok) throw new Error(`create dream: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const analysed = await fetch(`/api/v1/dreams/${id}/analyses`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: '{}',
    });
    if (!analysed.ok) throw new Error(`analyse dream: ${analysed.status} ${await analysed.text()}`);
    return id;
  });
}

describe('accessibility (axe-core, WCAG 2.1 AA and best practice)', () => {
  // At a desktop's width in both themes; at a phone's (other layouts, the floating 'Novo sonho') in the night theme,
  // which holds every rule (the colours are the same tokens at both widths).
  for (const width of [1280, 390]) {
    const auditPage = (page: Page, route: string, options: { isNightOnly?: boolean } = {}) =>
      width === 1280
        ? auditBothThemes(page, route, options)
        : auditBothThemes(page, `${route} @${width}`, { isNightOnly: true });

    it(`finds no violation on any public page at ${width} px`, { timeout: 300_000 }, async () => {
      const page = await journey.newPage({ width });
      await useAxe(page);
      const found: string[] = [];

      await page.goto('/');
      // The prerendered page is audited as the app has taken it over (the boot script starts it at the first intent).
      await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
      await page.mouse.move(10, 10);
      await expect
        .poll(
          () =>
            page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__react'))),
          { timeout: 15_000 },
        )
        .toBe(true);
      await settle(page);
      found.push(...(await auditPage(page, '/', { isNightOnly: true })));

      await page.goto('/login?tab=signup');
      await page.getByRole('form', { name: 'Cadastro' }).waitFor();
      await settle(page);
      found.push(...(await auditPage(page, '/login?tab=signup')));

      for (const route of ['/login', '/redefinir-senha', '/privacidade', '/termos', '/demo', '/um/lugar/inexistente']) {
        await moveTo(page, route);
        await settle(page);
        found.push(...(await auditPage(page, route)));
      }
      expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
    });

    it(
      `finds no violation on any signed-in page, the open user menu or a dialog, at ${width} px`,
      { timeout: 300_000 },
      async () => {
        const { page } = await signedInPage(journey, { firstName: 'Iara', width });
        await useAxe(page);
        const dreamId = await createAnalysedDream(page);
        const found: string[] = [];

        // A reload, so the init script (axe) is in the page.
        await page.reload();
        await settle(page);
        found.push(...(await auditPage(page, '/app')));

        await page.getByRole('button', { name: /Iara/ }).click();
        await page.getByRole('menu').waitFor();
        await finishTransitions(page);
        found.push(...(await auditPage(page, '/app (user menu open)')));
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });

        const routes = [
          '/app/dreams',
          '/app/dreams/new',
          `/app/dreams/${dreamId}`,
          `/app/dreams/${dreamId}/edit`,
          '/app/credits',
          '/app/rewards',
          '/app/help',
          '/app/oracle',
          '/app/plans',
          '/app/analytics',
          '/app/profile',
          '/app/settings',
          '/app/lugar-nenhum',
        ];
        for (const route of routes) {
          await moveTo(page, route);
          const isDetail = route === `/app/dreams/${dreamId}`;
          if (isDetail)
            await page.getByRole('region', { name: 'Análise do sonho' }).getByText('Resumo').first().waitFor();
          await settle(page);
          const label = route.replace(dreamId, ':id');
          found.push(...(await auditPage(page, label)));
          if (isDetail) {
            await page.getByRole('button', { name: 'Excluir' }).click();
            await page.getByRole('alertdialog').waitFor();
            await finishTransitions(page);
            found.push(...(await auditPage(page, `${label} (delete dialog)`)));
            await page.keyboard.press('Escape');
            await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
          }
        }

        // Conquistas as Lucid shows what Dreamer's does not: the streak's freezes (a count read as one sentence).
        await setPlan((await sessionOf(page)).id, 'lucid');
        await moveTo(page, '/app/rewards');
        await page.reload();
        await page.getByText(/de \d+ proteções guardadas/).waitFor();
        await settle(page);
        found.push(...(await auditPage(page, '/app/rewards (Lucid)')));
        expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
      },
    );
  }
});
