import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { makeSession } from '@/test/auth';
import { AuthProvider, type AuthClientLike, type AuthEventListener } from '../auth-provider';
import { useAuthRedirects } from './use-auth-redirects';

let emit: AuthEventListener = () => {};
const client: AuthClientLike = {
  getSession: () => new Promise(() => {}),
  onAuthStateChange: (callback) => {
    emit = callback;
    return { data: { subscription: { unsubscribe: () => {} } } };
  },
};

function Layout() {
  const onAuthEvent = useAuthRedirects();
  return (
    <AuthProvider loadClient={() => Promise.resolve(client)} onAuthEvent={onAuthEvent}>
      <Outlet />
    </AuthProvider>
  );
}

function renderAt(path: string, hash = '') {
  window.location.hash = hash;
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/', element: <h1>Landing</h1> },
          { path: '/app', element: <h1>Dashboard</h1> },
          { path: '/app/plans', element: <h1>Planos</h1> },
          { path: '/redefinir-senha', element: <h1>Nova senha</h1> },
          { path: '/login', element: <h1>Login</h1> },
        ],
      },
    ],
    { initialEntries: [`${path}${hash}`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

const fire = async (event: AuthChangeEvent, session: Session | null) => {
  await waitFor(() => expect(emit).not.toBe(undefined));
  act(() => emit(event, session));
};

afterEach(() => {
  toast.dismiss();
  window.location.hash = '';
  emit = () => {};
});

describe('redirects after auth links', () => {
  it('sends a sign-in that came from the e-mail confirmation link on / to /app, replacing the entry', async () => {
    const router = renderAt('/', '#access_token=t&refresh_token=r&expires_in=3600&token_type=bearer&type=signup');
    // supabase-js reads and clears the fragment, then reports the session.
    window.location.hash = '';
    await fire('INITIAL_SESSION', makeSession());
    await fire('SIGNED_IN', makeSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a confirmation link carrying a plan chosen on the landing page (/?subscribe=) to the plan page', async () => {
    const router = renderAt(
      '/?subscribe=oracle',
      '#access_token=t&refresh_token=r&expires_in=3600&token_type=bearer&type=signup',
    );
    window.location.hash = '';
    await fire('SIGNED_IN', makeSession());
    expect(await screen.findByRole('heading', { name: 'Planos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/plans');
    expect(router.state.location.search).toBe('?subscribe=oracle');
  });

  it('leaves an ordinary sign-in alone (no link in the URL)', async () => {
    const router = renderAt('/');
    await fire('SIGNED_IN', makeSession());
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a password-recovery session to the new-password form, wherever it landed', async () => {
    const router = renderAt('/', '#access_token=t&type=recovery');
    await fire('PASSWORD_RECOVERY', makeSession());
    expect(await screen.findByRole('heading', { name: 'Nova senha' })).toBeInTheDocument();
    // A later SIGNED_IN (same session) must not bounce the user to /app before the password is set.
    await fire('SIGNED_IN', makeSession());
    expect(router.state.location.pathname).toBe('/redefinir-senha');
  });

  it('explains an expired link in Portuguese and removes the error from the URL', async () => {
    const router = renderAt(
      '/',
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(await screen.findByText('Link inválido ou expirado')).toBeInTheDocument();
    expect(screen.getByText('Solicite um novo link de confirmação ou de recuperação de senha.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/');
  });
});
