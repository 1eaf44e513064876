import type { Analysis } from '@sonhario/contracts/analyses';
import { CONSENT_TEXT, CONSENT_VERSION, type ConsentsResponse } from '@sonhario/contracts/consents';
import type { DreamListItem } from '@sonhario/contracts/dreams';
import type { Profile } from '@sonhario/contracts/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, applyTheme, storedLocale } from '@/lib/preferences';
import { storedTheme } from '@/lib/theme';
import { renderApp, SESSION_STORAGE_KEY, setupAppWithServer, signInAs } from '@/test/app';
import {
  analyseDream,
  answerConsent,
  createDreams,
  createUser,
  signInWithPassword,
  TEST_PASSWORD,
  type TestUser,
  USER_AGENTS,
  userApi,
} from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/** What the app asked the auth server (supabase-js), by method and path under /auth/v1. */
const authRequests = () => api.server.requests.filter((request) => request.path.startsWith('/auth/v1/'));
const profile = () => userApi(account).get<Profile>('/me/profile');
const consentOf = async (purpose: string) =>
  (await userApi(account).get<ConsentsResponse>('/me/consents')).items.find((consent) => consent.purpose === purpose);
/** Today as the page writes a date ('24 de nov. de 2026'). */
const today = () => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium' }).format(new Date());

afterEach(async () => {
  // Language and theme live on <html> and in i18next, outside what each render cleans up.
  await applyLanguage('pt-BR');
  applyTheme('dark');
  localStorage.clear();
});

/** This device's session says Google (what the page reads to tell how the user signs in). */
function asGoogleUser() {
  const app_metadata = { ...account.session.user.app_metadata, provider: 'google', providers: ['google'] };
  account = { ...account, session: { ...account.session, user: { ...account.session.user, app_metadata } } };
}

async function openSettings() {
  signInAs(account);
  const view = renderApp('/app/settings');
  await screen.findByRole('heading', { level: 1, name: 'Configurações' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('settings /app/settings: password', { timeout: 20_000 }, () => {
  it('sends the current password with the new one and says when it does not match', async () => {
    const user = userEvent.setup();
    await openSettings();
    const form = within(section('Senha')).getByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), 'senha-errada');
    await user.type(within(form).getByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'nova-senha-1');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('A senha atual não confere.');
    const current = within(form).getByLabelText('Senha atual');
    expect(current).toHaveAccessibleDescription('A senha atual não confere.');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    const [update] = api.server.requestsTo('PUT', '/auth/v1/user');
    expect(update?.body).toMatchObject({ password: 'nova-senha-1', current_password: 'senha-errada' });
  });

  it('changes the password and says the other devices were signed out', async () => {
    const user = userEvent.setup();
    await openSettings();
    const form = within(section('Senha')).getByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), TEST_PASSWORD);
    await user.type(within(form).getByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'nova-senha-1');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));

    expect(await screen.findByText('Senha alterada. Os outros dispositivos foram desconectados.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Senha atual')).toHaveValue('');
  });

  it('checks the new password (6–72, typed twice) before calling the server', async () => {
    const user = userEvent.setup();
    await openSettings();
    const form = within(section('Senha')).getByRole('form', { name: 'Alterar senha' });
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(form).findByText('Digite sua senha atual.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Senha atual'), TEST_PASSWORD);
    await user.type(within(form).getByLabelText('Nova senha'), 'curta');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'outra');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(form).findByText('A senha deve ter pelo menos 6 caracteres.')).toBeInTheDocument();
    expect(within(form).getByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(authRequests()).toEqual([]);
  });

  it('has no password form for a Google account without a password', async () => {
    asGoogleUser();
    await openSettings();
    expect(within(section('Senha')).queryByRole('form')).not.toBeInTheDocument();
    expect(within(section('Senha')).getByText(/Você entra com o Google/)).toBeInTheDocument();
  });
});

