import type { User } from '@supabase/supabase-js';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, signInAs, useAppWithApiServer } from '@/test/app-fake';
import { makeUser } from '@/test/auth';
import { useAuthTestServer } from '@/test/auth-server';

// Each screen is a lazy route over real HTTP: on a busy machine an answer may take more than the default second.
configure({ asyncUtilTimeout: 5_000 });

const api = useAppWithApiServer();
const auth = useAuthTestServer();

beforeAll(() => {
  // Registered last, so it runs last: supabase-js talks to the GoTrue-speaking server, the app's client to the API one.
  const meta = document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]')!;
  meta.content = JSON.stringify({
    supabaseUrl: auth.url,
    supabaseAnonKey: 'test-anon-key',
    productName: 'Sonhário',
    apiUrl: api.server.url,
  });
});

/** PUT /user as GoTrue answers it: metadata merged, a new e-mail kept aside (new_email) until its link is opened. */
function answerUserUpdates(initial: User) {
  let user = initial;
  auth.on('PUT', '/user', ({ body }) => {
    if (body.data) user = { ...user, user_metadata: { ...user.user_metadata, ...body.data } };
    if (typeof body.email === 'string') user = { ...user, new_email: body.email };
    return { status: 200, body: user };
  });
}

async function openProfile(user = makeUser()) {
  signInAs(user);
  const view = renderApp('/app/profile');
  await screen.findByRole('heading', { level: 1, name: 'Perfil' });
  await screen.findByRole('region', { name: 'Resumo da conta' });
  return view;
}

