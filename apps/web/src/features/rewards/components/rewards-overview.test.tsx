import { CREDIT_RULES, type CreditsSummary, type LedgerEntry } from '@sonhario/contracts/credits';
import { ACHIEVEMENTS, NIGHT_OWL_BEFORE_HOUR, REWARD_RULES, type RewardsResponse } from '@sonhario/contracts/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, browserTimeZone, formatDate, todayIn } from '@/lib/dates';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, setPlan, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/** An instant `days` days before now: a request placed on that day (the server's clock, test/server). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const today = () => todayIn(browserTimeZone());

/** Dreams recorded on each of the last `days` days before today (and today too when `isTodayIncluded`). */
async function recordDreamsOnConsecutiveDays(days: number, isTodayIncluded = true) {
  const dreams = Array.from({ length: days }, (_, index) => ({
    content: `Sonho ${index}.`,
    at: daysAgo(days - index),
  }));
  await createDreams(account, isTodayIncluded ? [...dreams, { content: 'Sonho de hoje.' }] : dreams);
}

async function openRewards() {
  signInAs(account);
  const view = renderApp(['/app', '/app/rewards']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Conquistas' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Sequência atual' });
  return view;
}

const streakRegion = () => screen.getByRole('region', { name: 'Sequência atual' });
const dayCell = (date: string, state: string, isToday = false) =>
  screen.getByRole('listitem', { name: `${formatDate(date, 'long')}${isToday ? ' (hoje)' : ''}: ${state}` });
const achievement = (name: string, list = 'Conquistas') =>
  within(screen.getByRole('list', { name: list })).getByRole('listitem', { name });

