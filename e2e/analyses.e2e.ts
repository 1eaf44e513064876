import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndConfirm, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

const TITLE = 'A casa e o mar';
const DREAM =
  'Eu estava numa casa antiga à beira do mar, e a água subia devagar até as janelas. Abri a porta e a água saiu como um rio calmo.';
const BUILTIN_AUTHOR = /^Análise simbólica local \(sem IA generativa\) · léxico /;
/** Where the lead looks at the pages (not asserted). */
const SHOTS = '/tmp/shots';

const path = (page: Page) => new URL(page.url()).pathname;

/** The number a dashboard stat card shows. */
async function stat(page: Page, name: string) {
  return (await page.getByRole('group', { name }).locator('.font-display').first().textContent())?.trim();
}

async function waitForStat(page: Page, name: string, value: string) {
  await expect.poll(() => stat(page, name), { timeout: 5000 }).toBe(value);
}

/** The dream page's 'Análise do sonho' section. */
const analysisSection = (page: Page) => page.getByRole('region', { name: 'Análise do sonho' });

/** One result card of the latest analysis, by its heading. */
const card = (section: Locator, title: string) =>
  section
    .locator('[data-slot="card"]')
    .filter({ has: section.page().getByRole('heading', { level: 3, name: title, exact: true }) });

/** What the streaming region shows at one instant, and whether 'Cancelar' was on screen at that same instant. */
function streamSnapshot(section: Locator) {
  return section.evaluate((element) => ({
    texts: Array.from(element.querySelectorAll('[aria-live="polite"] p'), (p) => p.textContent).join('\n'),
    isCancelShown: Array.from(element.querySelectorAll('button')).some(
      (button) => button.textContent.trim() === 'Cancelar',
    ),
  }));
}

type StreamSnapshot = { texts: string; isCancelShown: boolean };

/** From now on, the page keeps each new text the stream region shows, and whether 'Cancelar' was on screen then. */
function recordStream(section: Locator) {
  return section.evaluate((element) => {
    const seen: StreamSnapshot[] = [];
    (window as unknown as { streamSeen: StreamSnapshot[] }).streamSeen = seen;
    new MutationObserver(() => {
      const live = element.querySelector('[aria-live="polite"]');
      const texts = live ? Array.from(live.querySelectorAll('p'), (p) => p.textContent).join('\n') : '';
      if (!texts || texts === seen.at(-1)?.texts) return;
      const isCancelShown = Array.from(element.querySelectorAll('button')).some(
        (button) => button.textContent.trim() === 'Cancelar',
      );
      seen.push({ texts, isCancelShown });
    }).observe(element, { subtree: true, childList: true, characterData: true });
  });
}

const recordedStream = (page: Page) =>
  page.evaluate(() => (window as unknown as { streamSeen: StreamSnapshot[] }).streamSeen);

/** The latest analysis's summary and interpretation, as its cards show them (the summary card's first paragraph). */
async function finalTexts(section: Locator) {
  const summary = await card(section, 'Resumo').locator('p').first().textContent();
  const interpretation = await card(section, 'Interpretação').locator('p').allTextContents();
  return [summary, ...interpretation].join('\n');
}

/**
 * One analysis through the app's API with the signed-in user's own session (supabase-js keeps it in localStorage),
 * without streaming: a quicker way to use up the month's quota than the UI.
 */
function analyzeThroughApi(page: Page, dreamId: string) {
  return page.evaluate(async (id) => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    const session = JSON.parse((key && localStorage.getItem(key)) || 'null') as { access_token?: string } | null;
    if (!session?.access_token) throw new Error('no session in localStorage');
    const response = await fetch(`/api/v1/dreams/${id}/analyses`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: '{}',
    });
    const body = (await response.json()) as { charge?: string };
    return { status: response.status, charge: body.charge };
  }, dreamId);
}

/** Credits page: the balance number and the quota line. */
async function creditsNumbers(page: Page) {
  const balance = page.getByTestId('credit-balance').locator('.font-display');
  const quota = page
    .getByRole('region', { name: 'Cota do mês' })
    .getByRole('progressbar', { name: 'Cota de análises do mês' });
  return { balance: (await balance.textContent())?.trim(), quota: await quota.getAttribute('aria-valuetext') };
}

