import { CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider } from '@/features/auth/auth-provider';
import { setupAppWithServer } from '@/test/app';
import { loadingAuth, signedIn, signedOut, WithAuth } from '@/test/auth';
import { createUser, serverRequest, TEST_PASSWORD, testServer } from '@/test/server/real-server';
import type { AuthState } from '@/lib/auth-context';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { LoginRoute } from './login';

const api = setupAppWithServer();
const server = {
  get requests() {
    // The auth calls the forms make; the card's read of what sign-in offers (GET /auth/v1/settings) aside.
    return api.server.requests.filter(
      (request) => request.path.startsWith('/auth/v1/') && request.path !== '/auth/v1/settings',
    );
  },
};

/** An account that signed up but never opened the confirmation link (made by an operator with the admin API). */
async function createUnconfirmedUser(email: string) {
  const answer = await serverRequest({
    method: 'POST',
    url: '/auth/v1/admin/users',
    headers: { apikey: testServer.anonKey, authorization: `Bearer ${testServer.serviceRoleKey}` },
    payload: { email, password: TEST_PASSWORD, email_confirm: false },
  });
  if (answer.status !== 200) throw new Error(`admin create: ${answer.status} ${answer.body}`);
}

const routes = [
  { path: '/', element: <h1>Landing page</h1> },
  { path: '/login', Component: LoginRoute },
  { path: '/app', element: <h1>Dashboard page</h1> },
  { path: '/app/dreams', element: <h1>Dreams page</h1> },
];

function renderLogin(state: AuthState | 'real', entry: string | { pathname: string; state: unknown } = '/login') {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const app = (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
  render(state === 'real' ? <AuthProvider>{app}</AuthProvider> : <WithAuth state={state}>{app}</WithAuth>);
  return router;
}

const loginForm = () => screen.getByRole('form', { name: 'Login' });
const signUpForm = () => screen.getByRole('form', { name: 'Cadastro' });

async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'ana@example.com',
  password = 'segredo123',
) {
  await user.type(within(loginForm()).getByLabelText('Email'), email);
  await user.type(within(loginForm()).getByLabelText('Senha'), password);
}

async function openSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Cadastro' }));
  return signUpForm();
}

describe('login page texts and structure (spec section 2)', () => {
  it("shows 'Bem-vindo', the subtitle, both tabs with Login selected, and the way back home", () => {
    renderLogin(signedOut);
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
    expect(screen.getByText('Faça login ou crie sua conta para começar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Cadastro' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('link', { name: '← Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it("opens on the Cadastro tab for /login?tab=signup (the demo's 'Start Your Dream Journey')", async () => {
    renderLogin(signedOut, '/login?tab=signup');
    expect(await screen.findByRole('tab', { name: 'Cadastro' })).toHaveAttribute('aria-selected', 'true');
    expect(signUpForm()).toBeInTheDocument();
  });

  it("has on the Login tab a required e-mail field, a required password, 'Entrar', and no Google where it is off", async () => {
    renderLogin(signedOut);
    const email = within(loginForm()).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(within(loginForm()).getByLabelText('Senha')).toBeRequired();
    expect(within(loginForm()).getByRole('button', { name: 'Entrar' })).toHaveAttribute('type', 'submit');
    // The main test server has no Google client: no button, no divider (the settings say so).
    // The button follows the app's cached answer alone (shown only once it is true): once that answer is the server's
    // 'no', no render can show it.
    await waitFor(() => expect(api.server.requests.some((r) => r.path === '/auth/v1/settings')).toBe(true));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.authSettings)).toBe(false));
    expect(screen.queryByText('ou continue com')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Google' })).not.toBeInTheDocument();
  });

  it("shows Google under 'ou continue com' on both tabs where the server offers it (GOOGLE_CLIENT_ID set)", async () => {
    const user = userEvent.setup();
    // The instance with a Google client (a local OpenID Connect provider standing in for Google).
    api.server.upstream = 'generative';
    renderLogin(signedOut);
    expect(await screen.findByRole('button', { name: 'Google' })).toBeEnabled();
    expect(screen.getByText('ou continue com')).toBeInTheDocument();
    await openSignUp(user);
    expect(screen.getByRole('button', { name: 'Google' })).toBeEnabled();
  });

  it('shows and hides the password with an accessible toggle', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const password = within(loginForm()).getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(loginForm()).getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(loginForm()).getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('has on the Cadastro tab Nome, Sobrenome, e-mail, a password of at least 6, the consent and Google', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const form = await openSignUp(user);
    expect(within(form).getByLabelText('Nome')).not.toBeRequired();
    expect(within(form).getByLabelText('Sobrenome')).not.toBeRequired();
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Email')).toBeRequired();
    const password = within(form).getByLabelText('Senha');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('minLength', '6');
    expect(
      within(form).getByRole('checkbox', {
        name: 'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD',
      }),
    ).not.toBeChecked();
    expect(CONSENT_TEXT).toBe(
      'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD',
    );
  });
});

describe('sign-up consent (spec section 5)', () => {
  it("keeps 'Criar conta' disabled until the consent is ticked, and submitting without it sends nothing", async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const form = await openSignUp(user);
    const submit = within(form).getByRole('button', { name: 'Criar conta' });
    expect(submit).toBeDisabled();

    await user.type(within(form).getByLabelText('Email'), 'nova@example.com');
    await user.type(within(form).getByLabelText('Senha'), 'segredo123{Enter}');
    // A submission would show the form busy at once (before any request): after React's work, it is not.
    await act(() => Promise.resolve());
    expect(within(form).queryByRole('button', { name: 'Criando conta...' })).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);

    await user.click(within(form).getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await user.click(within(form).getByRole('checkbox'));
    expect(submit).toBeDisabled();
  });

  it('keeps the consent text exact and puts a separate link to the privacy policy beside it, in a new tab', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const form = await openSignUp(user);
    const checkbox = within(form).getByRole('checkbox');
    expect(checkbox).toHaveAccessibleName(CONSENT_TEXT);
    expect(within(form).getByText(CONSENT_TEXT).textContent).toBe(CONSENT_TEXT);
    const policy = within(form).getByRole('link', { name: /^Política de Privacidade\s*\(abre em nova aba\)$/ });
    expect(policy).toHaveAttribute('href', '/privacidade');
    expect(policy).toHaveAttribute('target', '_blank');
  });
});

