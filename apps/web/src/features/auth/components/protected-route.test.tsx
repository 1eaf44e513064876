import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadingAuth, signedIn, signedOut, WithAuth } from '@/test/auth';
import type { AuthState } from '@/lib/auth-context';
import { beginSignOut, endSignOut } from '@/lib/sign-out-intent';
import { ProtectedRoute } from './protected-route';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <h1>Login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</h1>;
}

function renderAt(state: AuthState, path = '/app?tab=recent') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing</h1> },
      { path: '/login', Component: LoginProbe },
      {
        element: <ProtectedRoute />,
        children: [{ path: '/app', element: <h1>Secret dashboard</h1> }],
      },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(
    <WithAuth state={state}>
      <RouterProvider router={router} />
    </WithAuth>,
  );
  return router;
}

afterEach(() => {
  endSignOut();
});

describe('ProtectedRoute (spec section 2)', () => {
  it('shows a spinner while the session loads, and nothing protected', () => {
    renderAt(loadingAuth);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
  });

  it('sends a visitor without a user to /login, replacing the entry and passing the location as `from`', async () => {
    const router = renderAt(signedOut);
    expect(await screen.findByRole('heading', { name: 'Login page, from /app?tab=recent' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
  });

  it("does not bounce through /login while the user's own sign-out is on its way to /", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      beginSignOut();
      const router = renderAt(signedOut);
      // Whatever the redirect would wait for (effects, the router's navigation, timers) has had its turn.
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(router.state.location.pathname).toBe('/app');
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
  });

  it('shows the content to a signed-in user', () => {
    const router = renderAt(signedIn());
    expect(screen.getByRole('heading', { name: 'Secret dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('also wraps children directly', () => {
    render(
      <WithAuth state={signedIn()}>
        <ProtectedRoute>
          <p>child content</p>
        </ProtectedRoute>
      </WithAuth>,
      { wrapper: ({ children }) => <RouterProvider router={createMemoryRouter([{ path: '/', element: children }])} /> },
    );
    expect(screen.getByText('child content')).toBeInTheDocument();
  });
});
