import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/auth';
import { renderApp, signInAs, useAppWithApiServer } from '@/test/app-fake';

const api = useAppWithApiServer();

async function openDashboard(user = makeUser()) {
  signInAs(user);
  const view = renderApp('/app');
  await screen.findByRole('heading', { level: 1, name: /^Olá, / });
  return view;
}

const statValue = (name: string) => within(screen.getByRole('group', { name })).getByText(/^\d+$/);

describe('dashboard /app (spec section 2)', () => {
  it('greets the user by display name with the intro line', async () => {
    await openDashboard(makeUser({ user_metadata: { first_name: 'Ana', last_name: 'Lima' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana! 👋' })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao seu diário de sonhos personalizado')).toBeInTheDocument();
  });

  it('falls back to the e-mail name in the greeting', async () => {
    await openDashboard(makeUser({ email: 'bia@example.com', user_metadata: {} }));
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, bia! 👋' })).toBeInTheDocument();
  });

  it("has a header with the brand, 'Sonhos', 'Créditos' and the user's avatar", async () => {
    await openDashboard();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Sonhário: painel' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByRole('link', { name: 'Sonhos' })).toHaveAttribute('href', '/app/dreams');
    expect(within(nav).getByRole('link', { name: 'Créditos' })).toHaveAttribute('href', '/app/credits');
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
    api.server.seed([{ content: 'Eu voava sobre o mar.' }, { content: 'Uma casa antiga.' }, { content: 'Um trem.' }]);
    api.server.streaks = { current: 2, longest: 12 };
    await openDashboard();
    expect(screen.getByTestId('stat-dreams-loading')).toBeInTheDocument();
    (await release)();
    await waitFor(() => expect(statValue('Sonhos Registrados')).toHaveTextContent('3'));
    expect(statValue('Análises Realizadas')).toHaveTextContent('0');
    const streak = screen.getByRole('group', { name: 'Sequência Atual' });
    expect(within(streak).getByText('2')).toBeInTheDocument();
    expect(within(streak).getByText('dias consecutivos')).toBeInTheDocument();
    expect(within(streak).getByText('Recorde: 12 dias')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-dreams-loading')).not.toBeInTheDocument();
  });

  it("shows the analyses count of /me/overview in 'Análises Realizadas'", async () => {
    api.server.on('GET', '/me/overview', async (_request, _params, next) => {
      const reply = await next();
      return reply === 'drop' ? reply : { ...reply, body: { ...(reply.body as object), analysisCount: 7 } };
    });
    await openDashboard();
    await waitFor(() => expect(statValue('Análises Realizadas')).toHaveTextContent('7'));
    expect(within(screen.getByRole('group', { name: 'Análises Realizadas' })).getByText('com IA')).toBeInTheDocument();
  });

  it('says "1 dia consecutivo" for a one-day streak', async () => {
    api.server.seed([{ content: 'Sonho de hoje.' }]);
    api.server.streaks = { current: 1, longest: 1 };
    await openDashboard();
    const streak = screen.getByRole('group', { name: 'Sequência Atual' });
    expect(await within(streak).findByText('dia consecutivo')).toBeInTheDocument();
    expect(within(streak).getByText('Recorde: 1 dia')).toBeInTheDocument();
  });

  it('lists the last five dreams in Atividade Recente, each linking to its page', async () => {
    const user = userEvent.setup();
    const seeded = api.server.seed(
      ['Primeiro', 'Segundo', 'Terceiro', 'Quarto', 'Quinto', 'Sexto'].map((title, index) => ({
        title,
        content: `Sonho número ${index + 1}.`,
        dreamtOn: `2026-03-0${index + 1}`,
      })),
    );
    const { router } = await openDashboard();
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
    api.server.profile = { ...api.server.profile, timeZone: 'UTC', isTimeZoneSet: false };
    await openDashboard();
    await waitFor(() => expect(api.server.requestsTo('PATCH', '/me/profile')).toHaveLength(1));
    expect(api.server.requestsTo('PATCH', '/me/profile')[0]!.body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(api.server.profile.isTimeZoneSet).toBe(true);
  });

  it('leaves a time zone the user already has alone', async () => {
    await openDashboard();
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/profile')).toHaveLength(1));
    expect(api.server.requestsTo('PATCH', '/me/profile')).toHaveLength(0);
  });

  it('has a main landmark and a skip link to it', async () => {
    await openDashboard();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#main-content');
  });

  it('sends every API call with the session token', async () => {
    await openDashboard();
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/overview').length).toBeGreaterThan(0));
    expect(api.server.requests.every((request) => request.headers.authorization === 'Bearer access-token')).toBe(true);
  });
});