describe('legal links', () => {
  it('shows small links to the privacy policy and the terms under the form', () => {
    renderLogin(signedOut);
    const links = screen.getByRole('navigation', { name: 'Documentos' });
    expect(within(links).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
    expect(within(links).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos');
  });
});

describe('signing in', () => {
  it("shows 'Entrando...' and disables every form button while the request runs, then the mapped error toast", async () => {
    const user = userEvent.setup();
    // The instance with Google, so its button is there to be disabled too.
    api.server.upstream = 'generative';
    renderLogin(signedOut);
    await screen.findByRole('button', { name: 'Google' });
    const release = api.server.hold('POST', '/auth/v1/token');
    await fillSignIn(user);
    await user.click(within(loginForm()).getByRole('button', { name: 'Entrar' }));

    const letThrough = await release;
    const busy = await within(loginForm()).findByRole('button', { name: 'Entrando...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Esqueceu a senha?' })).toBeDisabled();
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/v1/token',
      body: { email: 'ana@example.com', password: 'segredo123' },
    });
    expect(server.requests[0]?.query.get('grant_type')).toBe('password');

    // No account has that e-mail and password: the server refuses the sign-in.
    letThrough();
    const title = await screen.findByText('Erro no login');
    expect(screen.getByText('Email ou senha incorretos')).toBeInTheDocument();
    expect(title.closest('[data-sonner-toast]')).toHaveClass('bg-destructive-surface!');
    expect(await within(loginForm()).findByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Google' })).toBeEnabled();
  });

  it("says any other sign-in error by its code, in Portuguese, not the server's English message", async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const email = `ana@${crypto.randomUUID()}.example.com`;
    await createUnconfirmedUser(email);
    await fillSignIn(user, email, TEST_PASSWORD);
    await user.click(within(loginForm()).getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText('Confirme seu e-mail antes de entrar: abra o link que enviamos para ele.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Email not confirmed')).not.toBeInTheDocument();
    expect(screen.getByText('Erro no login')).toBeInTheDocument();
  });

  it('offers the confirmation e-mail again after a sign-in refused because the address is not confirmed', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const email = `bia@${crypto.randomUUID()}.example.com`;
    await createUnconfirmedUser(email);
    await fillSignIn(user, email, TEST_PASSWORD);
    await user.click(within(loginForm()).getByRole('button', { name: 'Entrar' }));
    const note = await screen.findByText(
      'Este e-mail ainda não foi confirmado. Abra o link que enviamos ou peça outro.',
    );
    await user.click(screen.getByRole('button', { name: 'Reenviar e-mail de confirmação' }));
    expect(await screen.findByText('Email reenviado')).toBeInTheDocument();
    expect(
      screen.getByText(`Enviamos um novo link de confirmação para ${email}. Confira também a caixa de spam.`),
    ).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/auth/v1/resend')).toHaveLength(1);
    expect(note).toBeInTheDocument();
  });

  it('welcomes the user and goes to /app once signed in (the user appears through the real auth client)', async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const router = renderLogin('real');
    // The real provider first looks the session up (none stored): a spinner, then the form.
    await screen.findByRole('form', { name: 'Login' });
    await fillSignIn(user, account.email, TEST_PASSWORD);
    await user.click(within(loginForm()).getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao Sonhário')).toBeInTheDocument();
  });

  it('returns to `from` after signing in', async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const router = renderLogin(signedOut, {
      pathname: '/login',
      state: { from: { pathname: '/app/dreams', search: '' } },
    });
    await fillSignIn(user, account.email, TEST_PASSWORD);
    await user.click(within(loginForm()).getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Dreams page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dreams');
  });
});