describe('settings: sessions', { timeout: 20_000 }, () => {
  it('lists the devices in plain words, marks this one, and signs out the others', async () => {
    const user = userEvent.setup();
    // This device signed up from Chrome on Linux; the account is also signed in on a phone.
    await signInWithPassword(account.email, USER_AGENTS.safariIphone);
    await openSettings();
    const sessions = section('Sessões');
    const list = await within(sessions).findByRole('list', { name: 'Dispositivos conectados' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const row = (device: string) => rows.find((item) => within(item).queryByRole('heading', { name: device }))!;
    const chrome = row('Chrome no Linux');
    const phone = row('Safari no iPhone');
    expect(within(chrome).getByText('Este dispositivo')).toBeInTheDocument();
    expect(within(chrome).getByText(new RegExp(`^Entrou em ${today()}`))).toBeInTheDocument();
    expect(within(phone).queryByText('Este dispositivo')).not.toBeInTheDocument();
    expect(within(phone).getByText(new RegExp(`Último uso em ${today()}`))).toBeInTheDocument();

    await user.click(within(sessions).getByRole('button', { name: 'Sair de outros dispositivos' }));
    expect(await screen.findByText('Os outros dispositivos foram desconectados.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(sessions).getByText('Só este dispositivo está conectado.')).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'Sair de outros dispositivos' })).toBeDisabled();
    const [logout] = api.server.requestsTo('POST', '/auth/v1/logout');
    expect(logout?.query.get('scope')).toBe('others');
    // This device stays signed in.
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(api.server.requestsTo('GET', '/me/sessions').length).toBeGreaterThanOrEqual(2);
  });
});

describe('settings: language and theme', { timeout: 20_000 }, () => {
  it("saves the theme with PATCH /me/profile and applies it at once ('Claro', then 'Sistema')", async () => {
    const user = userEvent.setup();
    await openSettings();
    const preferences = section('Idioma e tema');
    const themes = await within(preferences).findByRole('radiogroup', { name: 'Tema' });
    expect(within(themes).getByRole('radio', { name: 'Escuro' })).toBeChecked();
    await user.click(within(themes).getByRole('radio', { name: 'Claro' }));

    await waitFor(async () => expect((await profile()).theme).toBe('light'));
    expect(api.server.requestsTo('PATCH', '/me/profile').map((request) => request.body)).toEqual([{ theme: 'light' }]);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(storedTheme()).toBe('light');
    await waitFor(() => expect(within(themes).getByRole('radio', { name: 'Claro' })).toBeChecked());

    await user.click(within(themes).getByRole('radio', { name: 'Sistema' }));
    await waitFor(async () => expect((await profile()).theme).toBe('system'));
    expect(storedTheme()).toBe('system');
  });

  it('saves the language with PATCH /me/profile and switches the page to it', async () => {
    const user = userEvent.setup();
    await openSettings();
    const languages = await within(section('Idioma e tema')).findByRole('radiogroup', { name: 'Idioma' });
    expect(within(languages).getByRole('radio', { name: 'Português (Brasil)' })).toBeChecked();
    await user.click(within(languages).getByRole('radio', { name: 'English' }));

    await waitFor(async () => expect((await profile()).locale).toBe('en'));
    expect(api.server.requestsTo('PATCH', '/me/profile').map((request) => request.body)).toEqual([{ locale: 'en' }]);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(storedLocale()).toBe('en');
  });

  it('puts the previous theme back when the server refuses the change', async () => {
    const user = userEvent.setup();
    api.server.drop('PATCH', '/me/profile', 'before');
    await openSettings();
    const themes = await within(section('Idioma e tema')).findByRole('radiogroup', { name: 'Tema' });
    await user.click(within(themes).getByRole('radio', { name: 'Claro' }));
    expect(
      await screen.findByText('Não foi possível salvar sua preferência. Verifique sua conexão e tente de novo.'),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    expect(within(themes).getByRole('radio', { name: 'Escuro' })).toBeChecked();
  });
});

describe('settings: privacy (consents)', { timeout: 20_000 }, () => {
  it('with the AI consent withdrawn, erases the past analyses when asked (after a confirmation)', async () => {
    const user = userEvent.setup();
    const [dream] = await createDreams(account, [{ content: 'Sonhei com o mar.' }]);
    await analyseDream(account, dream!.id);
    await analyseDream(account, dream!.id);
    await answerConsent(account, false);
    await openSettings();
    const ai = (
      await within(section('Privacidade')).findByRole('heading', { name: 'Análise de sonhos por IA' })
    ).closest('li')!;

    await user.click(await within(ai).findByRole('button', { name: 'Excluir análises anteriores' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir todas as análises?' });
    expect(api.server.requestsTo('DELETE', '/analyses')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir análises' }));

    expect(await screen.findByText('2 análises excluídas.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('DELETE', '/analyses')).toHaveLength(1);
    expect((await userApi(account).get<{ items: Analysis[] }>(`/dreams/${dream!.id}/analyses`)).items).toEqual([]);
    expect((await userApi(account).get<{ items: DreamListItem[] }>('/dreams')).items).toHaveLength(1);
  });

  it('withdraws the AI consent, says new analyses are off, and gives it again', async () => {
    const user = userEvent.setup();
    await openSettings();
    const privacy = section('Privacidade');
    const ai = (await within(privacy).findByRole('heading', { name: 'Análise de sonhos por IA' })).closest('li')!;
    expect(within(ai).getByText('Ativo')).toBeInTheDocument();
    expect(within(ai).getByText(CONSENT_TEXT)).toBeInTheDocument();
    expect(within(ai).getByText(CONSENT_VERSION)).toBeInTheDocument();
    expect(within(ai).getByText(new RegExp(`^Concedido em ${today()}`))).toBeInTheDocument();

    await user.click(within(ai).getByRole('button', { name: 'Retirar consentimento' }));
    expect(await within(ai).findByText('Retirado')).toBeInTheDocument();
    expect(within(ai).getByRole('status')).toHaveTextContent(/^Novas análises estão desativadas/);
    expect(within(ai).getByRole('status')).toHaveTextContent(
      'As análises já feitas continuam guardadas até você excluí-las',
    );
    expect(within(ai).getByText(/^Retirado em /)).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')[0]!.body).toEqual({
      purposes: ['ai_analysis'],
      isGranted: false,
      textVersion: CONSENT_VERSION,
      source: 'settings',
    });
    expect((await consentOf('data_processing'))?.status).toBe('granted');

    await user.click(within(ai).getByRole('button', { name: 'Consentir novamente' }));
    expect(await within(ai).findByText('Ativo')).toBeInTheDocument();
    expect(within(ai).queryByText(/Novas análises estão desativadas/)).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')[1]!.body).toMatchObject({
      purposes: ['ai_analysis'],
      isGranted: true,
      source: 'settings',
    });
    expect((await consentOf('ai_analysis'))?.status).toBe('granted');
  });
});
