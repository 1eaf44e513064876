import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, signedIn, WithAuth } from '@/test/auth';
import { AppLayout } from './app-layout';
import { DashboardRoute } from './dashboard';

function renderDashboard(user = makeUser()) {
  const router = createMemoryRouter(
    [
      { Component: AppLayout, children: [{ path: '/app', Component: DashboardRoute }] },
      { path: '*', element: <h1>Not found page</h1> },
    ],
    { initialEntries: ['/app'] },
  );
  render(
    <WithAuth state={signedIn(user)}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

describe('dashboard /app (spec section 2)', () => {
  it('greets the user by display name with the intro line', () => {
    renderDashboard(makeUser({ user_metadata: { first_name: 'Ana', last_name: 'Lima' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana! 👋' })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao seu diário de sonhos personalizado')).toBeInTheDocument();
  });

  it('falls back to the e-mail name in the greeting', () => {
    renderDashboard(makeUser({ email: 'bia@example.com', user_metadata: {} }));
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, bia! 👋' })).toBeInTheDocument();
  });

  it("has a header with the brand, 'Sonhos', 'Créditos' and the user's avatar", () => {
    renderDashboard();
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Sonhário: painel' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByRole('link', { name: 'Sonhos' })).toHaveAttribute('href', '/app/dreams');
    expect(within(nav).getByRole('link', { name: 'Créditos' })).toHaveAttribute('href', '/app/credits');
  });

  it('shows the four cards with their buttons and where they lead', () => {
    renderDashboard();
    const cards = screen.getByRole('region', { name: 'Atalhos' });
    expect(within(cards).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Registrar Sonho',
      'Meus Sonhos',
      'Análises',
      'Créditos',
    ]);
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

  it('shows the three stats fixed at 0, the streak in consecutive days', () => {
    renderDashboard();
    for (const name of ['Sonhos Registrados', 'Análises Realizadas', 'Sequência Atual']) {
      const stat = screen.getByRole('group', { name });
      expect(within(stat).getByText('0')).toBeInTheDocument();
    }
    expect(within(screen.getByRole('group', { name: 'Sequência Atual' })).getByText('dias consecutivos')).toBeInTheDocument();
  });

  it("shows the empty recent activity with 'Registrar Primeiro Sonho', which still leads to the 404 page", async () => {
    const user = userEvent.setup();
    const router = renderDashboard();
    const recent = screen.getByRole('region', { name: 'Atividade Recente' });
    expect(within(recent).getByText('Nenhum sonho registrado ainda')).toBeInTheDocument();
    const cta = within(recent).getByRole('link', { name: 'Registrar Primeiro Sonho' });
    expect(cta).toHaveAttribute('href', '/app/dreams/new');
    await user.click(cta);
    expect(await screen.findByRole('heading', { name: 'Not found page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dreams/new');
  });

  it('has a main landmark and a skip link to it', () => {
    renderDashboard();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#main-content');
  });
});
