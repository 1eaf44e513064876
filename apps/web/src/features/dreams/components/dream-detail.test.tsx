import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dream } from '@sonhario/contracts/dreams';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, serverRequest, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  account = await createUser();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

async function seedDream() {
  const [dream] = await createDreams(account, [
    {
      title: 'Voando sobre o mar',
      content: 'Eu estava voando sobre o mar.\nO vento era morno.',
      notes: 'Acordei leve.',
      dreamtOn: '2026-03-13',
      mood: 4,
      emotions: ['alegria', 'paz'],
      tags: ['mar', 'voo'],
      lucidity: 3,
      vividness: 5,
      sleepQuality: 2,
      isRecurring: true,
    },
  ]);
  return dream!;
}

/** How the server answers GET /dreams/:id now (404 once deleted). */
const statusOf = async (id: string) =>
  (await serverRequest({ method: 'GET', url: `/api/v1/dreams/${id}`, headers: account.headers })).status;

function openDream(id: string, history: string[] = ['/app/dreams']) {
  signInAs(account);
  return renderApp([...history, `/app/dreams/${id}`]);
}

describe('a dream (/app/dreams/:id)', () => {
  it('shows the whole dream with every detail', async () => {
    const dream = await seedDream();
    openDream(dream.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Voando sobre o mar' })).toBeInTheDocument();
    expect(screen.getByText('Noite de sexta-feira, 13 de março de 2026')).toBeInTheDocument();
    expect(screen.getByText(/Eu estava voando sobre o mar\.\s+O vento era morno\./)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Detalhes' });
    const valueOf = (term: string) => within(details).getByText(term).nextElementSibling;
    expect(valueOf('Humor ao acordar')).toHaveTextContent('Bem');
    expect(valueOf('Lucidez')).toHaveTextContent('Controle total');
    expect(valueOf('Vividez')).toHaveTextContent('Muito nítido');
    expect(valueOf('Qualidade do sono')).toHaveTextContent('Ruim');
    expect(valueOf('Emoções')).toHaveTextContent('AlegriaPaz');
    expect(within(details).getByRole('link', { name: '#mar' })).toHaveAttribute('href', '/app/dreams?tag=mar');
    expect(valueOf('Notas')).toHaveTextContent('Acordei leve.');
    expect(screen.getByText('Lúcido')).toBeInTheDocument();
    expect(screen.getByText('Recorrente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', `/app/dreams/${dream.id}/edit`);
  });

  it("shows no 'Detalhes' box for a dream with only its title and text, and 'Adicionar detalhes' opens them in the form", async () => {
    const user = userEvent.setup();
    // Lucidity 0 ('Nenhuma') is the form's default: not a detail the user gave.
    const [dream] = await createDreams(account, [
      {
        title: 'A casa e o mar',
        content: 'Uma casa antiga.\nA água subia devagar.',
        dreamtOn: '2026-03-13',
        lucidity: 0,
      },
    ]);
    const { router } = openDream(dream!.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'A casa e o mar' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Detalhes' })).not.toBeInTheDocument();
    for (const term of ['Humor ao acordar', 'Lucidez', 'Vividez', 'Qualidade do sono', 'Emoções', 'Etiquetas', 'Notas'])
      expect(screen.queryByText(term)).not.toBeInTheDocument();
    expect(screen.queryByText('Não informado')).not.toBeInTheDocument();
    expect(screen.getByText(/^Registrado em /)).toBeInTheDocument();

    const addDetails = screen.getByRole('link', { name: 'Adicionar detalhes' });
    expect(addDetails).toHaveAttribute('href', `/app/dreams/${dream!.id}/edit`);
    await user.click(addDetails);
    const form = await screen.findByRole('form', { name: 'Editar sonho' });
    expect(router.state.location.pathname).toBe(`/app/dreams/${dream!.id}/edit`);
    // The details open at once (with none filled in, the plain 'Editar' keeps them folded).
    expect(within(form).getByRole('button', { name: /Mais detalhes/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(form).getByRole('button', { name: 'Paz' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows only the details given, without rows for the others', async () => {
    const [dream] = await createDreams(account, [
      {
        title: 'No trem',
        content: 'Um trem que não parava.',
        dreamtOn: '2026-03-13',
        mood: 2,
        tags: ['trem'],
        lucidity: 0,
      },
    ]);
    openDream(dream!.id);
    const details = await screen.findByRole('region', { name: 'Detalhes' });
    expect(Array.from(details.querySelectorAll('dt'), (term) => term.textContent)).toEqual([
      'Humor ao acordar',
      'Etiquetas',
    ]);
    const valueOf = (term: string) => within(details).getByText(term).nextElementSibling;
    expect(valueOf('Humor ao acordar')).toHaveTextContent(/^Mal$/);
    expect(within(details).getByRole('link', { name: '#trem' })).toHaveAttribute('href', '/app/dreams?tag=trem');
    expect(screen.queryByText('Não informado')).not.toBeInTheDocument();
    // There are details already: the way to change them is 'Editar'.
    expect(screen.queryByRole('link', { name: 'Adicionar detalhes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Lúcido')).not.toBeInTheDocument();
  });

  it("shows the notes alone when they are the only detail, and lucidity from 'Leve' up", async () => {
    const [dream] = await createDreams(account, [
      { title: 'Notas', content: 'Só isto.', dreamtOn: '2026-03-13', notes: 'Acordei às 4h.', lucidity: 1 },
    ]);
    openDream(dream!.id);
    const details = await screen.findByRole('region', { name: 'Detalhes' });
    expect(Array.from(details.querySelectorAll('dt'), (term) => term.textContent)).toEqual(['Lucidez', 'Notas']);
    expect(within(details).getByText('Lucidez').nextElementSibling).toHaveTextContent('Leve');
    expect(within(details).getByText('Notas').nextElementSibling).toHaveTextContent('Acordei às 4h.');
  });

  it("asks before deleting; 'Cancelar' keeps the dream", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    openDream(dream.id);
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Excluir este sonho?' });
    expect(within(dialog).getByText('“Voando sobre o mar”')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('DELETE', '/dreams/:id')).toHaveLength(0);
  });

  it("deletes, goes back to the journal with 'Sonho excluído', and 'Desfazer' brings the dream back everywhere", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    await createDreams(account, [{ title: 'Outro sonho', content: 'Outro.', dreamtOn: '2026-03-01' }]);
    const { router } = openDream(dream.id);
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Sonho excluído')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dreams'));
    const list = await screen.findByRole('list', { name: 'Sonhos' });
    await waitFor(() => expect(within(list).queryByText('Voando sobre o mar')).not.toBeInTheDocument());
    expect(within(list).getByText('Outro sonho')).toBeInTheDocument();
    expect(await statusOf(dream.id)).toBe(404);

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Sonho restaurado')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/dreams/:id/restore')).toHaveLength(1);
    await waitFor(() => expect(within(list).getByText('Voando sobre o mar')).toBeInTheDocument());
    expect(await statusOf(dream.id)).toBe(200);
  });

  it('keeps the dialog open and says so when the delete fails', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    api.server.drop('DELETE', '/dreams/:id', 'before');
    const { router } = openDream(dream.id);
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir o sonho')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${dream.id}`);
  });

  it.each([
    ['an unknown id', '4f1c3f5e-1d1b-4b6e-9a7e-2f4c8d1e0a99'],
    ['a malformed id', 'nao-e-um-id'],
  ])('shows the 404 page inside the app for %s', async (_case, id) => {
    openDream(id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost in the Dream Realm' })).toBeInTheDocument();
    // Inside the app layout: its header and navigation stay.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sonhos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      `/app/dreams/${id}`,
    );
    expect(api.server.requestsTo('GET', '/dreams/:id')).toHaveLength(1);
  });
});

describe('editing a dream (/app/dreams/:id/edit)', () => {
  it('prefills the same form and sends only what changed, with the version', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    const { router } = openDream(dream.id);
    await user.click(await screen.findByRole('link', { name: 'Editar' }));
    const form = await screen.findByRole('form', { name: 'Editar sonho' });
    expect(within(form).getByLabelText('O que você sonhou?')).toHaveValue(dream.content);
    expect(within(form).getByLabelText(/^Título/)).toHaveValue('Voando sobre o mar');
    // Details are filled in, so they show.
    expect(within(form).getByRole('button', { name: /Mais detalhes/ })).toHaveAttribute('aria-expanded', 'true');
    expect(within(form).getByRole('button', { name: 'Paz' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByRole('switch', { name: 'Recorrente' })).toBeChecked();

    const title = within(form).getByLabelText(/^Título/);
    await user.clear(title);
    await user.type(title, 'Voo sobre o oceano');
    await user.click(within(form).getByRole('button', { name: 'Medo' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Sonho atualizado')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Voo sobre o oceano' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${dream.id}`);
    expect(api.server.requestsTo('PATCH', '/dreams/:id')[0]!.body).toEqual({
      version: 1,
      title: 'Voo sobre o oceano',
      emotions: ['alegria', 'medo', 'paz'],
    });
  });

  it('never overwrites a dream changed elsewhere: it explains, and Recarregar shows the latest version', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    await openDream(dream.id, [`/app/dreams/${dream.id}`]).router.navigate(`/app/dreams/${dream.id}/edit`);
    const form = await screen.findByRole('form', { name: 'Editar sonho' });
    // Meanwhile, another device saves a new version.
    await userApi(account).patch(`/dreams/${dream.id}`, { content: 'Texto novo, escrito no celular.', version: 1 });

    const content = within(form).getByLabelText('O que você sonhou?');
    await user.type(content, ' E depois acordei.');
    await user.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este sonho foi alterado em outro lugar');
    expect((await userApi(account).get<Dream>(`/dreams/${dream.id}`)).content).toBe('Texto novo, escrito no celular.');
    expect(content).toHaveValue(`${dream.content} E depois acordei.`);

    await user.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Editar sonho' })).getByLabelText('O que você sonhou?'),
      ).toHaveValue('Texto novo, escrito no celular.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back to the dream without a request when nothing changed', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    const { router } = openDream(dream.id);
    await user.click(await screen.findByRole('link', { name: 'Editar' }));
    await user.click(await screen.findByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/dreams/${dream.id}`));
    expect(api.server.requestsTo('PATCH', '/dreams/:id')).toHaveLength(0);
  });
});
