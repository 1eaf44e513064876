import { CREDIT_RULES, type CreditsSummary, type LedgerEntry } from '@sonhario/contracts/credits';
import { ACHIEVEMENTS, REWARD_RULES, type AchievementId } from '@sonhario/contracts/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import {
  analyseDream,
  createDreams,
  createUser,
  grantCredits,
  setPlan,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

const creditsOf = (id: AchievementId) => ACHIEVEMENTS.find((a) => a.id === id)?.credits ?? 0;
/**
 * A new Dreamer's balance after `analyse` (a dream of last night, analysed): the welcome bonus, the day's first dream
 * (decision 026), and the starter achievements 'Primeiro sonho' and 'Primeira interpretação' (decision 078).
 */
const BALANCE_AFTER_FIRST_ANALYSIS =
  CREDIT_RULES.welcomeBonus + REWARD_RULES.firstDreamOfDay + creditsOf('first_dream') + creditsOf('first_analysis');

/** Makes `count` real analyses (the plan's quota first, then credits). */
async function analyse(count: number) {
  const [dream] = await createDreams(account, [{ content: 'Eu voava sobre o mar.' }]);
  for (let i = 0; i < count; i += 1) await analyseDream(account, dream!.id);
}

/** The server's summary, and its month and renewal day as the page writes them. */
async function summary() {
  const credits = await userApi(account).get<CreditsSummary>('/credits');
  const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${credits.quota.month}-01T12:00:00Z`),
  );
  const renewal = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${credits.quota.resetsOn}T12:00:00Z`),
  );
  return { ...credits, monthName, renewal };
}

