import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverviewResponse } from '@sonhario/contracts/overview';
import type { Profile } from '@sonhario/contracts/profile';
import type { RewardsResponse } from '@sonhario/contracts/rewards';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { loader } from './dashboard';
import {
  analyseDream,
  createDreams,
  createUser,
  type NewUserOptions,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

const api = setupAppWithServer();

/** An instant `days` days before now (the day a dream was recorded, for the streaks). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function openDashboard(user: TestUser | NewUserOptions = {}) {
  const account = 'session' in user ? user : await createUser(user);
  signInAs(account);
  const view = renderApp('/app');
  await screen.findByRole('heading', { level: 1, name: /^Olá, / });
  return { ...view, account };
}

const statValue = (name: string) => within(screen.getByRole('group', { name })).getByText(/^\d+$/);

describe('dashboard /app (spec section 2)', () => {
  it('greets the user by display name with the intro line', async () => {
    await openDashboard({ firstName: 'Ana', lastName: 'Lima' });
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana! 👋' })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao seu diário de sonhos personalizado')).toBeInTheDocument();
  });

  it('falls back to the e-mail name in the greeting', async () => {
    await openDashboard({ emailName: 'bia', firstName: null, lastName: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, bia! 👋' })).toBeInTheDocument();
  });

  it("has a header with the brand, 'Sonhos', 'Oráculo', 'Conquistas', 'Créditos' and the user's avatar", async () => {
    await openDashboard();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Sonhário: painel' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByRole('link', { name: 'Sonhos' })).toHaveAttribute('href', '/app/dreams');
    expect(within(nav).getByRole('link', { name: 'Oráculo' })).toHaveAttribute('href', '/app/oracle');
    expect(within(nav).getByRole('link', { name: 'Conquistas' })).toHaveAttribute('href', '/app/rewards');
    expect(within(nav).getByRole('link', { name: 'Créditos' })).toHaveAttribute('href', '/app/credits');
  });

  it("reads 'Hoje', the numbers, the recent dreams, then the four shortcuts (issue 34)", async () => {
    await openDashboard();
    await within(screen.getByRole('region', { name: 'Hoje' })).findByTestId('today-streak-state');
    // In the DOM, what a screen reader reads, as on screen (no CSS `order`).
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Hoje', 'Seus números', 'Atividade Recente', 'Atalhos']);
  });

  it('shows the four cards with their buttons and where they lead', async () => {
    await openDashboard();
    const cards = screen.getByRole('region', { name: 'Atalhos' });
    expect(
      within(cards)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Registrar Sonho', 'Meus Sonhos', 'Análises', 'Créditos']);
    const links = [
      ['Novo Sonho', '/app/dreams/new'],
      ['Ver Sonhos', '/app/dreams'],
      ['Ver Análises', '/app/analytics'],
      ['Ver Créditos', '/app/credits'],
    ];
    for (const [name, href] of links) {
      expect(within(cards).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows skeletons while the numbers load, then the real values from /me/overview', async () => {
    const release = api.server.hold('GET', '/me/overview');
    const account = await createUser();
    // Recorded yesterday and today (a streak of 2), and on three days in a row the week before (the record).
    await createDreams(account, [
      { content: 'Eu voava sobre o mar.', at: daysAgo(9) },
      { content: 'Uma casa antiga.', at: daysAgo(8) },
      { content: 'Um trem.', at: daysAgo(7) },
      { content: 'Uma escada.', at: daysAgo(1) },
      { content: 'Um jardim.' },
    ]);
    await openDashboard(account);
    expect(screen.getByTestId('stat-dreams-loading')).toBeInTheDocument();
    (await release)();
    await waitFor(() => expect(statValue('Sonhos Registrados')).toHaveTextContent('5'));
    expect(statValue('Análises Realizadas')).toHaveTextContent('0');
    const streak = screen.getByRole('group', { name: 'Sequência Atual' });
    expect(within(streak).getByText('2')).toBeInTheDocument();
    expect(within(streak).getByText('dias consecutivos')).toBeInTheDocument();
    expect(within(streak).getByText('Recorde: 3 dias')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-dreams-loading')).not.toBeInTheDocument();
  });

  it("shows the analyses count of /me/overview in 'Análises Realizadas'", async () => {
    const account = await createUser();
    const [dream] = await createDreams(account, [{ content: 'Eu voava sobre o mar.' }]);
    await analyseDream(account, dream!.id);
    await analyseDream(account, dream!.id);
    await openDashboard(account);
    await waitFor(() => expect(statValue('Análises Realizadas')).toHaveTextContent('2'));
    // The builtin symbolic reading is not AI (issue 19): the card says what it is.
    const analyses = screen.getByRole('group', { name: 'Análises Realizadas' });
    expect(within(analyses).getByText('leituras simbólicas')).toBeInTheDocument();
    expect(within(analyses).queryByText(/IA/)).not.toBeInTheDocument();
  });

  it("says 'com IA' under 'Análises Realizadas' when the server's provider is a generative model", async () => {
    const account = await createUser();
    api.server.upstream = 'generative';
    await openDashboard(account);
    const analyses = screen.getByRole('group', { name: 'Análises Realizadas' });
    expect(await within(analyses).findByText('com IA')).toBeInTheDocument();
    expect(within(analyses).queryByText('leituras simbólicas')).not.toBeInTheDocument();
  });

  it('says "1 dia consecutivo" for a one-day streak', async () => {
    const account = await createUser();
    await createDreams(account, [{ content: 'Sonho de hoje.' }]);
    await openDashboard(account);
    const streak = screen.getByRole('group', { name: 'Sequência Atual' });
    expect(await within(streak).findByText('dia consecutivo')).toBeInTheDocument();
    expect(within(streak).getByText('Recorde: 1 dia')).toBeInTheDocument();
  });

  it('lists the last five dreams in Atividade Recente, each linking to its page', async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const seeded = await createDreams(
      account,
      ['Primeiro', 'Segundo', 'Terceiro', 'Quarto', 'Quinto', 'Sexto'].map((title, index) => ({
        title,
        content: `Sonho número ${index + 1}.`,
        dreamtOn: `2026-03-0${index + 1}`,
      })),
    );
    const { router } = await openDashboard(account);
    const recent = screen.getByRole('region', { name: 'Atividade Recente' });
    const list = await within(recent).findByRole('list', { name: 'Últimos sonhos' });
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Sexto', 'Quinto', 'Quarto', 'Terceiro', 'Segundo']);
    expect(within(recent).getByRole('link', { name: 'Ver todos' })).toHaveAttribute('href', '/app/dreams');
    await user.click(within(list).getByRole('link', { name: 'Sexto' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sexto' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${seeded[5]!.id}`);
  });

  it("keeps the spec's empty state with 'Registrar Primeiro Sonho', which opens the dream form", async () => {
    const user = userEvent.setup();
    const { router } = await openDashboard();
    const recent = screen.getByRole('region', { name: 'Atividade Recente' });
    expect(await within(recent).findByText('Nenhum sonho registrado ainda')).toBeInTheDocument();
    const cta = within(recent).getByRole('link', { name: 'Registrar Primeiro Sonho' });
    expect(cta).toHaveAttribute('href', '/app/dreams/new');
    await user.click(cta);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo sonho' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dreams/new');
  });

  it('stores the browser time zone once when the profile has none yet', async () => {
    const { account } = await openDashboard({ timeZone: null });
    await waitFor(() => expect(api.server.requestsTo('PATCH', '/me/profile')).toHaveLength(1));
    expect(api.server.requestsTo('PATCH', '/me/profile')[0]!.body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(async () => expect((await userApi(account).get<Profile>('/me/profile')).isTimeZoneSet).toBe(true));
  });

  it("asks for the streak and every other answer again once the browser's time zone is stored", async () => {
    await openDashboard({ firstName: 'Ana', timeZone: null });
    await waitFor(() => expect(api.server.requestsTo('PATCH', '/me/profile')).toHaveLength(1));
    // The first answers were counted in the default zone; the 'Hoje' card's streak (GET /rewards) too.
    await waitFor(() => expect(api.server.requestsTo('GET', '/rewards')).toHaveLength(2));
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/overview')).toHaveLength(2));
    // The profile is the save's own answer, not asked again.
    expect(api.server.requestsTo('GET', '/me/profile')).toHaveLength(1);
  });

  it('leaves a time zone the user already has alone', async () => {
    await openDashboard();
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/profile')).toHaveLength(1));
    expect(api.server.requestsTo('PATCH', '/me/profile')).toHaveLength(0);
  });

  it('leaves the answer to a time zone save still on its way at the sign-out to nobody', async () => {
    const user = userEvent.setup();
    const arrived = api.server.hold('PATCH', '/me/profile');
    await openDashboard({ firstName: 'Ana', timeZone: null });
    const release = await arrived;
    const [save] = queryClient.getMutationCache().getAll();
    await user.click(await screen.findByRole('button', { name: /Menu da conta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByText('Logout realizado')).toBeInTheDocument();
    release();
    // Its answer lands after the sign-out (the server refuses the ended session): taken by nobody on this device,
    // neither as data nor as a reason to end a session that may already be the next user's.
    await waitFor(() => expect(save?.state.error).toMatchObject({ code: 'session_changed' }));
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined();
  });

  it('has a main landmark and a skip link to it', async () => {
    await openDashboard();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#main-content');
  });

  it('sends every API call with the session token', async () => {
    const { account } = await openDashboard();
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/overview').length).toBeGreaterThan(0));
    // GET /privacy-info is public (whether the analysis is AI, for the analyses card), asked without a token.
    const apiCalls = api.server.requests.filter(
      (request) => request.path.startsWith('/api/v1/') && request.path !== '/api/v1/privacy-info',
    );
    expect(apiCalls.length).toBeGreaterThan(0);
    // A request carrying another account's token is a straggler of an earlier test's screen (each test signs in its
    // own account, and one may reach the proxy after that test ended, as 'GET /me/consents' did on a loaded machine):
    // not this screen's. Every other request — no token, the anon key, a stale token of this account — counts.
    const isOtherAccounts = (authorization: string | undefined) => {
      const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
      if (!payload) return false;
      try {
        const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
        return typeof sub === 'string' && sub !== account.id;
      } catch {
        return false;
      }
    };
    // The premise: this account's own token names this account (so a stale token of it would still count).
    expect(isOtherAccounts(`Bearer ${account.session.access_token}`)).toBe(false);
    const withAnotherToken = apiCalls.filter(
      (request) =>
        request.headers.authorization !== `Bearer ${account.session.access_token}` &&
        !isOtherAccounts(request.headers.authorization),
    );
    expect(withAnotherToken.map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });

  describe("the route's loader", () => {
    it('asks for the numbers, the streak and the profile as soon as the code is in, with no screen rendered', async () => {
      const account = signInAs(await createUser({ timeZone: 'America/Manaus' }));
      await createDreams(account, [{ content: 'Um jardim de vidro.', at: daysAgo(0) }]);
      expect(loader()).toBeNull();
      await waitFor(() => expect(queryClient.getQueryData<OverviewResponse>(queryKeys.overview)?.dreamCount).toBe(1));
      await waitFor(() => expect(queryClient.getQueryData<RewardsResponse>(queryKeys.rewards)?.streak.current).toBe(1));
      await waitFor(() =>
        expect(queryClient.getQueryData<Profile>(queryKeys.profile)?.timeZone).toBe('America/Manaus'),
      );
      for (const path of ['/me/overview', '/rewards', '/me/profile']) {
        expect(api.server.requestsTo('GET', path)).toHaveLength(1);
      }
    });

    it('leaves the answers it got to the screen, which asks for none of them again', async () => {
      const account = signInAs(await createUser());
      loader();
      await waitFor(() => expect(queryClient.getQueryData(queryKeys.overview)).toBeDefined());
      await waitFor(() => expect(queryClient.getQueryData(queryKeys.rewards)).toBeDefined());
      await waitFor(() => expect(queryClient.getQueryData(queryKeys.profile)).toBeDefined());
      await openDashboard(account);
      await screen.findByText('Seu diário ainda está em branco.');
      for (const path of ['/me/overview', '/rewards', '/me/profile']) {
        expect(api.server.requestsTo('GET', path)).toHaveLength(1);
      }
    });

    it('sends nothing without a session, and the screen it leads to still loads once signed in', async () => {
      loader();
      await waitFor(() => expect(queryClient.getQueryState(queryKeys.overview)?.status).toBe('error'));
      await waitFor(() => expect(queryClient.getQueryState(queryKeys.profile)?.status).toBe('error'));
      expect(api.server.requests.filter((request) => request.path.startsWith('/api/v1/'))).toHaveLength(0);
      await openDashboard({ firstName: 'Rui' });
      expect(screen.getByRole('heading', { level: 1, name: 'Olá, Rui! 👋' })).toBeInTheDocument();
      await screen.findByText('Seu diário ainda está em branco.');
    });
  });
});
