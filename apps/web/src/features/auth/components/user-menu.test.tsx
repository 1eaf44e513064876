import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/sonner';
import { SESSION_STORAGE_KEY, setupAppWithServer, signInAs } from '@/test/app';
import { loadingAuth, makeUser, signedIn, signedOut, WithAuth } from '@/test/auth';
import { createUser } from '@/test/server/real-server';
import type { AuthState } from '@/lib/auth-context';
import { UserMenu } from './user-menu';

const api = setupAppWithServer();

const NETWORK_ERROR = 'Sem conexão com o servidor. Verifique sua internet e tente de novo.';

function renderMenu(state: AuthState, path = '/app') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing</h1> },
      { path: '/app', element: <UserMenu /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/app/profile', element: <h1>Profile page</h1> },
      { path: '/app/settings', element: <h1>Settings page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <WithAuth state={state}>
      <RouterProvider router={router} />
      <Toaster />
    </WithAuth>,
  );
  return router;
}

describe('UserMenu (spec section 2)', () => {
  it('shows a placeholder circle while the session loads', () => {
    renderMenu(loadingAuth);
    expect(screen.getByTestId('user-menu-placeholder')).toHaveClass('rounded-full');
    // The link in the markup meanwhile is the pending one, which the stylesheet shows only when the landing page's
    // boot script found no stored session (decision 024; e2e/landing.e2e.ts checks it in a browser).
    const links = screen.queryAllByRole('link', { name: 'Entrar' });
    expect(links.map((link) => link.dataset.userMenu)).toEqual(['pending-sign-in']);
    expect(screen.getByTestId('user-menu-placeholder').dataset.userMenu).toBe('placeholder');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows an 'Entrar' button to /login without a user", async () => {
    const user = userEvent.setup();
    const router = renderMenu(signedOut);
    const entrar = screen.getByRole('link', { name: 'Entrar' });
    expect(entrar).toHaveAttribute('href', '/login');
    expect(entrar).not.toHaveAttribute('data-user-menu');
    expect(screen.queryByTestId('user-menu-placeholder')).not.toBeInTheDocument();
    await user.click(entrar);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows an avatar with the two uppercase initials of the signed-in user', async () => {
    renderMenu(signedIn(makeUser({ user_metadata: { first_name: 'ana', last_name: 'lima' } })));
    // The name starts with the initials it shows (WCAG 2.5.3: a speech user says what they see).
    const trigger = await screen.findByRole('button', { name: 'AL — Menu da conta de ana' });
    expect(trigger).toHaveTextContent(/^AL$/);
  });

  it('uses the e-mail when there is no name: display name before the @, initials from it', async () => {
    renderMenu(signedIn(makeUser({ email: 'joao.silva@example.com', user_metadata: {} })));
    const trigger = await screen.findByRole('button', { name: 'JS — Menu da conta de joao.silva' });
    expect(trigger).toHaveTextContent(/^JS$/);
  });

  it('opens a menu with the display name, the e-mail, Perfil, Planos, Configurações, Ajuda and Sair', async () => {
    const user = userEvent.setup();
    const router = renderMenu(signedIn(makeUser({ email: 'ana.lima@example.com' })));
    const trigger = await screen.findByRole('button', { name: /Menu da conta/ });
    await user.click(trigger);

    const menu = await screen.findByRole('menu');
    // Mounted beside its button, so inside the top bar's landmark (not at the end of <body>, outside every one).
    expect(trigger.parentElement).toContainElement(menu);
    expect(within(menu).getByText('Ana')).toBeInTheDocument();
    expect(within(menu).getByText('ana.lima@example.com')).toBeInTheDocument();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Perfil', 'Planos', 'Configurações', 'Ajuda', 'Sair']);
    expect(within(menu).getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/app/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Configurações' })).toHaveAttribute('href', '/app/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Ajuda' })).toHaveAttribute('href', '/app/help');

    await user.click(within(menu).getByRole('menuitem', { name: 'Configurações' }));
    expect(router.state.location.pathname).toBe('/app/settings');
  });

  it("'Sair' signs out on the server, clears cached data, says goodbye and goes to /", async () => {
    const user = userEvent.setup();
    const { session } = signInAs(await createUser());
    queryClient.setQueryData(['dreams'], ['a private dream']);

    const router = renderMenu(signedIn(session.user));
    await user.click(await screen.findByRole('button', { name: /Menu da conta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    expect(await screen.findByText('Logout realizado')).toBeInTheDocument();
    expect(screen.getByText('Até logo!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [logout] = api.server.requestsTo('POST', '/auth/v1/logout');
    expect(logout?.query.get('scope')).toBe('global');
    expect(queryClient.getQueryData(['dreams'])).toBeUndefined();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Erro ao sair' with the error's text in Portuguese and stays put when sign-out fails", async () => {
    const user = userEvent.setup();
    const { session } = signInAs(await createUser());
    // The connection is lost before the server hears of it: the session stays, here and on the server.
    api.server.drop('POST', '/auth/v1/logout', 'before');

    const router = renderMenu(signedIn(session.user));
    await user.click(await screen.findByRole('button', { name: /Menu da conta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    const title = await screen.findByText('Erro ao sair');
    expect(title.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
    expect(screen.getByText(NETWORK_ERROR)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });
});