async function openCredits() {
  signInAs(account);
  const view = renderApp(['/app', '/app/credits']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Créditos' })).toBeInTheDocument();
  return view;
}

const ledgerList = () => screen.findByRole('list', { name: 'Movimentações de créditos' });

describe('credits page (/app/credits)', () => {
  it('shows the balance, the month’s quota use, the plan, when it renews and how the next analysis is paid', async () => {
    await grantCredits(account, 2);
    await analyse(3);
    const { monthName, renewal, quota } = await summary();
    await openCredits();
    const balance = await screen.findByRole('region', { name: 'Saldo' });
    // The welcome bonus, the day's first dream, the starter achievements and the grant.
    expect(within(balance).getByTestId('credit-balance')).toHaveTextContent(
      `${BALANCE_AFTER_FIRST_ANALYSIS + 2}créditos`,
    );
    expect(within(balance).getByText('Incluída na cota do seu plano, sem usar créditos.')).toBeInTheDocument();

    const quotaRegion = screen.getByRole('region', { name: 'Cota do mês' });
    expect(within(quotaRegion).getByText('Plano Dreamer')).toBeInTheDocument();
    expect(within(quotaRegion).getByText(`3 de 5 análises usadas em ${monthName}`)).toBeInTheDocument();
    const bar = within(quotaRegion).getByRole('progressbar', { name: 'Cota de análises do mês' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(within(quotaRegion).getByText(`A cota renova em ${renewal}`)).toHaveAttribute('dateTime', quota.resetsOn);
  });

  it('says an unlimited plan has no quota to count', async () => {
    await setPlan(account, 'oracle');
    await analyse(2);
    const { monthName } = await summary();
    await openCredits();
    const quota = await screen.findByRole('region', { name: 'Cota do mês' });
    expect(await within(quota).findByText('Análises ilimitadas no plano Oracle')).toBeInTheDocument();
    expect(within(quota).getByText(`2 análises feitas em ${monthName}`)).toBeInTheDocument();
    expect(within(quota).queryByRole('progressbar')).not.toBeInTheDocument();
    const plans = within(screen.getByRole('region', { name: 'Como funcionam os créditos' })).getByRole('table');
    expect(within(plans).getByRole('rowheader', { name: /Oracle/ })).toHaveTextContent('Oracleseu plano');
  });

  it('explains when the next analysis costs credits', async () => {
    await analyse(5);
    await grantCredits(account, 20);
    await openCredits();
    expect(await screen.findByText('Sua cota do mês acabou: a próxima análise custa 10 créditos.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Cota de análises do mês' })).toHaveAttribute('aria-valuenow', '5');
  });

  it('explains when the next analysis cannot be paid until the quota renews', async () => {
    // The quota used up, then the credits spent as far as they go: 4 credits granted do not cover the next one.
    const paid = Math.floor(BALANCE_AFTER_FIRST_ANALYSIS / CREDIT_RULES.analysisCost);
    await analyse(5 + paid);
    expect(BALANCE_AFTER_FIRST_ANALYSIS - paid * CREDIT_RULES.analysisCost + 4).toBeLessThan(CREDIT_RULES.analysisCost);
    await grantCredits(account, 4);
    const { renewal } = await summary();
    await openCredits();
    expect(
      await screen.findByText(
        `Sua cota do mês acabou e o saldo não cobre uma análise (10 créditos). A cota volta em ${renewal}.`,
      ),
    ).toBeInTheDocument();
  });

  it('lists the ledger newest first: what each row was, its signed amount and the balance after', async () => {
    // The welcome bonus at sign-up; the dream's day credit and 'Primeiro sonho' (one instant: decisions 026, 078);
    // 'Primeira interpretação' with the first analysis; an analysis paid with credits (after the quota); a grant of 15.
    await analyse(6);
    await grantCredits(account, 15);
    await openCredits();
    const rows = within(await ledgerList()).getAllByRole('listitem');
    const labels = rows.map((row) => within(row).getByText(/^(Bônus|Análise|Crédito|Primeiro|Conquista)/).textContent);
    expect(labels.slice(0, 3)).toEqual([
      'Crédito concedido pela equipe',
      'Análise de sonho',
      'Conquista: Primeira interpretação',
    ]);
    // The two rows of the dream's save share an instant: their order is not asserted.
    expect(labels.slice(3, 5).sort()).toEqual(['Conquista: Primeiro sonho', 'Primeiro sonho do dia']);
    expect(labels.slice(5)).toEqual(['Bônus de boas-vindas']);
    const paidBalance = BALANCE_AFTER_FIRST_ANALYSIS - CREDIT_RULES.analysisCost;
    expect(within(rows[0]!).getByText('+15')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+15 créditos')).toHaveClass('sr-only');
    expect(within(rows[0]!).getByText(`Saldo: ${paidBalance + 15}`)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-10')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(`Saldo: ${paidBalance}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(`+${creditsOf('first_analysis')}`)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(`Saldo: ${BALANCE_AFTER_FIRST_ANALYSIS}`)).toBeInTheDocument();
    const dayRow = rows[3 + labels.slice(3, 5).indexOf('Primeiro sonho do dia')]!;
    expect(within(dayRow).getByText('+1')).toBeInTheDocument();
    expect(within(dayRow).getByText('+1 crédito')).toHaveClass('sr-only');
    expect(within(rows[5]!).getByText('+10')).toBeInTheDocument();
    const welcome = (await userApi(account).get<{ items: LedgerEntry[] }>('/credits/ledger')).items.at(-1)!;
    const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' }).format(new Date(welcome.createdAt));
    expect(within(rows[5]!).getByText(new RegExp(`^${day}`))).toHaveAttribute('dateTime', welcome.createdAt);
  });

  it("loads older ledger rows with 'Carregar mais' (cursor pagination)", async () => {
    const user = userEvent.setup();
    // The welcome bonus, then 20 grants after it.
    for (let i = 0; i < 20; i += 1) await grantCredits(account, 10);
    await openCredits();
    expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(20);
    expect(api.server.requestsTo('GET', '/credits/ledger')[0]!.query.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(21));
    expect(api.server.requestsTo('GET', '/credits/ledger').at(-1)!.query.get('cursor')).toBeTruthy();
    expect(
      within(await ledgerList())
        .getAllByRole('listitem')
        .at(-1),
    ).toHaveTextContent('Bônus de boas-vindas');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('starts a new account’s history with the welcome bonus alone', async () => {
    await openCredits();
    const history = screen.getByRole('region', { name: 'Histórico' });
    const rows = within(await within(history).findByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Bônus de boas-vindas');
    expect(within(history).queryByText('Nenhuma movimentação ainda')).not.toBeInTheDocument();
  });

  it('explains how credits work, with each plan’s monthly analyses', async () => {
    await openCredits();
    const how = screen.getByRole('region', { name: 'Como funcionam os créditos' });
    for (const text of [
      'Cada plano inclui um número de análises por mês. A cota renova no primeiro dia de cada mês.',
      'Depois da cota, cada análise custa 10 créditos.',
      'Você ganhou 10 créditos ao criar sua conta.',
      'Análises que falham ou são canceladas nunca custam nada.',
    ]) {
      expect(within(how).getByText(text)).toBeInTheDocument();
    }
    // The current plan is marked once the summary arrives.
    await waitFor(() =>
      expect(within(how).getByRole('rowheader', { name: /Dreamer/ })).toHaveTextContent('Dreamerseu plano'),
    );
    const rows = within(within(how).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Dreamerseu plano5', 'Lucid100', 'OracleIlimitadas']);
  });

  it('offers a retry when the credits cannot be loaded', async () => {
    const user = userEvent.setup();
    const bringBack = api.server.down('GET', '/credits');
    await openCredits();
    // (A failed request is retried once before the error is shown.)
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar seus créditos' })).toBeInTheDocument();
    // Why: the server did not answer (the connection dropped), not a guess about the user's internet.
    expect(
      screen.getByText('O servidor não respondeu: ele pode estar fora do ar, ou a conexão caiu no caminho.'),
    ).toBeInTheDocument();
    bringBack();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Saldo' })).toBeInTheDocument();
    expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('has a back link to the dashboard, and the header’s Créditos link leads here', async () => {
    const user = userEvent.setup();
    signInAs(account);
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Créditos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Créditos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/credits');
    expect(screen.getByRole('link', { name: 'Painel' })).toHaveAttribute('href', '/app');
  });
});
