import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import type { AuthState } from '@/lib/auth-context';
import { setupAppWithServer, signInAs } from '@/test/app';
import { loadingAuth, makeUser, signedIn, signedOut, WithAuth } from '@/test/auth';
import { createUser, recoverySession, TEST_PASSWORD, type TestUser } from '@/test/server/real-server';
import { ResetPasswordRoute } from './reset-password';

const api = setupAppWithServer();

function renderPage(state: AuthState) {
  const router = createMemoryRouter(
    [
      { path: '/redefinir-senha', Component: ResetPasswordRoute },
      { path: '/app', element: <h1>Dashboard page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/redefinir-senha'] },
  );
  render(
    <WithAuth state={state}>
      <RouterProvider router={router} />
      <Toaster />
    </WithAuth>,
  );
  return router;
}

describe('/redefinir-senha', () => {
  it('shows a spinner while the recovery link is being read', () => {
    renderPage(loadingAuth);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
  });

  it('explains what to do when the link gave no session (expired or already used)', () => {
    renderPage(signedOut);
    expect(screen.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
  });

  it('asks for the new password twice and refuses a mismatch or a short one before calling the server', async () => {
    const user = userEvent.setup();
    renderPage(signedIn(makeUser()));
    expect(screen.getByRole('heading', { level: 1, name: 'Definir nova senha' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Definir nova senha' });
    const password = within(form).getByLabelText('Nova senha');
    expect(password).toHaveAttribute('minLength', '6');
    await user.type(password, 'nova-senha-1');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'outra-senha');
    await user.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await within(form).findByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(api.server.requests).toEqual([]);
  });

  it('sets the new password for the signed-in user, confirms it and goes to /app', async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const { session } = signInAs<TestUser>({ ...account, session: await recoverySession(account) });
    const router = renderPage(signedIn(session.user));
    const form = screen.getByRole('form', { name: 'Definir nova senha' });
    await user.type(within(form).getByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'nova-senha-1');
    await user.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(screen.getByText('Senha redefinida!')).toBeInTheDocument();
    expect(api.server.requestsTo('PUT', '/auth/v1/user')[0]?.body).toMatchObject({
      password: 'nova-senha-1',
    });
  });

  it("shows the server's refusal, in Portuguese, and stays on the form", async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const { session } = signInAs<TestUser>({ ...account, session: await recoverySession(account) });
    const router = renderPage(signedIn(session.user));
    const form = screen.getByRole('form', { name: 'Definir nova senha' });
    // The password the account already has.
    await user.type(within(form).getByLabelText('Nova senha'), TEST_PASSWORD);
    await user.type(within(form).getByLabelText('Confirmar nova senha'), TEST_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));

    expect(await screen.findByText('Erro ao redefinir a senha')).toBeInTheDocument();
    expect(screen.getByText('A nova senha precisa ser diferente da atual.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/redefinir-senha');
  });
});
