import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, setPlan, signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { useServerClock } from './support/clock.ts';

const journey = useBrowser();
const clock = useServerClock();

const DAY_MS = 86_400_000;

/** Moves the server's services and the page's clock to `days` from today (noon-safe: whole days from now). */
async function liveOn(page: Page, days: number) {
  await clock.setServerDay(days);
  await page.clock.setFixedTime(new Date(Date.now() + days * DAY_MS));
}

/** Records a dream through the form, as on waking, and waits for its page. */
async function recordDream(page: Page, text: string) {
  await page.goto('/app/dreams/new');
  const form = page.getByRole('form', { name: 'Novo sonho' });
  await form.getByLabel('O que você sonhou?').fill(text);
  await form.getByRole('button', { name: 'Salvar sonho' }).click();
  await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
}

/** The rewards calendar's days in a state ('Sonho registrado', 'Noite sem lembrança', …). */
const calendarDays = (page: Page, state: string) =>
  page
    .getByRole('list', { name: 'Calendário dos últimos 12 meses' })
    .getByRole('listitem', { name: new RegExp(`: ${state}$`) });

describe('streaks and rewards', () => {
  it('three mornings in a row earn the daily credit and the 3-day milestone, shown on the rewards page', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Luna', width: 390 });
    const before = journey.consoleErrors.length;

    await liveOn(page, -2);
    await recordDream(page, 'Eu andava numa praia de areia azul e a maré subia devagar.');
    // Dreamer's first dream unlocks 'Primeiro sonho' with its credits (decision 078).
    await page.getByText('Conquista desbloqueada: Primeiro sonho · +5 créditos').waitFor();
    await page.getByText('+1 crédito · primeiro sonho do dia').waitFor();

    // A second dream the same morning.
    await recordDream(page, 'Depois sonhei com um trem que atravessava um campo de girassóis.');
    // (It earns nothing: the ledger below has one first-dream credit per day.)

    await liveOn(page, -1);
    await recordDream(page, 'Uma casa antiga com escadas que davam em outras casas.');
    await page.getByText('+1 crédito · primeiro sonho do dia').waitFor();

    await liveOn(page, 0);
    await recordDream(page, 'Eu voava baixo sobre um lago e via meu reflexo sorrindo.');
    await page.getByText('Sequência de 3 dias! +5 créditos').waitFor();

    // The dashboard's streak card, then its link to the rewards page.
    await page.goto('/app');
    const streak = page.getByRole('group', { name: 'Sequência Atual' });
    await expect.poll(() => streak.locator('.font-display').first().textContent(), { timeout: 5000 }).toBe('3');
    await page
      .getByRole('link', { name: /Conquistas/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/app/rewards');
    await page.getByRole('heading', { level: 1, name: 'Conquistas' }).waitFor();
    await page.getByText('Hoje: sonho registrado').waitFor();
    await page.getByText('Próximo marco: 7 dias · +10 créditos').waitFor();
    // Three recorded nights in the calendar.
    await expect.poll(() => calendarDays(page, 'Sonho registrado').count()).toBe(3);
    // Dreamer: the daily bonus is Lucid's.
    await page.getByText('Disponível no Lucid').first().waitFor();
    // The achievements open on Dreamer ('Primeiro sonho' earned), and those that come with Lucid.
    const onPlan = page.getByRole('list', { name: 'Conquistas abertas no plano Dreamer' });
    await expect
      .poll(() => onPlan.getByRole('listitem', { name: 'Primeiro sonho' }).getAttribute('data-state'))
      .toBe('earned');
    const withLucid = page.getByRole('list', { name: 'Conquistas do Lucid' });
    await expect
      .poll(() => withLucid.getByRole('listitem', { name: 'Dez noites guardadas' }).getAttribute('data-state'))
      .toBe('locked');

    // The credits page: 10 (welcome) + 5 ('Primeiro sonho') + 1 + 1 + 1 + 5 (the milestone).
    await page.goto('/app/credits');
    await page.getByText('Marco de sequência: 3 dias').waitFor();
    await page.getByText('Conquista: Primeiro sonho').waitFor();
    await expect.poll(() => page.getByText('Primeiro sonho do dia').count()).toBe(3);
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });

  it('a no-recall night keeps the streak; on Lucid the daily bonus is claimed once', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Caio', width: 1280 });
    const before = journey.consoleErrors.length;

    await liveOn(page, -1);
    await recordDream(page, 'Sonhei que a biblioteca da escola flutuava sobre o mar.');
    await page.getByText('+1 crédito · primeiro sonho do dia').waitFor();

    // This morning nothing came back: mark the night, and the streak goes on.
    await liveOn(page, 0);
    await page.goto('/app/rewards');
    await page.getByText('Hoje: ainda não registrado').waitFor();
    await page.getByRole('button', { name: 'Noite sem lembrança' }).click();
    await page.getByText('Noite sem lembrança marcada').waitFor();
    await page.getByText('Hoje: noite sem lembrança').waitFor();
    await expect.poll(() => calendarDays(page, 'Noite sem lembrança').count()).toBe(1);
    await expect.poll(() => calendarDays(page, 'Sonho registrado').count()).toBe(1);
    const streak = page.getByRole('region', { name: 'Sequência atual' });
    await expect.poll(() => streak.getByTestId('current-streak').textContent(), { timeout: 5000 }).toBe('2');

    // Lucid: the daily bonus, once.
    await setPlan((await sessionOf(page)).id, 'lucid');
    await page.reload();
    await page.getByRole('button', { name: 'Resgatar +5 créditos' }).click();
    // 'Primeiro sonho' (+5) was earned on Dreamer with the first dream, so the balance is not asserted here.
    await page.getByText(/^Bônus diário resgatado\. Saldo: \d+ créditos\.$/).waitFor();
    await page.getByText('Bônus de hoje resgatado').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Resgatar +5 créditos' }).count()).toBe(0);
    await page.reload();
    await page.getByText('Bônus de hoje resgatado').waitFor();
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });
});