async function waitForCredits(page: Page, balance: string, used: number) {
  await expect
    .poll(() => creditsNumbers(page), { timeout: 5000 })
    .toEqual({ balance, quota: expect.stringMatching(new RegExp(`^${used} de 5 análises usadas em \\p{L}+$`, 'u')) });
}

const ledger = (page: Page) => page.getByRole('list', { name: 'Movimentações de créditos' });

describe('dream analyses', () => {
  it('analyses a dream as a stream, cancels one, counts it everywhere, pays with credits after the quota, then refuses', async () => {
    await mkdir(SHOTS, { recursive: true });
    const page = await journey.newPage({ width: 390 });
    const before = journey.consoleErrors.length;
    // Signed up through the form with the consent box ticked: analyses need that consent.
    await signUpAndConfirm(page, { firstName: 'Marina', email: uniqueEmail('marina'), password: 'noite-estrelada' });
    await waitForStat(page, 'Análises Realizadas', '0');

    // Record the dream.
    await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Novo Sonho' }).click();
    await page.waitForURL((url) => url.pathname === '/app/dreams/new');
    const form = page.getByRole('form', { name: 'Novo sonho' });
    await form.getByLabel('O que você sonhou?').fill(DREAM);
    await form.getByLabel(/^Título/).fill(TITLE);
    await form.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho registrado').waitFor();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
    const dreamPath = path(page);
    const dreamId = dreamPath.split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The section before any analysis: how it will be paid, and nothing analysed yet.
    const section = analysisSection(page);
    await section.getByText('Este sonho ainda não foi analisado.').waitFor();
    await section.getByText('Incluída no seu plano: 0 de 5 análises usadas este mês').waitFor();

    // Analyse: the text arrives piece by piece while 'Cancelar' is offered, then the cards replace the stream. The
    // page records what the stream region shows at each change, so a slow round trip misses nothing: the text is
    // seen growing (issue 19), several lengths before the end.
    await recordStream(section);
    await section.getByRole('button', { name: 'Analisar sonho' }).click();
    await section.getByRole('button', { name: 'Cancelar' }).waitFor();
    await section.getByRole('heading', { level: 3, name: 'Analisando seu sonho…' }).waitFor();
    await section.getByText(BUILTIN_AUTHOR).waitFor();

    await card(section, 'Resumo').waitFor();
    await section.getByRole('button', { name: 'Analisar novamente' }).waitFor();
    expect(await section.getByRole('button', { name: 'Cancelar' }).count()).toBe(0);
    const final = await finalTexts(section);
    const seen = await recordedStream(page);
    expect(seen[0]?.texts).toMatch(/^A água/);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const [index, snapshot] of seen.entries()) {
      expect(snapshot.isCancelShown).toBe(true);
      expect(final.startsWith(snapshot.texts.trimEnd())).toBe(true);
      if (index > 0) expect(snapshot.texts.length).toBeGreaterThan(seen[index - 1]!.texts.length);
    }
    expect(seen.at(-2)!.texts.length).toBeLessThan(final.length);
    // Focus moved from the stream to the first card.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent.trim())).toBe('Resumo');

    // Summary, questions and interpretation first; on a phone the details wait closed behind their counts (issue 19).
    for (const title of ['Resumo', 'Perguntas para refletir', 'Interpretação']) await card(section, title).waitFor();
    const toggles = section.getByRole('button', { name: /^Ver \p{L}+ \(\d+\)$/u });
    expect(await toggles.allTextContents()).toEqual([
      'Ver símbolos (3)',
      'Ver temas (2)',
      'Ver emoções (1)',
      'Ver cenários (2)',
    ]);
    for (const toggle of await toggles.all()) expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await section.getByText(BUILTIN_AUTHOR).waitFor();
    // The summary names the central event (decision 059): the rising water.
    expect(await card(section, 'Resumo').textContent()).toContain('A água sobe.');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/dream-analysis-390.png`, fullPage: true });
    await section.getByRole('button', { name: 'Ver símbolos (3)' }).click();
    const symbols = section.getByTestId('analysis-details-symbols');
    await symbols.getByRole('button', { name: 'Símbolos (3)', expanded: true }).waitFor();
    for (const symbol of ['Água', 'Casa', 'Mar']) await symbols.getByText(symbol, { exact: true }).waitFor();
    await card(section, 'Perguntas para refletir')
      .getByText('Até onde a água chegou, e o que tem se acumulado para você ultimamente?')
      .waitFor();
    await section.getByText('Incluída no seu plano: 1 de 5 análises usadas este mês').waitFor();
    // A calm dream: no support card.
    expect(await page.getByText('Você não está sozinho').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Cancel one while the quota still has room: the cancelled message, and the earlier analysis stays.
    await section.getByRole('button', { name: 'Analisar novamente' }).click();
    await expect
      .poll(async () => (await streamSnapshot(section)).texts, { timeout: 5000, interval: 10 })
      .toMatch(/^A água/);
    await section.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('Análise cancelada. Nenhum crédito foi usado.').waitFor();
    await section.getByRole('button', { name: 'Analisar novamente' }).waitFor();
    await card(section, 'Resumo').waitFor();
    expect(await section.getByRole('heading', { name: 'Análises anteriores' }).count()).toBe(0);

    // The rest at desktop width (where the top-center toast does not cover the header's links).
    await page.setViewportSize({ width: 1280, height: 800 });

    // The dashboard counts the one analysis (the cancelled one is not there).
    await page.getByRole('link', { name: 'Sonhário: painel' }).click();
    await waitForStat(page, 'Análises Realizadas', '1');

    // Credits: the welcome bonus (10), the day's first-dream credit (+1) and the starter achievements 'Primeiro sonho'
    // and 'Primeira interpretação' (+5 each, decision 078) untouched, one analysis of the quota used; nothing for the
    // cancelled one.
    await page.getByRole('banner').getByRole('link', { name: 'Créditos' }).click();
    await page.waitForURL((url) => url.pathname === '/app/credits');
    await waitForCredits(page, '21', 1);
    await page.getByText('Incluída na cota do seu plano, sem usar créditos.').waitFor();
    await ledger(page).getByText('Bônus de boas-vindas').waitFor();
    await ledger(page).getByText('Primeiro sonho do dia').waitFor();
    await ledger(page).getByText('Conquista: Primeiro sonho').waitFor();
    await ledger(page).getByText('Conquista: Primeira interpretação').waitFor();
    expect(await ledger(page).getByRole('listitem').count()).toBe(4);

    // Analytics: the aggregates and the analysis, linking to its dream.
    await page.getByRole('link', { name: 'Painel', exact: true }).click();
    await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Ver Análises' }).click();
    await page.waitForURL((url) => url.pathname === '/app/analytics');
    await expect.poll(() => page.getByTestId('analyses-total').textContent(), { timeout: 5000 }).toBe('1');
    const frequentSymbols = page.getByRole('region', { name: 'Símbolos frequentes' });
    await frequentSymbols.getByRole('listitem').filter({ hasText: /^água/i }).getByText('1 vez').waitFor();
    await page
      .getByRole('region', { name: 'Temas frequentes' })
      .getByText(/^casas$/i)
      .waitFor();
    const analysisList = page.getByRole('list', { name: 'Análises' });
    expect(await analysisList.getByRole('listitem').count()).toBe(1);
    const item = analysisList.getByRole('listitem').first();
    await item.getByText('Comum', { exact: true }).waitFor();
    await item.getByText('Análise simbólica local', { exact: true }).waitFor();
    await item.getByText(/^A água sobe\./).waitFor();
    await item.getByRole('link', { name: TITLE }).click();
    await page.waitForURL((url) => url.pathname === dreamPath);

    // A second analysis through the UI: the first moves to 'Análises anteriores'.
    await section.getByText('Incluída no seu plano: 1 de 5 análises usadas este mês').waitFor();
    await section.getByRole('button', { name: 'Analisar novamente' }).click();
    await section.getByText('Incluída no seu plano: 2 de 5 análises usadas este mês').waitFor();
    const history = section.getByRole('region', { name: 'Análises anteriores' });
    expect(await history.getByRole('listitem').count()).toBe(1);

    // The other three of the month's five, the quick way.
    for (let i = 0; i < 3; i++)
      expect(await analyzeThroughApi(page, dreamId)).toEqual({ status: 201, charge: 'quota' });

    // The quota is used up: the next ones are paid with credits (21: two analyses, then 1 left).
    await page.reload();
    await section.getByText('Esta análise usará 10 créditos (saldo: 21)').waitFor();
    await section.getByRole('button', { name: 'Analisar novamente' }).click();
    await section.getByText('Esta análise usará 10 créditos (saldo: 11)').waitFor();
    await card(section, 'Resumo').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(5);
    expect(await analyzeThroughApi(page, dreamId)).toEqual({ status: 201, charge: 'credits' });
    await page.reload();
    await section.getByText('5 de 5 análises do plano usadas este mês · saldo: 1 crédito').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(6);

    // And the one after that is refused, in the app's words for the code (decision 013), the numbers beside the
    // button, and the way to the credits.
    await section.getByRole('button', { name: 'Analisar novamente' }).click();
    const alert = section.getByRole('alert');
    await alert.getByText('Sem análises disponíveis agora').waitFor();
    expect(await alert.textContent()).toContain(
      'Você já usou as análises do seu plano este mês e não tem créditos suficientes para outra.',
    );
    await section.getByText('5 de 5 análises do plano usadas este mês · saldo: 1 crédito').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(6);
    await alert.getByRole('link', { name: 'Ver Créditos' }).click();
    await page.waitForURL((url) => url.pathname === '/app/credits');

    // Credits: balance 1, the quota full, and the two paid analyses in the history.
    await waitForCredits(page, '1', 5);
    await page.getByText('Sua cota do mês acabou e o saldo não cobre uma análise (10 créditos).').waitFor();
    await expect.poll(() => ledger(page).getByRole('listitem').count(), { timeout: 5000 }).toBe(6);
    const [paid, paidFirst, firstAnalysis, ...rest] = await ledger(page).getByRole('listitem').all();
    expect(await paid!.textContent()).toMatch(/Análise de sonho.*[-−]10 créditos.*Saldo: 1/);
    expect(await paidFirst!.textContent()).toMatch(/Análise de sonho.*[-−]10 créditos.*Saldo: 11/);
    expect(await firstAnalysis!.textContent()).toMatch(/Conquista: Primeira interpretação.*\+5 créditos.*Saldo: 21/);
    // The dream's save wrote its day credit and 'Primeiro sonho' at one instant: either order.
    const texts = await Promise.all(rest.map((row) => row.textContent()));
    expect(texts.some((text) => /Primeiro sonho do dia.*\+1 crédito/.test(text ?? ''))).toBe(true);
    expect(texts.some((text) => /Conquista: Primeiro sonho.*\+5 créditos/.test(text ?? ''))).toBe(true);
    expect(texts.at(-1)).toMatch(/Bônus de boas-vindas.*\+10 créditos.*Saldo: 10/);
    await page.screenshot({ path: `${SHOTS}/credits-1280.png`, fullPage: true });

    await page.goto('/app/analytics');
    await expect.poll(() => page.getByTestId('analyses-total').textContent(), { timeout: 5000 }).toBe('7');
    await frequentSymbols.getByRole('listitem').filter({ hasText: /^água/i }).getByText('7 vezes').waitFor();
    expect(await analysisList.getByRole('listitem').count()).toBe(7);
    await page.screenshot({ path: `${SHOTS}/analytics-1280.png`, fullPage: true });

    // The refusal is the only failed request the browser reported.
    expect(journey.consoleErrors.slice(before).filter((error) => !error.includes('status of 402'))).toEqual([]);
  });
});
