import {
  creditsSummarySchema,
  listLedgerResponseSchema,
  type CreditsSummary,
  type LedgerEntry,
} from '@sonhario/contracts/credits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs, useAppWithApiServer } from '@/test/app-fake';

const api = useAppWithApiServer();

// Every answer goes through the contract's schema first: a fixture the real server could not send fails here.
const summaryOf = (overrides: Partial<CreditsSummary> = {}, quota: Partial<CreditsSummary['quota']> = {}) =>
  creditsSummarySchema.parse({
    balance: 12,
    analysisCost: 10,
    nextCharge: 'quota',
    ...overrides,
    quota: { plan: 'dreamer', limit: 5, used: 3, month: '2026-11', resetsOn: '2026-12-01', ...quota },
  });

const entry = (index: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  amount: -10,
  reason: 'analysis',
  analysisId: `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  balanceAfter: 10,
  createdAt: '2026-11-10T09:30:00.000Z',
  ...overrides,
});

function answerCredits(summary: CreditsSummary, pages: LedgerEntry[][] = [[]]) {
  api.server.on('GET', '/credits', () => ({ status: 200, body: summary }));
  api.server.on('GET', '/credits/ledger', (request) => {
    const index = Number(request.query.get('cursor') ?? 0);
    const body = listLedgerResponseSchema.parse({
      items: pages[index] ?? [],
      nextCursor: index + 1 < pages.length ? String(index + 1) : null,
    });
    return { status: 200, body };
  });
}

async function openCredits() {
  signInAs();
  const view = renderApp(['/app', '/app/credits']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Créditos' })).toBeInTheDocument();
  return view;
}

const ledgerList = () => screen.findByRole('list', { name: 'Movimentações de créditos' });

describe('credits page (/app/credits)', () => {
  it('shows the balance, the month’s quota use, the plan, when it renews and how the next analysis is paid', async () => {
    answerCredits(summaryOf());
    await openCredits();
    const balance = await screen.findByRole('region', { name: 'Saldo' });
    expect(within(balance).getByTestId('credit-balance')).toHaveTextContent('12créditos');
    expect(within(balance).getByText('Incluída na cota do seu plano, sem usar créditos.')).toBeInTheDocument();

    const quota = screen.getByRole('region', { name: 'Cota do mês' });
    expect(within(quota).getByText('Plano Dreamer')).toBeInTheDocument();
    expect(within(quota).getByText('3 de 5 análises usadas em novembro')).toBeInTheDocument();
    const bar = within(quota).getByRole('progressbar', { name: 'Cota de análises do mês' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(within(quota).getByText('A cota renova em 1 de dez. de 2026')).toHaveAttribute('dateTime', '2026-12-01');
  });

  it('says an unlimited plan has no quota to count', async () => {
    answerCredits(summaryOf({}, { plan: 'oracle', limit: null, used: 42 }));
    await openCredits();
    const quota = await screen.findByRole('region', { name: 'Cota do mês' });
    expect(within(quota).getByText('Análises ilimitadas no plano Oracle')).toBeInTheDocument();
    expect(within(quota).getByText('42 análises feitas em novembro')).toBeInTheDocument();
    expect(within(quota).queryByRole('progressbar')).not.toBeInTheDocument();
    const plans = within(screen.getByRole('region', { name: 'Como funcionam os créditos' })).getByRole('table');
    expect(within(plans).getByRole('rowheader', { name: /Oracle/ })).toHaveTextContent('Oracleseu plano');
  });

  it('explains when the next analysis costs credits', async () => {
    answerCredits(summaryOf({ balance: 30, nextCharge: 'credits' }, { used: 5 }));
    await openCredits();
    expect(await screen.findByText('Sua cota do mês acabou: a próxima análise custa 10 créditos.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Cota de análises do mês' })).toHaveAttribute('aria-valuenow', '5');
  });

  it('explains when the next analysis cannot be paid until the quota renews', async () => {
    answerCredits(summaryOf({ balance: 4, nextCharge: null }, { used: 5 }));
    await openCredits();
    expect(
      await screen.findByText(
        'Sua cota do mês acabou e o saldo não cobre uma análise (10 créditos). A cota volta em 1 de dez. de 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the ledger newest first: what each row was, its signed amount and the balance after', async () => {
    answerCredits(summaryOf({ balance: 15 }), [
      [
        entry(1, {
          amount: 15,
          reason: 'operator_grant',
          analysisId: null,
          balanceAfter: 15,
          createdAt: '2026-11-12T10:00:00.000Z',
        }),
        entry(2, { amount: -10, reason: 'analysis', balanceAfter: 0, createdAt: '2026-11-11T10:00:00.000Z' }),
        entry(3, {
          amount: 10,
          reason: 'welcome_bonus',
          analysisId: null,
          balanceAfter: 10,
          createdAt: '2026-11-01T10:00:00.000Z',
        }),
      ],
    ]);
    await openCredits();
    const rows = within(await ledgerList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(Bônus|Análise|Crédito)/).textContent)).toEqual([
      'Crédito concedido pela equipe',
      'Análise de sonho',
      'Bônus de boas-vindas',
    ]);
    expect(within(rows[0]!).getByText('+15')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+15 créditos')).toHaveClass('sr-only');
    expect(within(rows[0]!).getByText('Saldo: 15')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-10')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Saldo: 0')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('+10')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/1 de nov\. de 2026/)).toHaveAttribute('dateTime', '2026-11-01T10:00:00.000Z');
  });

  it("loads older ledger rows with 'Carregar mais' (cursor pagination)", async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, index) => entry(index + 1, { balanceAfter: 200 - index * 10 }));
    const second = [entry(21, { amount: 10, reason: 'welcome_bonus', analysisId: null, balanceAfter: 10 })];
    answerCredits(summaryOf(), [first, second]);
    await openCredits();
    expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(20);
    expect(api.server.requestsTo('GET', '/credits/ledger')[0]!.query.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(21));
    expect(api.server.requestsTo('GET', '/credits/ledger').at(-1)!.query.get('cursor')).toBe('1');
    expect(
      within(await ledgerList())
        .getAllByRole('listitem')
        .at(-1),
    ).toHaveTextContent('Bônus de boas-vindas');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says so when the ledger is empty', async () => {
    answerCredits(summaryOf({ balance: 0 }));
    await openCredits();
    const history = screen.getByRole('region', { name: 'Histórico' });
    expect(await within(history).findByText('Nenhuma movimentação ainda')).toBeInTheDocument();
    expect(within(history).getByText('Os créditos que você ganhar e usar aparecem aqui.')).toBeInTheDocument();
    expect(within(history).queryByRole('list')).not.toBeInTheDocument();
  });

  it('explains how credits work, with each plan’s monthly analyses', async () => {
    answerCredits(summaryOf());
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
    let isDown = true;
    answerCredits(summaryOf(), [[entry(1)]]);
    api.server.on('GET', '/credits', () =>
      isDown
        ? { status: 503, body: { code: 'unavailable', message: 'Indisponível' } }
        : { status: 200, body: summaryOf() },
    );
    await openCredits();
    // (A server error is retried once before it is shown.)
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar seus créditos' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Verifique sua conexão e tente novamente.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Saldo' })).toBeInTheDocument();
    expect(within(await ledgerList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('has a back link to the dashboard, and the header’s Créditos link leads here', async () => {
    const user = userEvent.setup();
    answerCredits(summaryOf());
    signInAs();
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Créditos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Créditos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/credits');
    expect(screen.getByRole('link', { name: 'Painel' })).toHaveAttribute('href', '/app');
  });
});
