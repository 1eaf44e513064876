import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router';

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app routes', () => {
  it('renders the landing page at /', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' }),
    ).toBeInTheDocument();
  });

  it.each(['/app/nowhere', '/somewhere/else'])(
    'sends %s, which no route defines, to the lazily loaded 404 page',
    async (path) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Lost in the Dream Realm' })).toBeInTheDocument();
      // Logged from an effect, which may run just after the heading is on screen.
      await waitFor(() =>
        expect(consoleError).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', path),
      );
    },
  );

  it('serves /login lazily, signed out (no stored session, no request)', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
  });

  it.each(['/app/profile', '/app/settings'])(
    'protects %s: a visitor without a session lands on /login',
    async (path) => {
      const router = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('protects /app: a visitor without a session lands on /login', async () => {
    const router = renderApp('/app');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('serves /redefinir-senha publicly, explaining a missing recovery session', async () => {
    renderApp('/redefinir-senha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });

  it('does not bundle the 404 page with the landing page', () => {
    const appShell = routes[0]?.children?.find((route) => route.id === 'app-shell');
    const notFound = appShell?.children?.find((route) => route.path === '*');
    expect(typeof notFound?.lazy).toBe('function');
    expect(notFound?.Component).toBeUndefined();
  });

  it('protects the journal: a visitor without a session lands on /login, coming back to it after sign-in', async () => {
    const router = renderApp('/app/dreams/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/app/dreams/new' } });
  });

  it('loads every app route lazily, /app and the journal behind the protected layout', () => {
    const appShell = routes[0]?.children?.find((route) => route.id === 'app-shell');
    const byPath = new Map(appShell?.children?.map((route) => [route.path ?? route.id, route]));
    for (const key of ['login', 'redefinir-senha', 'protected']) {
      expect(typeof byPath.get(key)?.lazy).toBe('function');
      expect(byPath.get(key)?.Component).toBeUndefined();
    }
    const protectedPaths = byPath.get('protected')?.children?.map((route) => route.path);
    expect(protectedPaths).toEqual([
      'app',
      'app/dreams',
      'app/dreams/new',
      'app/dreams/:id',
      'app/dreams/:id/edit',
      'app/credits',
      'app/rewards',
      'app/help',
      'app/oracle',
      'app/plans',
      'app/analytics',
      'app/profile',
      'app/settings',
    ]);
    for (const route of byPath.get('protected')?.children ?? []) {
      expect(typeof route.lazy).toBe('function');
      expect(route.Component).toBeUndefined();
    }
  });
});
