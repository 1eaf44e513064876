import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DreamListItem } from '@sonhario/contracts/dreams';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const storedDreams = async () => (await userApi(account).get<{ items: DreamListItem[] }>('/dreams')).items;

async function openForm() {
  signInAs(account);
  const view = renderApp(['/app', '/app/dreams/new']);
  const form = await screen.findByRole('form', { name: 'Novo sonho' });
  const content = within(form).getByLabelText('O que você sonhou?');
  await waitFor(() => expect(content).toHaveFocus());
  return { ...view, form, content };
}

/** The device: whether a mouse or trackpad is its main pointer (jsdom has no matchMedia of its own). */
function stubPointer(isFine: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: media === '(pointer: fine)' && isFine,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('saving the dream form from the keyboard', () => {
  it('Ctrl+Enter in the text saves the dream (no line break added) and opens its page', async () => {
    const user = userEvent.setup();
    const release = api.server.hold('POST', '/dreams');
    const { content, router } = await openForm();
    await user.type(content, 'Um trem atravessava o deserto à noite.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('button', { name: 'Salvando...' });
    expect(content).toHaveValue('Um trem atravessava o deserto à noite.');
    (await release)();
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    const [stored] = await storedDreams();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/dreams/${stored!.id}`));
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(1);
    expect(api.server.requestsTo('POST', '/dreams')[0]!.body).toMatchObject({
      content: 'Um trem atravessava o deserto à noite.',
    });
  });

  it('⌘+Enter saves from another field of the form (the title)', async () => {
    const user = userEvent.setup();
    const { form, content } = await openForm();
    await user.type(content, 'Uma biblioteca sem paredes.');
    await user.type(within(form).getByLabelText(/^Título/), 'A biblioteca');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(await screen.findByRole('heading', { level: 1, name: 'A biblioteca' })).toBeInTheDocument();
    expect(await storedDreams()).toHaveLength(1);
  });

  it('validates as the button does: nothing written, nothing sent, the text field says why', async () => {
    const user = userEvent.setup();
    const { form, content } = await openForm();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(form).findByText('Escreva o seu sonho')).toBeInTheDocument();
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content).toHaveFocus();
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(0);
  });

  it('sends once while a save is under way', async () => {
    const user = userEvent.setup();
    const release = api.server.hold('POST', '/dreams');
    const { form, content } = await openForm();
    await user.type(content, 'Um corredor com portas azuis.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await within(form).findByRole('button', { name: 'Salvando...' });
    await user.keyboard('{Control>}{Enter}{/Control}');
    (await release)();
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(1);
    expect(await storedDreams()).toHaveLength(1);
  });

  it('Ctrl+Enter saves the edit form too', async () => {
    const user = userEvent.setup();
    const [dream] = await createDreams(account, [{ title: 'O rio', content: 'Um rio calmo.' }]);
    signInAs(account);
    const { router } = renderApp(['/app', `/app/dreams/${dream!.id}/edit`]);
    const form = await screen.findByRole('form', { name: 'Editar sonho' });
    await user.click(within(form).getByLabelText('O que você sonhou?'));
    await user.keyboard(' Depois, uma ponte.{Control>}{Enter}{/Control}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/dreams/${dream!.id}`));
    expect((await storedDreams())[0]!.excerpt).toContain('Depois, uma ponte.');
  });
});

describe('the dream form from the keyboard', () => {
  it('goes from the text to the title, Mais detalhes and Salvar sonho; the date is before the text', async () => {
    const user = userEvent.setup();
    const { form, content } = await openForm();
    await user.tab();
    expect(within(form).getByLabelText(/^Título/)).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: /Mais detalhes/ })).toHaveFocus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Salvar sonho' })).toHaveFocus();
    await user.click(content);
    await user.tab({ shift: true });
    expect(within(form).getByLabelText('Data do sonho')).toHaveFocus();
  });

  it('names Ctrl+Enter beside the button where a mouse is the pointer, and the button says it too', async () => {
    stubPointer(true);
    const { form } = await openForm();
    expect(within(form).getByTestId('save-shortcut')).toHaveTextContent('Ctrl+Enter para salvar');
    expect(within(form).getByRole('button', { name: 'Salvar sonho' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+Enter Meta+Enter',
    );
  });

  it('names ⌘+Enter on a Mac', async () => {
    stubPointer(true);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    );
    const { form } = await openForm();
    expect(within(form).getByTestId('save-shortcut')).toHaveTextContent('⌘+Enter para salvar');
  });

  it('shows no keyboard hint on a touch device', async () => {
    stubPointer(false);
    const { form } = await openForm();
    expect(within(form).queryByTestId('save-shortcut')).not.toBeInTheDocument();
    expect(within(form).queryByText(/para salvar/)).not.toBeInTheDocument();
  });
});
