import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, type TestUser } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

const seed = (dreams: Parameters<typeof createDreams>[1]) => createDreams(account, dreams);

function openJournal(path = '/app/dreams') {
  signInAs(account);
  return renderApp(['/app', path]);
}

const dreamList = () => screen.findByRole('list', { name: 'Sonhos' });
const titlesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const lastListQuery = () => api.server.requestsTo('GET', '/dreams').at(-1)!.query;

describe('the journal (/app/dreams)', () => {
  it('lists dreams newest night first, each with its date, title, excerpt, emotions and badges', async () => {
    await seed([
      {
        title: 'A casa da avó',
        content: 'Eu andava pela casa da minha avó.',
        dreamtOn: '2025-12-30',
        emotions: ['amor', 'tristeza'],
      },
      {
        title: 'Voando',
        content: 'Eu estava voando sobre o mar, sem medo nenhum.',
        dreamtOn: '2026-03-13',
        emotions: ['alegria'],
        lucidity: 2,
        isRecurring: true,
      },
      {
        title: 'O corredor',
        content: 'Um corredor escuro.',
        dreamtOn: '2026-03-10',
        isNightmare: true,
        emotions: ['medo'],
      },
    ]);
    openJournal();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meus Sonhos' })).toBeInTheDocument();
    const list = await dreamList();
    expect(titlesIn(list)).toEqual(['Voando', 'O corredor', 'A casa da avó']);

    const [voando, corredor, avo] = within(list).getAllByRole('article');
    expect(within(voando!).getByRole('link', { name: 'Voando' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/dreams\/[0-9a-f-]{36}$/),
    );
    expect(within(voando!).getByText('Eu estava voando sobre o mar, sem medo nenhum.')).toBeInTheDocument();
    expect(within(voando!).getByText('Alegria')).toBeInTheDocument();
    expect(within(voando!).getByText('Lúcido')).toBeInTheDocument();
    expect(within(voando!).getByText('Recorrente')).toBeInTheDocument();
    expect(within(voando!).queryByText('Pesadelo')).not.toBeInTheDocument();
    expect(within(corredor!).getByText('Pesadelo')).toBeInTheDocument();
    // pt-BR dates: the year only when it is not the current one.
    expect(within(voando!).getByText(/13 de mar\./)).toHaveAttribute('dateTime', '2026-03-13');
    expect(within(avo!).getByText('30 de dez. de 2025')).toBeInTheDocument();
  });

  it("has a prominent 'Novo Sonho' button", async () => {
    openJournal();
    expect(await screen.findByRole('link', { name: 'Novo Sonho' })).toHaveAttribute('href', '/app/dreams/new');
  });

  it("says so when there are no dreams yet, with 'Registrar Primeiro Sonho'", async () => {
    openJournal();
    expect(await screen.findByRole('heading', { name: 'Nenhum sonho registrado ainda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrar Primeiro Sonho' })).toHaveAttribute('href', '/app/dreams/new');
  });

  it('searches as the user types (after a pause), keeping the words in the URL', async () => {
    const user = userEvent.setup();
    await seed([
      { title: 'Voo', content: 'Eu estava voando sobre o mar.' },
      { title: 'Casa', content: 'Uma casa antiga.' },
    ]);
    const { router } = openJournal();
    await dreamList();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar nos sonhos' }), 'voando');
    await waitFor(() => expect(router.state.location.search).toBe('?q=voando'));
    await waitFor(async () => expect(titlesIn(await dreamList())).toEqual(['Voo']));
    expect(lastListQuery().get('q')).toBe('voando');
    // One request for the search, not one per keystroke.
    expect(api.server.requestsTo('GET', '/dreams').filter((request) => request.query.get('q'))).toHaveLength(1);
  });

  it("tells 'no results' apart from an empty journal, and 'Limpar filtros' brings everything back", async () => {
    const user = userEvent.setup();
    await seed([{ title: 'Voo', content: 'Eu estava voando.' }]);
    const { router } = openJournal('/app/dreams?q=elefante&nightmare=true');
    expect(await screen.findByRole('heading', { name: 'Nenhum sonho encontrado' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum sonho registrado ainda')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar nos sonhos' })).toHaveValue('elefante');

    const clear = screen.getAllByRole('button', { name: 'Limpar filtros' });
    await user.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(async () => expect(titlesIn(await dreamList())).toEqual(['Voo']));
    expect(screen.getByRole('searchbox', { name: 'Buscar nos sonhos' })).toHaveValue('');
  });

  it('reads every filter from the URL and sends them combined', async () => {
    await seed([
      {
        title: 'Pesadelo recorrente',
        content: 'Fugindo.',
        dreamtOn: '2026-02-10',
        emotions: ['medo'],
        tags: ['fuga'],
        isNightmare: true,
        isRecurring: true,
        lucidity: 1,
      },
      {
        title: 'Outro medo',
        content: 'Fugindo de novo.',
        dreamtOn: '2026-02-12',
        emotions: ['medo'],
        tags: ['fuga'],
        isNightmare: false,
      },
    ]);
    openJournal(
      '/app/dreams?q=fugindo&from=2026-02-01&to=2026-02-28&emotion=medo&tag=fuga&lucid=true&nightmare=true&recurring=true',
    );
    expect(titlesIn(await dreamList())).toEqual(['Pesadelo recorrente']);
    const query = lastListQuery();
    expect(Object.fromEntries(query)).toEqual({
      q: 'fugindo',
      from: '2026-02-01',
      to: '2026-02-28',
      emotion: 'medo',
      tag: 'fuga',
      lucid: 'true',
      nightmare: 'true',
      recurring: 'true',
    });
    // The panel opens on the filters in force, and each shows as a removable chip.
    const panel = screen.getByRole('region', { name: 'Filtrar sonhos' });
    expect(within(panel).getByLabelText('De')).toHaveValue('2026-02-01');
    expect(within(panel).getByLabelText('Emoção')).toHaveValue('medo');
    expect(within(panel).getByRole('button', { name: 'Pesadelos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Remover filtro: #fuga' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtros (7)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('ignores filter values the API would refuse', async () => {
    openJournal('/app/dreams?emotion=euforia&from=ontem&nightmare=talvez');
    await screen.findByRole('heading', { name: 'Nenhum sonho registrado ainda' });
    expect(Object.fromEntries(lastListQuery())).toEqual({});
  });

  it('filters by emotion and by kind from the panel, each change a history entry that Back undoes', async () => {
    const user = userEvent.setup();
    await seed([
      { title: 'Medo do escuro', content: 'Escuro.', dreamtOn: '2026-02-02', emotions: ['medo'], isNightmare: true },
      { title: 'Alegria', content: 'Festa.', dreamtOn: '2026-02-01', emotions: ['alegria'] },
    ]);
    const { router } = openJournal();
    await dreamList();
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const panel = screen.getByRole('region', { name: 'Filtrar sonhos' });
    await user.selectOptions(within(panel).getByLabelText('Emoção'), 'Medo');
    await waitFor(() => expect(router.state.location.search).toBe('?emotion=medo'));
    await waitFor(async () => expect(titlesIn(await dreamList())).toEqual(['Medo do escuro']));

    await user.click(within(panel).getByRole('button', { name: 'Pesadelos' }));
    await waitFor(() => expect(router.state.location.search).toBe('?emotion=medo&nightmare=true'));

    await user.click(screen.getByRole('button', { name: 'Remover filtro: Medo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?nightmare=true'));

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?emotion=medo&nightmare=true'));
    await waitFor(() => expect(screen.getByLabelText('Emoção')).toHaveValue('medo'));
    await router.navigate(-2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(async () => expect(titlesIn(await dreamList())).toEqual(['Medo do escuro', 'Alegria']));
  });

  it("loads the next page with 'Carregar mais' until the first dream", async () => {
    const user = userEvent.setup();
    await seed(
      Array.from({ length: 23 }, (_, index) => ({
        title: `Sonho ${index + 1}`,
        content: `Noite ${index + 1}.`,
        dreamtOn: `2026-01-${String(index + 1).padStart(2, '0')}`,
      })),
    );
    openJournal();
    const list = await dreamList();
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(23));
    expect(titlesIn(list).at(-1)).toBe('Sonho 1');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Você chegou ao primeiro sonho do diário.')).toBeInTheDocument();
    const pages = api.server.requestsTo('GET', '/dreams');
    expect(pages.at(-1)!.query.get('cursor')).toBeTruthy();
  });

  it('offers a retry when the journal cannot be loaded', async () => {
    const user = userEvent.setup();
    await seed([{ title: 'Voo', content: 'Voando.' }]);
    const bringBack = api.server.down('GET', '/dreams');
    openJournal();
    // (A server error is retried once before it is shown.)
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar seus sonhos' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    bringBack();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(titlesIn(await dreamList())).toEqual(['Voo']);
  });
});
