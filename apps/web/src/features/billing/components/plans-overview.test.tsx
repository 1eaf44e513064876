import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/preferences';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { analyseDream, createDreams, createUser, setPlan, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});
afterEach(() => applyLanguage('pt-BR'));

async function openPlans(path = '/app/plans') {
  signInAs(account);
  const view = renderApp(['/app', path]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Planos' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Seu plano' });
  return view;
}

const planCard = (name: string) => within(screen.getByRole('list', { name: 'Planos' })).getByRole('group', { name });

describe("plan page (/app/plans, 'Planos') on a server without Stripe", () => {
  it('shows the plan, this month’s use, the three plans with Dreamer marked, and how the administrator sets plans', async () => {
    const [dream] = await createDreams(account, [{ content: 'Eu voava sobre o mar.' }]);
    await analyseDream(account, dream!.id);
    await openPlans();

    const current = screen.getByRole('region', { name: 'Seu plano' });
    expect(within(current).getByTestId('current-plan')).toHaveTextContent('Dreamer');
    expect(within(current).getByTestId('plan-status')).toHaveTextContent('Gratuito');
    expect(within(current).getByTestId('plan-usage')).toHaveTextContent('1 de 5');
    expect(within(current).queryByRole('button', { name: 'Gerenciar assinatura' })).not.toBeInTheDocument();

    const cards = within(screen.getByRole('list', { name: 'Planos' })).getAllByRole('group');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Dreamer', 'Lucid', 'Oracle']);
    expect(planCard('Dreamer')).toHaveAttribute('data-current', 'true');
    expect(within(planCard('Dreamer')).getByText('Seu plano')).toBeInTheDocument();
    expect(within(planCard('Dreamer')).getByText('Grátis')).toBeInTheDocument();
    expect(within(planCard('Lucid')).getByText('100 análises com IA por mês')).toBeInTheDocument();
    expect(within(planCard('Oracle')).getByText('Suporte prioritário')).toBeInTheDocument();

    // Billing off: no prices but the free one, no buying; who sets plans, and nothing addressed to the operator.
    expect(screen.queryByRole('button', { name: /^Assinar/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    const admin = screen.getByRole('region', { name: 'Planos gerenciados pelo administrador' });
    expect(within(admin).getByText(/quem administra o servidor define o plano de cada conta/)).toBeInTheDocument();
    // The plan this server gives new accounts (its DEFAULT_PLAN: the test servers' is Dreamer).
    expect(within(admin).getByTestId('new-account-plan')).toHaveTextContent(
      'Contas novas neste servidor começam no plano Dreamer.',
    );
    expect(within(admin).queryByText(/npm|set-plan|DEFAULT_PLAN/)).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/billing/checkout')).toHaveLength(0);
  });

  it('on Oracle (set by the operator) says the analyses are unlimited and marks Oracle', async () => {
    await setPlan(account, 'oracle');
    await openPlans();
    const current = screen.getByRole('region', { name: 'Seu plano' });
    expect(within(current).getByTestId('current-plan')).toHaveTextContent('Oracle');
    expect(within(current).getByTestId('plan-status')).toHaveTextContent('Definido pelo administrador');
    expect(within(current).getByTestId('plan-usage')).toHaveTextContent('0 · ilimitadas');
    expect(planCard('Oracle')).toHaveAttribute('data-current', 'true');
    expect(planCard('Dreamer')).not.toHaveAttribute('data-current');
    // New accounts' plan is the server's, not this account's.
    expect(screen.getByTestId('new-account-plan')).toHaveTextContent('começam no plano Dreamer');
  });

  it('in English (the profile’s language), names the page, the plans and who sets them in English', async () => {
    await userApi(account).patch('/me/profile', { locale: 'en' });
    signInAs(account);
    renderApp(['/app', '/app/plans']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeInTheDocument();
    const lucid = await screen.findByRole('group', { name: 'Lucid' });
    expect(within(lucid).getByText('100 AI analyses per month')).toBeInTheDocument();
    expect(screen.getByText(/whoever runs it sets each account's plan/)).toBeInTheDocument();
    expect(screen.getByTestId('new-account-plan')).toHaveTextContent(
      'New accounts on this server start on the Dreamer plan.',
    );
    expect(within(screen.getByRole('region', { name: 'Your plan' })).getByTestId('plan-status')).toHaveTextContent(
      'Free',
    );
  });

  it('highlights the plan chosen on the landing page (?subscribe=) without buying, then drops the parameter', async () => {
    const { router } = await openPlans('/app/plans?subscribe=oracle');
    expect(planCard('Oracle')).toHaveAttribute('data-chosen', 'true');
    expect(within(planCard('Oracle')).getByText('Plano escolhido')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(localStorage.getItem('sonhario:plan-intent')).toBeNull();
    expect(api.server.requestsTo('POST', '/billing/checkout')).toHaveLength(0);
  });
});

describe('ways to the plan page', () => {
  it('the dashboard shows the plan and links to it; so do the user menu and the credits page', async () => {
    const user = userEvent.setup();
    signInAs(account);
    const { router } = renderApp('/app');
    expect(await screen.findByTestId('dashboard-plan')).toHaveTextContent('Plano Dreamer');
    expect(screen.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');

    await user.click(await screen.findByRole('button', { name: /Menu da conta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Planos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Planos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/plans');

    await router.navigate('/app/credits');
    const quota = await screen.findByRole('region', { name: 'Cota do mês' });
    expect(within(quota).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
  });
});