describe('profile /app/profile', { timeout: 20_000 }, () => {
  it('shows the avatar initials, name, e-mail, member-since date and plan with a link to credits', async () => {
    api.server.profile = {
      ...api.server.profile,
      plan: 'lucid',
      createdAt: '2026-01-15T12:00:00.000Z',
      timeZone: 'America/Sao_Paulo',
    };
    await openProfile();
    const summary = screen.getByRole('region', { name: 'Resumo da conta' });
    expect(within(summary).getByTestId('profile-avatar')).toHaveTextContent(/^AL$/);
    expect(within(summary).getByText('Ana')).toBeInTheDocument();
    expect(within(summary).getByText('ana.lima@example.com')).toBeInTheDocument();
    expect(within(summary).getByText('Membro desde quinta-feira, 15 de janeiro de 2026')).toBeInTheDocument();
    expect(within(summary).getByText('Plano Lucid')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Créditos e planos' })).toHaveAttribute('href', '/app/credits');
  });

  it('changes the name: the header initials and the dashboard greeting follow at once', async () => {
    const user = userEvent.setup();
    const ana = makeUser();
    answerUserUpdates(ana);
    const { router } = await openProfile(ana);
    // The account menu is its own lazy chunk.
    expect(await screen.findByRole('button', { name: 'Menu da conta de Ana' })).toHaveTextContent(/^AL$/);

    const form = screen.getByRole('form', { name: 'Nome' });
    const firstName = within(form).getByLabelText('Nome');
    expect(firstName).toHaveValue('Ana');
    await user.clear(firstName);
    await user.type(firstName, 'Beatriz');
    await user.clear(within(form).getByLabelText('Sobrenome'));
    await user.type(within(form).getByLabelText('Sobrenome'), 'Souza');
    // The avatar preview follows the typing, before anything is saved.
    expect(within(form).getByTestId('name-preview')).toHaveTextContent('Beatriz');
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }));

    expect(await screen.findByRole('button', { name: 'Menu da conta de Beatriz' })).toHaveTextContent(/^BS$/);
    expect(
      within(screen.getByRole('region', { name: 'Resumo da conta' })).getByTestId('profile-avatar'),
    ).toHaveTextContent(/^BS$/);
    expect(await screen.findByText('Nome atualizado.')).toBeInTheDocument();
    const update = auth.requests.find((request) => request.method === 'PUT' && request.path === '/user');
    expect(update?.body).toMatchObject({ data: { first_name: 'Beatriz', last_name: 'Souza' } });

    await user.click(screen.getByRole('link', { name: 'Painel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Beatriz! 👋' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    // Nothing was reloaded: the new name came with the USER_UPDATED event.
    expect(auth.requests.filter((request) => request.method === 'GET')).toEqual([]);
  });

  it('refuses a name longer than the limit, in pt-BR, without calling the server', async () => {
    const user = userEvent.setup();
    await openProfile();
    const form = screen.getByRole('form', { name: 'Nome' });
    const lastName = within(form).getByLabelText('Sobrenome');
    lastName.removeAttribute('maxLength');
    await user.clear(lastName);
    await user.paste('x'.repeat(101));
    await user.click(within(form).getByRole('button', { name: 'Salvar nome' }));
    expect(await within(form).findByText('Use no máximo 100 caracteres.')).toBeInTheDocument();
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(auth.requests).toEqual([]);
  });

  it('asks for a new e-mail by confirmation: the link goes to the new address, the account keeps the current one', async () => {
    const user = userEvent.setup();
    answerUserUpdates(makeUser());
    await openProfile();
    const form = screen.getByRole('form', { name: 'Alterar e-mail' });
    await user.type(within(form).getByLabelText('Novo e-mail'), 'ana.nova@example.com');
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));

    expect(
      await screen.findByText(
        'Enviamos um link de confirmação para o novo e-mail (ana.nova@example.com). O endereço da sua conta só muda depois que você abrir o link.',
      ),
    ).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'E-mail' });
    expect(within(region).getByText('ana.lima@example.com')).toBeInTheDocument();
    const update = auth.requests.find((request) => request.method === 'PUT' && request.path === '/user');
    expect(update?.body).toMatchObject({ email: 'ana.nova@example.com' });
    expect(update?.query.get('redirect_to')).toBe(`${window.location.origin}/app/profile`);
  });

  it('says when the new e-mail is the current one or taken by another account', async () => {
    const user = userEvent.setup();
    auth.on('PUT', '/user', () => ({
      status: 422,
      body: { code: 'email_exists', message: 'A user with this email address has already been registered' },
    }));
    await openProfile();
    const form = screen.getByRole('form', { name: 'Alterar e-mail' });
    const field = within(form).getByLabelText('Novo e-mail');
    await user.type(field, 'ANA.LIMA@example.com');
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(form).findByText('Este já é o e-mail da sua conta.')).toBeInTheDocument();
    expect(auth.requests).toEqual([]);

    await user.clear(field);
    await user.type(field, 'bia@example.com');
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Já existe uma conta com este e-mail.');
  });

  it('finds a time zone by city without accents and saves it with PATCH /me/profile', async () => {
    const user = userEvent.setup();
    api.server.profile = { ...api.server.profile, timeZone: 'America/Sao_Paulo', isTimeZoneSet: true };
    await openProfile();
    const region = screen.getByRole('region', { name: 'Fuso horário' });
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;

    // Before any search: this device's zone first (the suggestion), then the saved one, which is selected.
    const suggestions = within(region).getAllByRole('radio');
    expect(suggestions[0]).toHaveAttribute('value', detected);
    expect(suggestions[0]!.closest('label')).toHaveTextContent('Detectado neste dispositivo');
    expect(within(region).getByRole('radio', { name: /America\/Sao_Paulo/ })).toBeChecked();
    expect(within(region).getByRole('button', { name: 'Salvar fuso horário' })).toBeDisabled();

    const search = within(region).getByRole('searchbox', { name: 'Buscar fuso horário' });
    await user.type(search, 'são paulo');
    expect(within(region).getByRole('radio', { name: /America\/Sao_Paulo/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'tokyo');
    expect(within(region).getByText('1 fuso encontrado.')).toBeInTheDocument();
    await user.click(within(region).getByRole('radio', { name: /Asia\/Tokyo · GMT\+09:00/ }));
    expect(within(region).getByTestId('selected-time-zone')).toHaveTextContent('Tokyo (Asia/Tokyo · GMT+09:00)');
    await user.click(within(region).getByRole('button', { name: 'Salvar fuso horário' }));

    expect(await screen.findByText('Fuso horário salvo.')).toBeInTheDocument();
    expect(api.server.requestsTo('PATCH', '/me/profile').map((request) => request.body)).toEqual([
      { timeZone: 'Asia/Tokyo' },
    ]);
    expect(api.server.profile.timeZone).toBe('Asia/Tokyo');
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Salvar fuso horário' })).toBeDisabled());
  });

  it('finds zones by their offset and says when nothing matches', async () => {
    const user = userEvent.setup();
    await openProfile();
    const region = screen.getByRole('region', { name: 'Fuso horário' });
    const search = within(region).getByRole('searchbox', { name: 'Buscar fuso horário' });
    await user.type(search, 'gmt+9 tokyo');
    expect(
      within(region)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Asia/Tokyo']);
    await user.clear(search);
    await user.type(search, 'atlântida');
    expect(within(region).getByText('Nenhum fuso encontrado para “atlântida”.')).toBeInTheDocument();
    expect(within(region).queryAllByRole('radio')).toEqual([]);
  });
});
