import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser, type TestUser } from '@/test/server/real-server';

/**
 * A plan chosen on the landing page (English) follows the visitor: to sign-up (`/login?tab=signup&plan=`, the
 * Cadastro tab naming the plan, kept in localStorage
 * and in the confirmation link), or, signed in, straight to the plan page (`/app/plans?subscribe=`), whose checkout
 * then opens (or, on a server without Stripe, where the plan is shown apart).
 */
const api = setupAppWithServer();

const PLAN_KEY = 'sonhario:plan-intent';
const pricing = () => screen.getByRole('region', { name: 'A plan for every kind of dreamer' });

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

describe("the landing page's plan buttons", () => {
  it('signed out: the paid plans lead to sign-up with the plan, named on the form; the others to plain sign-up', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await waitFor(() =>
      expect(within(pricing()).getByRole('link', { name: 'Choose Lucid' })).toHaveAttribute(
        'href',
        '/login?tab=signup&plan=lucid',
      ),
    );
    expect(within(pricing()).getByRole('link', { name: 'Choose Oracle' })).toHaveAttribute(
      'href',
      '/login?tab=signup&plan=oracle',
    );
    expect(within(pricing()).getByRole('link', { name: 'Start for Free' })).toHaveAttribute(
      'href',
      '/login?tab=signup',
    );
    // The trial comes with any paid plan's first subscription: no plan is picked for the visitor (decision 044).
    expect(screen.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute('href', '/login?tab=signup');
    expect(screen.getByRole('link', { name: 'Start Your Dream Journey' })).toHaveAttribute('href', '/login?tab=signup');

    await user.click(within(pricing()).getByRole('link', { name: 'Choose Oracle' }));
    // Sign-up is what a new visitor needs: the Cadastro tab is open, it names the plan, and the plan is kept for the
    // e-mail link.
    // The login route's code loads first (slow on a busy machine).
    expect(await screen.findByRole('tab', { name: 'Cadastro' }, { timeout: 10_000 })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = screen.getByRole('form', { name: 'Cadastro' });
    expect(within(form).getByText('Plano escolhido: Oracle')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=signup&plan=oracle');
    expect(localStorage.getItem(PLAN_KEY)).toBe('oracle');
  });

  it('signed out: the free trial opens the Cadastro tab with no plan named or kept', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Start Your Free Trial' }));
    // The login route's code loads first (slow on a busy machine).
    expect(await screen.findByRole('tab', { name: 'Cadastro' }, { timeout: 10_000 })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = screen.getByRole('form', { name: 'Cadastro' });
    expect(within(form).queryByText(/Plano escolhido/)).toBeNull();
    expect(localStorage.getItem(PLAN_KEY)).toBeNull();
  });

  it('signed in: the paid plans lead straight to the plan page with the plan to subscribe', async () => {
    signInAs(account);
    renderApp('/');
    await waitFor(() =>
      expect(within(pricing()).getByRole('link', { name: 'Choose Lucid' })).toHaveAttribute(
        'href',
        '/app/plans?subscribe=lucid',
      ),
    );
    expect(within(pricing()).getByRole('link', { name: 'Choose Oracle' })).toHaveAttribute(
      'href',
      '/app/plans?subscribe=oracle',
    );
    expect(screen.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute('href', '/app/plans');
    expect(within(pricing()).getByRole('link', { name: 'Start for Free' })).toHaveAttribute(
      'href',
      '/login?tab=signup',
    );
  });
});

describe('signing up with a chosen plan', () => {
  it('puts the plan in the confirmation link (redirect_to) when the server asks to confirm the e-mail', async () => {
    const user = userEvent.setup();
    api.server.upstream = 'generative';
    renderApp('/login?tab=signup&plan=lucid');
    const form = await screen.findByRole('form', { name: 'Cadastro' });
    await user.type(within(form).getByLabelText('Email'), `bia@${crypto.randomUUID()}.example.com`);
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Cadastro realizado!')).toBeInTheDocument();
    const [request] = api.server.requestsTo('POST', '/auth/v1/signup');
    expect(request?.query.get('redirect_to')).toBe(`${window.location.origin}/?subscribe=lucid`);
  });

  it('with the account confirmed at once, goes on to the plan page with the plan (shown apart without Stripe)', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login?tab=signup&plan=oracle');
    const form = await screen.findByRole('form', { name: 'Cadastro' });
    await user.type(within(form).getByLabelText('Email'), `caio@${crypto.randomUUID()}.example.com`);
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Planos' })).toBeInTheDocument();
    const oracle = await screen.findByRole('group', { name: 'Oracle' });
    expect(oracle).toHaveAttribute('data-chosen', 'true');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/app/plans');
    expect(localStorage.getItem(PLAN_KEY)).toBeNull();
  });
});
