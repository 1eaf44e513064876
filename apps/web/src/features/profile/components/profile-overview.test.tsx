import type { Profile } from '@sonhario/contracts/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser, setPlan, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/** What the app asked the auth server (supabase-js), by method and path under /auth/v1. */
const authRequests = (method?: string) =>
  api.server.requests.filter(
    (request) => request.path.startsWith('/auth/v1/') && (!method || request.method === method),
  );

async function openProfile() {
  signInAs(account);
  const view = renderApp('/app/profile');
  await screen.findByRole('heading', { level: 1, name: 'Perfil' });
  await screen.findByRole('region', { name: 'Resumo da conta' });
  return view;
}

describe('profile /app/profile', { timeout: 20_000 }, () => {
  it('shows the avatar initials, name, e-mail, member-since date and plan with a link to credits', async () => {
    await setPlan(account, 'lucid');
    const profile = await userApi(account).patch<Profile>('/me/profile', { timeZone: 'America/Sao_Paulo' });
    const since = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'full', timeZone: 'America/Sao_Paulo' }).format(
      new Date(profile.createdAt),
    );
    await openProfile();
    const summary = screen.getByRole('region', { name: 'Resumo da conta' });
    expect(within(summary).getByTestId('profile-avatar')).toHaveTextContent(/^AL$/);
    expect(within(summary).getByText('Ana')).toBeInTheDocument();
    expect(within(summary).getByText(account.email)).toBeInTheDocument();
    expect(within(summary).getByText(`Membro desde ${since}`)).toBeInTheDocument();
    expect(within(summary).getByText('Plano Lucid')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Créditos e planos' })).toHaveAttribute('href', '/app/credits');
  });

  it('changes the name: the header initials and the dashboard greeting follow at once', async () => {
    const user = userEvent.setup();
    const { router } = await openProfile();
    // The account menu is its own lazy chunk.
    expect(await screen.findByRole('button', { name: 'AL — Menu da conta de Ana' })).toHaveTextContent(/^AL$/);

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

    expect(await screen.findByRole('button', { name: 'BS — Menu da conta de Beatriz' })).toHaveTextContent(/^BS$/);
    expect(
      within(screen.getByRole('region', { name: 'Resumo da conta' })).getByTestId('profile-avatar'),
    ).toHaveTextContent(/^BS$/);
    expect(await screen.findByText('Nome atualizado.')).toBeInTheDocument();
    const [update] = api.server.requestsTo('PUT', '/auth/v1/user');
    expect(update?.body).toMatchObject({ data: { first_name: 'Beatriz', last_name: 'Souza' } });

    await user.click(screen.getByRole('link', { name: 'Painel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Beatriz! 👋' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
    // Nothing was reloaded: the new name came with the USER_UPDATED event.
    expect(authRequests('GET')).toEqual([]);
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
    expect(authRequests()).toEqual([]);
  });

  it('asks for a new e-mail by confirmation: the link goes to the new address, the account keeps the current one', async () => {
    const user = userEvent.setup();
    const newEmail = account.email.replace('ana.lima@', 'ana.nova@');
    await openProfile();
    const form = screen.getByRole('form', { name: 'Alterar e-mail' });
    await user.type(within(form).getByLabelText('Novo e-mail'), newEmail);
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));

    expect(
      await screen.findByText(
        `Enviamos um link de confirmação para o novo e-mail (${newEmail}). O endereço da sua conta só muda depois que você abrir o link.`,
      ),
    ).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'E-mail' });
    expect(within(region).getByText(account.email)).toBeInTheDocument();
    const [update] = api.server.requestsTo('PUT', '/auth/v1/user');
    expect(update?.body).toMatchObject({ email: newEmail });
    expect(update?.query.get('redirect_to')).toBe(`${window.location.origin}/app/profile`);
  });

  it('says when the new e-mail is the current one or taken by another account', async () => {
    const user = userEvent.setup();
    const bia = await createUser({ emailName: 'bia', firstName: 'Bia' });
    await openProfile();
    const form = screen.getByRole('form', { name: 'Alterar e-mail' });
    const field = within(form).getByLabelText('Novo e-mail');
    await user.type(field, account.email.toUpperCase());
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(form).findByText('Este já é o e-mail da sua conta.')).toBeInTheDocument();
    expect(authRequests()).toEqual([]);

    await user.clear(field);
    await user.type(field, bia.email);
    await user.click(within(form).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Já existe uma conta com este e-mail.');
  });

  it('finds a time zone by city without accents and saves it with PATCH /me/profile', async () => {
    const user = userEvent.setup();
    await userApi(account).patch('/me/profile', { timeZone: 'America/Sao_Paulo' });
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
    expect((await userApi(account).get<Profile>('/me/profile')).timeZone).toBe('Asia/Tokyo');
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
