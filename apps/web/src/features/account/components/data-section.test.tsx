import { DELETE_ACCOUNT_CONFIRMATION, type ExportFile } from '@sonhario/contracts/account';
import type { DreamListItem } from '@sonhario/contracts/dreams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, SESSION_STORAGE_KEY, setupAppWithServer, signInAs } from '@/test/app';
import {
  createDreams,
  createUser,
  serverRequest,
  TEST_PASSWORD,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
/** Whether the server still knows the account (its session answers). */
const isAccountAlive = async () =>
  (await serverRequest({ method: 'GET', url: '/api/v1/me/profile', headers: account.headers })).status === 200;

/** What the page handed to the browser as downloads (jsdom has neither blob URLs nor downloads). */
let downloads: { fileName: string; blob: Blob }[] = [];

const { createObjectURL, revokeObjectURL } = URL;

beforeEach(async () => {
  account = await createUser();
  downloads = [];
  const blobs = new Map<string, Blob>();
  let count = 0;
  URL.createObjectURL = (blob: Blob) => {
    count += 1;
    const url = `blob:test/${count}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) downloads.push({ fileName: this.download, blob });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

async function openSettings() {
  signInAs(account);
  const view = renderApp('/app/settings');
  await screen.findByRole('heading', { level: 1, name: 'Configurações' });
  return view;
}

const dataSection = () => screen.getByRole('region', { name: 'Seus dados' });
const today = () => new Date().toISOString().slice(0, 10);

describe('settings: your data (export and import)', { timeout: 20_000 }, () => {
  it("'Exportar meus dados' downloads GET /me/export?format=json under the server's file name", async () => {
    const user = userEvent.setup();
    await createDreams(account, [{ content: 'Eu voava sobre o mar.' }]);
    await openSettings();
    await user.click(within(dataSection()).getByRole('button', { name: 'Exportar meus dados' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const [request] = api.server.requestsTo('GET', '/me/export');
    expect(request!.query.get('format')).toBe('json');
    expect(request!.headers.authorization).toBe(`Bearer ${account.session.access_token}`);
    expect(downloads[0]!.fileName).toBe(`sonhario-export-${today()}.json`);
    const file = JSON.parse(await downloads[0]!.blob.text()) as ExportFile;
    expect(file.dreams.map((dream) => dream.content)).toEqual(['Eu voava sobre o mar.']);
    expect(await screen.findByText('Download iniciado')).toBeInTheDocument();
  });

  it("'Baixar como documento' downloads the HTML export", async () => {
    const user = userEvent.setup();
    await openSettings();
    await user.click(within(dataSection()).getByRole('button', { name: 'Baixar como documento' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.server.requestsTo('GET', '/me/export')[0]!.query.get('format')).toBe('html');
    expect(downloads[0]!.fileName).toBe(`sonhario-export-${today()}.html`);
    expect(await downloads[0]!.blob.text()).toMatch(/^<!doctype html>/i);
  });

  it('says so when the export fails, and downloads nothing', async () => {
    const user = userEvent.setup();
    api.server.drop('GET', '/me/export', 'before');
    await openSettings();
    await user.click(within(dataSection()).getByRole('button', { name: 'Exportar meus dados' }));
    expect(await screen.findByText('Não foi possível exportar seus dados')).toBeInTheDocument();
    expect(screen.getByText('Sem conexão com o servidor. Verifique sua internet e tente de novo.')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('imports an export file and says how many dreams came in and how many were already there', async () => {
    const user = userEvent.setup();
    const [kept] = await createDreams(account, [{ content: 'Já está no diário.' }]);
    const file = await userApi(account).get<ExportFile>('/me/export?format=json');
    const copy = (id: string, content: string) => ({ ...file.dreams[0]!, id, content, title: content });
    file.dreams.push(
      copy('0e000000-0000-4000-8000-00000000000a', 'Um trem.'),
      copy('0e000000-0000-4000-8000-00000000000b', 'Uma casa antiga.'),
    );
    await openSettings();

    const input = within(dataSection()).getByLabelText('Importar sonhos de um arquivo .json');
    expect(input).toHaveAttribute('accept', '.json,application/json');
    await user.upload(input, new File([JSON.stringify(file)], 'sonhario-export.json', { type: 'application/json' }));

    expect(await screen.findByText('2 sonhos importados, 1 já existia')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/import')[0]!.body).toMatchObject({
      schemaVersion: 1,
      dreams: expect.any(Array),
    });
    const { items } = await userApi(account).get<{ items: DreamListItem[] }>('/dreams');
    expect(items.map((dream) => dream.title).sort()).toEqual(['Já está no diário.', 'Um trem.', 'Uma casa antiga.']);
    expect(items.map((dream) => dream.id)).toContain(kept!.id);
  });

  it('refuses a file that is not JSON before sending it', async () => {
    const user = userEvent.setup();
    await openSettings();
    const input = within(dataSection()).getByLabelText('Importar sonhos de um arquivo .json');
    await user.upload(input, new File(['não é json'], 'notas.json', { type: 'application/json' }));
    expect(await screen.findByText('Não foi possível importar o arquivo')).toBeInTheDocument();
    expect(
      screen.getByText('O arquivo não é um JSON válido. Envie o arquivo .json baixado em “Exportar meus dados”.'),
    ).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/import')).toEqual([]);
  });
});

describe('settings: deleting the account', { timeout: 20_000 }, () => {
  async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>) {
    const zone = screen.getByRole('region', { name: 'Zona de perigo' });
    await user.click(within(zone).getByRole('button', { name: 'Excluir conta' }));
    return screen.findByRole('alertdialog', { name: 'Excluir sua conta?' });
  }

  it('needs the password and the exact words, then deletes, signs out here and goes home', async () => {
    const user = userEvent.setup();
    const { router } = await openSettings();
    const dialog = await openDeleteDialog(user);
    const confirm = within(dialog).getByRole('button', { name: 'Excluir minha conta' });
    expect(confirm).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Sua senha'), 'senha-errada');
    const words = within(dialog).getByLabelText(`Para confirmar, digite ${DELETE_ACCOUNT_CONFIRMATION}`);
    await user.type(words, DELETE_ACCOUNT_CONFIRMATION.toLowerCase());
    expect(confirm).toBeDisabled();
    await user.clear(words);
    await user.type(words, DELETE_ACCOUNT_CONFIRMATION);
    expect(confirm).toBeEnabled();

    // A wrong password: said beside the field, and nothing is deleted.
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Senha incorreta.');
    expect(within(dialog).getByLabelText('Sua senha')).toHaveAccessibleDescription('Senha incorreta.');
    expect(await isAccountAlive()).toBe(true);

    await user.clear(within(dialog).getByLabelText('Sua senha'));
    await user.type(within(dialog).getByLabelText('Sua senha'), TEST_PASSWORD);
    await user.click(confirm);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Sua conta foi excluída.')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/delete').map((request) => request.body)).toEqual([
      { password: 'senha-errada', confirmation: DELETE_ACCOUNT_CONFIRMATION },
      { password: TEST_PASSWORD, confirmation: DELETE_ACCOUNT_CONFIRMATION },
    ]);
    expect(await isAccountAlive()).toBe(false);
    const [logout] = api.server.requestsTo('POST', '/auth/v1/logout');
    expect(logout?.query.get('scope')).toBe('local');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  // The test server has no Google sign-in, so no password-less account: this device's session says Google (what
  // the dialog reads to leave the password out), and the real server, which holds a password for the account,
  // refuses the deletion without it. The refusal is shown in the dialog, and nothing is deleted.
  it('asks a Google user for no password, and keeps the account when the server refuses the deletion', async () => {
    const user = userEvent.setup();
    const google = { ...account.session.user.app_metadata, provider: 'google', providers: ['google'] };
    account = { ...account, session: { ...account.session, user: { ...account.session.user, app_metadata: google } } };
    await openSettings();
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).queryByLabelText('Sua senha')).not.toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText(`Para confirmar, digite ${DELETE_ACCOUNT_CONFIRMATION}`),
      DELETE_ACCOUNT_CONFIRMATION,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir minha conta' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Digite sua senha.');
    expect(api.server.requestsTo('POST', '/me/delete')[0]!.body).toEqual({ confirmation: DELETE_ACCOUNT_CONFIRMATION });
    expect(await isAccountAlive()).toBe(true);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('closes with Cancelar and forgets what was typed', async () => {
    const user = userEvent.setup();
    await openSettings();
    let dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText('Sua senha'), 'algo');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    dialog = await openDeleteDialog(user);
    expect(within(dialog).getByLabelText('Sua senha')).toHaveValue('');
    expect(api.server.requestsTo('POST', '/me/delete')).toEqual([]);
  });
});