describe('signing up', () => {
  it("shows 'Criando conta...', sends names, consent version and the site root, then asks to confirm the e-mail", async () => {
    const user = userEvent.setup();
    // The instance whose sign-ups wait for the e-mail's link.
    api.server.upstream = 'generative';
    const email = `bia@${crypto.randomUUID()}.example.com`;
    renderLogin(signedOut);
    await screen.findByRole('button', { name: 'Google' });
    const form = await openSignUp(user);
    const release = api.server.hold('POST', '/auth/v1/signup');
    await user.type(within(form).getByLabelText('Nome'), 'Bia');
    await user.type(within(form).getByLabelText('Email'), email);
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Criar conta' }));

    const letThrough = await release;
    expect(await within(form).findByRole('button', { name: 'Criando conta...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Google' })).toBeDisabled();
    const request = server.requests.find((r) => r.path === '/auth/v1/signup');
    expect(request?.body).toMatchObject({
      email,
      password: 'segredo123',
      data: { first_name: 'Bia', last_name: '', consent_version: CONSENT_VERSION },
    });
    expect(request?.query.get('redirect_to')).toBe(`${window.location.origin}/`);

    letThrough();
    expect(await screen.findByText('Cadastro realizado!')).toBeInTheDocument();
    expect(screen.getByText('Verifique seu email para confirmar a conta.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(email);
  });

  it("says 'Usuário já cadastrado' for an e-mail that already has an account", async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    const form = await openSignUp(user);
    const account = await createUser();
    await user.type(within(form).getByLabelText('Email'), account.email);
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Criar conta' }));

    const title = await screen.findByText('Usuário já cadastrado');
    expect(
      screen.getByText('Este email já possui uma conta. Faça login ou use a opção de recuperar senha.'),
    ).toBeInTheDocument();
    expect(title.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error');
  });

  it("with e-mail confirmation on, answers an e-mail that already has an account like a new one: 'Verifique seu email'", async () => {
    const user = userEvent.setup();
    const account = await createUser();
    // The instance whose sign-ups wait for the e-mail's link: it does not say whether the address has an account.
    api.server.upstream = 'generative';
    renderLogin(signedOut);
    const form = await openSignUp(user);
    await user.type(within(form).getByLabelText('Email'), account.email);
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Cadastro realizado!')).toBeInTheDocument();
    expect(screen.getByText('Verifique seu email para confirmar a conta.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(account.email);
    expect(screen.queryByText('Usuário já cadastrado')).not.toBeInTheDocument();
  });
});

describe('password recovery request', () => {
  it('sends the link to /redefinir-senha and confirms without saying whether the account exists', async () => {
    const user = userEvent.setup();
    renderLogin(signedOut);
    await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
    const form = screen.getByRole('form', { name: 'Recuperar senha' });
    await user.type(within(form).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByRole('heading', { name: 'Confira seu email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Se houver uma conta com o email ana@example.com');
    const request = server.requests.find((r) => r.path === '/auth/v1/recover');
    expect(request?.body).toMatchObject({ email: 'ana@example.com' });
    expect(request?.query.get('redirect_to')).toBe(`${window.location.origin}/redefinir-senha`);

    await user.click(screen.getByRole('button', { name: 'Voltar ao login' }));
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('session states', () => {
  it('shows a spinner in the card while the session loads, and no form until it has', () => {
    renderLogin(loadingAuth);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    // The card's greeting is there at once (it is what the prerendered page paints first, decision 051).
    expect(screen.getByRole('heading', { name: 'Bem-vindo' })).toBeInTheDocument();
    expect(screen.getByText('Faça login ou crie sua conta para começar')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('keeps the card it drew while loading when the forms arrive: the same elements, not drawn twice', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    const app = (state: AuthState) => (
      <WithAuth state={state}>
        <RouterProvider router={router} />
      </WithAuth>
    );
    const { rerender } = render(app(loadingAuth));
    const greeting = await screen.findByText('Faça login ou crie sua conta para começar');
    const heading = screen.getByRole('heading', { name: 'Bem-vindo' });

    rerender(app(signedOut));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Faça login ou crie sua conta para começar')).toBe(greeting);
    expect(screen.getByRole('heading', { name: 'Bem-vindo' })).toBe(heading);
  });

  it('sends a signed-in user to /app, or to `from`', async () => {
    const router = renderLogin(signedIn());
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a signed-in user to `from` when present', async () => {
    renderLogin(signedIn(), { pathname: '/login', state: { from: { pathname: '/app/dreams', search: '' } } });
    expect(await screen.findByRole('heading', { name: 'Dreams page' })).toBeInTheDocument();
  });
});