describe("rewards page (/app/rewards, 'Conquistas')", () => {
  it('shows the streak, the next milestone, the calendar, the level and the achievements after consecutive days', async () => {
    await setPlan(account, 'lucid');
    // Two days before today and today: a streak of 3, which earned the 3-day milestone.
    await recordDreamsOnConsecutiveDays(2);
    await openRewards();

    const streak = streakRegion();
    expect(within(streak).getByTestId('current-streak')).toHaveTextContent('3');
    expect(within(streak).getByText('dias seguidos')).toBeInTheDocument();
    expect(within(streak).getByText('Recorde: 3 dias')).toBeInTheDocument();
    expect(within(streak).getByText('Próximo marco: 7 dias · +10 créditos')).toBeInTheDocument();
    expect(within(streak).getByText('Faltam 4 dias')).toBeInTheDocument();
    expect(within(streak).getByRole('progressbar', { name: 'Progresso até o marco de 7 dias' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(within(streak).getByTestId('today-state')).toHaveTextContent('Hoje: sonho registrado');
    expect(within(streak).queryByRole('button', { name: 'Noite sem lembrança' })).not.toBeInTheDocument();
    expect(within(streak).getByRole('group', { name: 'Proteções de sequência' })).toBeInTheDocument();

    // Every day of the calendar is named by its date and state; the legend says what each colour means.
    const calendar = screen.getByRole('region', { name: 'Últimos 12 meses' });
    expect(dayCell(today(), 'Sonho registrado', true)).toHaveAttribute('data-state', 'recorded');
    expect(dayCell(addDays(today(), -1), 'Sonho registrado')).toBeInTheDocument();
    expect(dayCell(addDays(today(), -2), 'Sonho registrado')).toBeInTheDocument();
    expect(dayCell(addDays(today(), -3), 'Sem registro')).toHaveAttribute('data-state', 'none');
    const months = within(within(calendar).getByRole('list', { name: 'Calendário dos últimos 12 meses' }))
      .getAllByRole('list')
      .map((month) => month.getAttribute('aria-label'));
    expect(months).toHaveLength(12);
    expect(within(within(calendar).getByRole('list', { name: 'Legenda' })).getAllByRole('listitem')).toHaveLength(4);

    // Lucid: the level (3 dreams × 10 XP + 3 recorded days × 3 XP).
    const level = screen.getByRole('region', { name: 'Nível' });
    expect(within(level).getByText('Nível 1')).toBeInTheDocument();
    expect(within(level).getByTestId('level-name')).toHaveTextContent('Semente de Sonho');
    expect(within(level).getByText('39 XP')).toBeInTheDocument();
    expect(within(level).getByText('Faltam 61 XP para o nível 2')).toBeInTheDocument();

    // The catalogue of 20: earned ones with their date, open ones with their progress.
    const achievements = screen.getByRole('region', { name: 'Suas conquistas' });
    expect(within(within(achievements).getByRole('list')).getAllByRole('listitem')).toHaveLength(20);
    const first = achievement('Primeiro sonho');
    expect(first).toHaveAttribute('data-state', 'earned');
    // Earned with the first dream, two days ago.
    expect(within(first).getByText(`Conquistada em ${formatDate(addDays(today(), -2))}`)).toBeInTheDocument();
    expect(within(first).getByText('+5 créditos')).toBeInTheDocument();
    const ten = achievement('Dez noites guardadas');
    expect(within(ten).getByText('3/10')).toBeInTheDocument();
    expect(within(ten).getByRole('progressbar', { name: 'Progresso em Dez noites guardadas' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(within(achievement('Uma semana seguida')).getByText('3/7')).toBeInTheDocument();
    // The dreams were recorded at this hour of each day: between midnight and 5 a.m. they also earn 'night_owl'.
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: browserTimeZone() }).format(
        new Date(),
      ),
    );
    const earned = hour < NIGHT_OWL_BEFORE_HOUR ? 2 : 1;
    expect(within(achievements).getByText(new RegExp(`^${earned} de 20 conquistadas`))).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Ver histórico de créditos' })).toHaveAttribute('href', '/app/credits');
  });

  it('on Dreamer, shows the level, the freezes, the daily bonus and the achievements beyond the starter and streak ones as Lucid’s', async () => {
    await recordDreamsOnConsecutiveDays(0);
    await openRewards();
    expect(
      within(streakRegion()).getByText(
        'As proteções de sequência vêm com o plano Lucid: elas cobrem sozinhas um dia esquecido.',
      ),
    ).toBeInTheDocument();

    const level = screen.getByRole('region', { name: 'Nível' });
    expect(within(level).getByText('Disponível no Lucid')).toBeInTheDocument();
    expect(within(level).queryByRole('progressbar')).not.toBeInTheDocument();

    const bonus = screen.getByRole('region', { name: 'Bônus diário' });
    expect(
      within(bonus).getByText('O bônus diário de 5 créditos vem com os planos Lucid e Oracle.'),
    ).toBeInTheDocument();
    expect(within(bonus).getByRole('button', { name: 'Disponível no Lucid' })).toBeDisabled();

    // Two groups: what Dreamer earns (the starter and streak achievements, decision 078) and what needs Lucid.
    const achievements = screen.getByRole('region', { name: 'Suas conquistas' });
    expect(within(achievements).getByRole('heading', { level: 3, name: 'Abertas no plano Dreamer' })).toBeVisible();
    expect(within(achievements).getByRole('heading', { level: 3, name: 'Com o Lucid' })).toBeVisible();
    const onPlan = within(achievements).getByRole('list', { name: 'Conquistas abertas no plano Dreamer' });
    const withLucid = within(achievements).getByRole('list', { name: 'Conquistas do Lucid' });
    const names = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('h4')?.textContent);
    expect(names(onPlan)).toEqual([
      'Primeiro sonho',
      'Primeira lucidez',
      'Uma semana seguida',
      'Um mês de constância',
      'Cem noites',
      'Primeira interpretação',
    ]);
    expect(names(withLucid)).toHaveLength(14);
    expect(within(achievements).getByText('1 de 20 conquistadas')).toBeInTheDocument();
    // 'Primeiro sonho' is earned on Dreamer, with its credits, by today's dream.
    const first = achievement('Primeiro sonho', 'Conquistas abertas no plano Dreamer');
    expect(first).toHaveAttribute('data-state', 'earned');
    expect(within(first).getByText('+5 créditos')).toBeInTheDocument();
    expect(within(first).getByText(`Conquistada em ${formatDate(today())}`)).toBeInTheDocument();
    expect(achievement('Primeira interpretação', 'Conquistas abertas no plano Dreamer')).toHaveAttribute(
      'data-state',
      'open',
    );
    expect(achievement('Uma semana seguida', 'Conquistas abertas no plano Dreamer')).toHaveAttribute(
      'data-state',
      'open',
    );
    expect(
      within(achievement('Uma semana seguida', 'Conquistas abertas no plano Dreamer')).getByText('1/7'),
    ).toBeInTheDocument();
    const ten = achievement('Dez noites guardadas', 'Conquistas do Lucid');
    expect(ten).toHaveAttribute('data-state', 'locked');
    // The group's heading says where they come from, once: not a 'Disponível no Lucid' line on each of the 14 cards.
    expect(within(achievements).queryAllByText('Disponível no Lucid')).toEqual([]);
    expect(within(ten).getByText('Registre 10 sonhos.')).toBeInTheDocument();
    expect(within(achievements).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
  });

  it('claims the daily bonus once on Lucid: +5 credits, then the button waits for the next day', async () => {
    const user = userEvent.setup();
    await setPlan(account, 'lucid');
    await openRewards();
    const bonus = screen.getByRole('region', { name: 'Bônus diário' });
    await user.click(within(bonus).getByRole('button', { name: 'Resgatar +5 créditos' }));

    const toast = (await screen.findByText('Bônus diário resgatado. Saldo: 15 créditos.')).closest('li')!;
    expect(within(toast).getByText('+5 créditos')).toBeInTheDocument();
    expect(await within(bonus).findByRole('button', { name: 'Bônus de hoje resgatado' })).toBeDisabled();
    const { dailyBonus } = await userApi(account).get<RewardsResponse>('/rewards');
    expect(dailyBonus.canClaim).toBe(false);
    expect(within(bonus).getByText(/^Próximo bônus em /)).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/rewards/daily-bonus')).toHaveLength(1);
    expect((await userApi(account).get<CreditsSummary>('/credits')).balance).toBe(15);
  });

  it('says why when the bonus was already claimed elsewhere', async () => {
    const user = userEvent.setup();
    await setPlan(account, 'lucid');
    await openRewards();
    // Claimed on another device after the page loaded.
    await userApi(account).post('/rewards/daily-bonus', {}, 201);
    await user.click(screen.getByRole('button', { name: 'Resgatar +5 créditos' }));
    expect(await screen.findByText('Você já resgatou o bônus de hoje. Volte amanhã!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Bônus de hoje resgatado' })).toBeDisabled();
    expect((await userApi(account).get<CreditsSummary>('/credits')).balance).toBe(15);
  });

  it('marks tonight as a night without recall, which keeps the streak, and takes it back', async () => {
    const user = userEvent.setup();
    await recordDreamsOnConsecutiveDays(2, false);
    await openRewards();
    const streak = streakRegion();
    expect(within(streak).getByTestId('current-streak')).toHaveTextContent('2');
    expect(within(streak).getByTestId('today-state')).toHaveTextContent('Hoje: ainda não registrado');
    expect(within(streak).getByRole('link', { name: 'Registrar sonho' })).toHaveAttribute('href', '/app/dreams/new');

    await user.click(within(streak).getByRole('button', { name: 'Noite sem lembrança' }));
    expect(await screen.findByText('Noite sem lembrança marcada')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(streak).getByTestId('today-state')).toHaveTextContent('Hoje: noite sem lembrança'),
    );
    expect(within(streak).getByTestId('current-streak')).toHaveTextContent('3');
    expect(dayCell(today(), 'Noite sem lembrança', true)).toHaveAttribute('data-state', 'no_recall');
    // No credit for such a night: the welcome bonus, the two days' first dreams and 'Primeiro sonho' (decision 078).
    const firstDream = ACHIEVEMENTS.find((a) => a.id === 'first_dream')?.credits ?? 0;
    expect((await userApi(account).get<CreditsSummary>('/credits')).balance).toBe(
      CREDIT_RULES.welcomeBonus + 2 * REWARD_RULES.firstDreamOfDay + firstDream,
    );

    await user.click(within(streak).getByRole('button', { name: 'Desfazer a noite sem lembrança' }));
    await waitFor(() =>
      expect(within(streak).getByTestId('today-state')).toHaveTextContent('Hoje: ainda não registrado'),
    );
    expect(within(streak).getByTestId('current-streak')).toHaveTextContent('2');
    expect(dayCell(today(), 'Sem registro', true)).toBeInTheDocument();
  });

  it('keeps the streak across a night marked without recall', async () => {
    // Dreams two and three days ago, yesterday marked without recall (on that day), nothing yet today.
    await createDreams(account, [
      { content: 'Um rio.', at: daysAgo(3) },
      { content: 'Uma ponte.', at: daysAgo(2) },
    ]);
    await userApi(account, { at: daysAgo(1) }).post('/rewards/no-recall', {}, 201);
    await openRewards();
    expect(within(streakRegion()).getByTestId('current-streak')).toHaveTextContent('3');
    expect(dayCell(addDays(today(), -1), 'Noite sem lembrança')).toBeInTheDocument();
  });

  it('lists the rewards in the credit history with what each was for', async () => {
    await setPlan(account, 'lucid');
    await recordDreamsOnConsecutiveDays(2);
    await userApi(account).post('/rewards/daily-bonus', {}, 201);
    const ledger = await userApi(account).get<{ items: LedgerEntry[] }>('/credits/ledger');
    signInAs(account);
    renderApp(['/app', '/app/credits']);
    const rows = within(await screen.findByRole('list', { name: 'Movimentações de créditos' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(ledger.items.length);
    const labels = rows.map((row) => row.querySelector('p')!.textContent);
    expect(labels[0]).toBe('Bônus diário');
    expect(labels).toContain('Marco de sequência: 3 dias');
    expect(labels).toContain('Conquista: Primeiro sonho');
    expect(labels.filter((label) => label === 'Primeiro sonho do dia')).toHaveLength(3);
    // The dreams were placed on the days before the sign-up's welcome bonus: each row stands on its own day.
    expect(labels).toContain('Bônus de boas-vindas');
  });

  it('is reached from the header and from the dashboard’s streak card', async () => {
    const user = userEvent.setup();
    await recordDreamsOnConsecutiveDays(0);
    signInAs(account);
    const { router } = renderApp('/app');
    const card = await screen.findByRole('group', { name: 'Sequência Atual' });
    expect(await within(card).findByText('Próximo marco: 3 dias')).toBeInTheDocument();
    expect(within(card).getByTestId('streak-card-today')).toHaveTextContent('Hoje: registrado');
    await user.click(within(card).getByRole('link', { name: 'Ver conquistas' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conquistas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/rewards');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Conquistas' })).toHaveAttribute(
      'href',
      '/app/rewards',
    );
  });

  it('offers a retry when the rewards cannot be loaded', async () => {
    const user = userEvent.setup();
    const bringBack = api.server.down('GET', '/rewards');
    signInAs(account);
    renderApp('/app/rewards');
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar suas conquistas' }),
    ).toBeInTheDocument();
    bringBack();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Sequência atual' })).toBeInTheDocument();
  });
});
