import type { BillingStatus } from '@sonhario/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser, serverRequest, testServer, type TestUser } from '@/test/server/real-server';
import { formatInstantDate } from '../billing-format';

/**
 * The plan page on the instance that bills through Stripe: the generative one of the web test server, pointed at the
 * local Stripe stand-in (apps/server/src/test/fake-stripe.ts), whose hosted pages and webhooks are the real protocol.
 * The stand-in's scenario controls (complete a checkout, a failed payment, hold the webhooks) are its POST /_control.
 */
const api = setupAppWithServer();

async function stripeControl<T = unknown>(name: string, body: object = {}): Promise<T> {
  const response = await fetch(`${testServer.stripeUrl}/_control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`stripe control ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A call to the billing instance as the user (not through the proxy, so the app's requests stay apart). */
async function billingCall<T>(user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const answer = await serverRequest({
    instance: 'generative',
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as T;
}

/** Opens a checkout as the user and pays it on the stand-in (its webhooks delivered unless held). */
async function subscribe(user: TestUser, plan: 'lucid' | 'oracle') {
  const { url } = await billingCall<{ url: string }>(user, 'POST', '/billing/checkout', { plan });
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const { subscriptionId } = await stripeControl<{ subscriptionId: string }>('completeCheckout', { sessionId });
  return { sessionId, subscriptionId };
}

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const planCard = (name: string) => within(screen.getByRole('list', { name: 'Planos' })).getByRole('group', { name });

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
  api.server.upstream = 'generative';
});
afterEach(async () => {
  await stripeControl('failRequests', { status: null });
  await stripeControl('releaseEvents');
});

async function openPlans(path = '/app/plans') {
  signInAs(account);
  const view = renderApp(['/app', path]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Planos' })).toBeInTheDocument();
  return view;
}

describe('plan page with Stripe', () => {
  it("shows Stripe's prices and the free trial; 'Assinar Lucid' asks for a checkout and leaves for Stripe's page", async () => {
    const user = userEvent.setup();
    await openPlans();
    await screen.findByRole('region', { name: 'Seu plano' });
    expect(within(planCard('Lucid')).getByTestId('price-lucid')).toHaveTextContent('US$ 9,99');
    expect(within(planCard('Lucid')).getByText('/mês')).toBeInTheDocument();
    expect(within(planCard('Oracle')).getByTestId('price-oracle')).toHaveTextContent('US$ 19,99');
    expect(within(planCard('Lucid')).getByText('7 dias grátis')).toBeInTheDocument();
    expect(within(planCard('Oracle')).getByText('7 dias grátis')).toBeInTheDocument();
    expect(within(planCard('Dreamer')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Planos gerenciados pelo administrador' })).not.toBeInTheDocument();

    await user.click(within(planCard('Lucid')).getByRole('button', { name: 'Assinar Lucid' }));
    const leaving = await screen.findByText('Abrindo a página de pagamento…');
    const link = within(leaving.closest('[role="status"]')!).getByRole('link', { name: 'Continuar' });
    const [request] = api.server.requestsTo('POST', '/billing/checkout');
    expect(request?.body).toEqual({ plan: 'lucid' });
    // The location assigned: the stand-in's hosted checkout page of that session, which a browser can open.
    const href = link.getAttribute('href')!;
    expect(href).toMatch(new RegExp(`^${testServer.stripeUrl}/checkout/cs_`));
    const page = await fetch(href);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/checkout/${new URL(href).pathname.split('/').pop()}/complete`);
  });

  it('starts the checkout of the plan chosen on the landing page at once, once', async () => {
    await openPlans('/app/plans?subscribe=oracle');
    expect(await screen.findByText('Abrindo a página de pagamento…')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/billing/checkout').map((request) => request.body)).toEqual([
      { plan: 'oracle' },
    ]);
    expect(localStorage.getItem('sonhario:plan-intent')).toBeNull();
  });

  it('back from checkout before the plan is in: a pending state, then the new plan and a welcome', async () => {
    const { url } = await billingCall<{ url: string }>(account, 'POST', '/billing/checkout', { plan: 'lucid' });
    const sessionId = new URL(url).pathname.split('/').pop()!;
    // Paid on Stripe, but its webhooks held back and Stripe unreachable: the server cannot know yet.
    await stripeControl('holdEvents');
    await stripeControl('completeCheckout', { sessionId });
    await stripeControl('failRequests', { status: 500 });

    const { router } = await openPlans(`/app/plans?checkout=${sessionId}`);
    const pending = await screen.findByTestId('checkout-pending');
    expect(within(pending).getByText('Confirmando sua assinatura…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seu plano' })).not.toBeInTheDocument();
    // The page asks again while it waits.
    await waitFor(() => expect(api.server.requestsTo('GET', '/billing').length).toBeGreaterThan(1));
    expect(api.server.requestsTo('GET', '/billing')[0]?.query.get('checkout')).toBe(sessionId);

    await stripeControl('failRequests', { status: null });
    await stripeControl('releaseEvents');
    expect(await screen.findByText('Bem-vindo ao plano Lucid!', {}, { timeout: 10_000 })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Seu plano' });
    expect(within(current).getByTestId('current-plan')).toHaveTextContent('Lucid');
    const status = await billingCall<BillingStatus>(account, 'GET', '/billing');
    expect(within(current).getByTestId('plan-status')).toHaveTextContent(
      `Período de teste até ${formatInstantDate(status.subscription!.trialEndsAt!, timeZone)}`,
    );
    expect(within(current).getByTestId('plan-usage')).toHaveTextContent('0 de 100');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('checkout-pending')).not.toBeInTheDocument();
  });
});

describe('a subscriber', () => {
  it("sees the trial, the next charge and 'Gerenciar assinatura', which opens Stripe's portal", async () => {
    const user = userEvent.setup();
    await subscribe(account, 'lucid');
    const status = await billingCall<BillingStatus>(account, 'GET', '/billing');
    await openPlans();
    const current = await screen.findByRole('region', { name: 'Seu plano' });
    expect(within(current).getByTestId('current-plan')).toHaveTextContent('Lucid');
    expect(within(current).getByTestId('next-charge')).toHaveTextContent(
      `US$ 9,99 em ${formatInstantDate(status.subscription!.nextCharge!.at, timeZone)}, quando o teste terminar`,
    );
    // No second subscription: the other plans are reached in the portal, and the trial is used.
    expect(screen.queryByRole('button', { name: /^Assinar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('7 dias grátis')).not.toBeInTheDocument();
    expect(within(planCard('Oracle')).getByRole('button', { name: 'Mudar para Oracle' })).toBeInTheDocument();

    await user.click(within(current).getByRole('button', { name: 'Gerenciar assinatura' }));
    const leaving = await screen.findByText('Abrindo o portal da assinatura…');
    const link = within(leaving.closest('[role="status"]')!).getByRole('link', { name: 'Continuar' });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^${testServer.stripeUrl}/portal/`));
    expect(api.server.requestsTo('POST', '/billing/portal')).toHaveLength(1);
  });

  it('subscribed meanwhile in another tab: a second checkout is refused (already_subscribed) and the portal opens', async () => {
    const user = userEvent.setup();
    await openPlans();
    const button = await within(await screen.findByRole('group', { name: 'Oracle' })).findByRole('button', {
      name: 'Assinar Oracle',
    });
    await subscribe(account, 'lucid');
    await user.click(button);
    expect(await screen.findByText('Abrindo o portal da assinatura…')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/billing/checkout')).toHaveLength(1);
    expect(api.server.requestsTo('POST', '/billing/portal')).toHaveLength(1);
  });

  it('whose payment failed sees a banner on every app page, with the way to update the card', async () => {
    const user = userEvent.setup();
    const { subscriptionId } = await subscribe(account, 'lucid');
    await stripeControl('endTrial', { subscriptionId, paid: false });
    const status = await billingCall<BillingStatus>(account, 'GET', '/billing');
    expect(status.subscription?.status).toBe('past_due');

    signInAs(account);
    const { router } = renderApp('/app');
    const banner = await screen.findByText(
      `Não conseguimos cobrar sua assinatura. Atualize seu cartão até ${formatInstantDate(status.subscription!.graceEndsAt!, timeZone)} para manter o plano Lucid.`,
    );
    await router.navigate('/app/dreams');
    expect(await screen.findByText(banner.textContent)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Atualizar cartão' }));
    await waitFor(() => expect(api.server.requestsTo('POST', '/billing/portal')).toHaveLength(1));

    await router.navigate('/app/plans');
    const current = await screen.findByRole('region', { name: 'Seu plano' });
    expect(within(current).getByTestId('plan-status')).toHaveTextContent(
      `Pagamento pendente — o plano fica até ${formatInstantDate(status.subscription!.graceEndsAt!, timeZone)}`,
    );
  });

  it('on Dreamer, the app never asks for the billing status (no banner to show)', async () => {
    signInAs(account);
    renderApp('/app');
    await screen.findByTestId('dashboard-plan');
    expect(api.server.requestsTo('GET', '/billing')).toHaveLength(0);
  });
});
