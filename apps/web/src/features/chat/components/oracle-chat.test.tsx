import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import {
  answerConsent,
  createDreams,
  createUser,
  scriptProvider,
  setPlan,
  userApi,
  type TestUser,
} from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  account = await createUser();
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Thread {
  id: string;
  title: string;
  messageCount: number;
}
interface Usage {
  mode: 'taste' | 'unlimited';
  used: number;
  limit: number;
  remaining: number;
}

const threadsOf = async (user: TestUser) => (await userApi(user).get<{ items: Thread[] }>('/chat/threads')).items;
const usageOf = (user: TestUser) => userApi(user).get<Usage>('/chat/usage');

function openOracle(path = '/app/oracle') {
  signInAs(account);
  return renderApp(['/app', path]);
}

const composer = () => screen.findByLabelText('Sua mensagem');

async function send(text: string) {
  const box = await composer();
  await userEvent.type(box, text);
  await userEvent.keyboard('{Enter}');
}

/** The log once its last answer, by the reflective guide, is complete (no answer still being written). */
async function answered(container: HTMLElement = document.body) {
  const log = await within(container).findByRole('log', { name: 'Mensagens da conversa' }, { timeout: 8000 });
  await waitFor(
    () => {
      expect(log.querySelector('[aria-busy]')).toBeNull();
      expect(within(log).getAllByText('Guia reflexivo (não é IA generativa)').length).toBeGreaterThan(0);
    },
    { timeout: 8000 },
  );
  return log;
}

describe("'Oráculo' (/app/oracle)", () => {
  it('asks the journal a question: the answer streams in, names the dreams as links, and the conversation joins the list', async () => {
    const [farol] = await createDreams(account, [
      { title: 'O farol', content: 'Um farol aceso no mar escuro, e as ondas batendo nas pedras.' },
      { title: 'A casa das portas', content: 'Uma casa antiga com portas abertas para o mar.' },
    ]);
    const view = openOracle();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oráculo' })).toBeInTheDocument();
    expect(await screen.findByText('Pergunte ao seu diário')).toBeInTheDocument();
    const examples = screen.getByRole('list', { name: 'Perguntas para começar' });
    expect(within(examples).getAllByRole('button')).toHaveLength(3);
    expect(await screen.findByText('Suas conversas aparecem aqui.')).toBeInTheDocument();

    await send('O que o mar significa nos meus sonhos?');
    const log = await answered();
    expect(within(log).getByText('O que o mar significa nos meus sonhos?')).toBeInTheDocument();
    // The markers became links to the user's own dreams, named by title.
    const [link] = within(log).getAllByRole('link', { name: 'O farol' });
    expect(link).toHaveAttribute('href', `/app/dreams/${farol!.id}`);
    expect(within(log).queryByText(/\[D\d+\]/)).not.toBeInTheDocument();

    // The conversation is stored, titled, listed and named in the address.
    const threads = await threadsOf(account);
    expect(threads).toHaveLength(1);
    expect(threads[0]!.messageCount).toBe(2);
    const list = screen.getByRole('navigation', { name: 'Conversas' });
    const current = await within(list).findByRole('button', { current: true });
    expect(current).toHaveTextContent(threads[0]!.title);
    expect(view.router.state.location.search).toBe(`?c=${threads[0]!.id}`);
    expect((await usageOf(account)).used).toBe(1);

    // Following a named dream opens its page.
    await userEvent.click(link!);
    expect(await screen.findByRole('heading', { level: 1, name: 'O farol' })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("'Parar' stops the answer mid-stream: the text goes back into the box and nothing is stored or counted", async () => {
    await createDreams(account, [{ title: 'O farol', content: 'Um farol no mar escuro.' }]);
    // The model pauses after its first words: the server is mid-answer when the user stops it.
    api.server.upstream = 'generative';
    const model = await scriptProvider({ needle: 'Por que sonho com o mar?', kind: 'stall' });
    openOracle();
    await send('Por que sonho com o mar?');
    await model.reached();
    const log = await screen.findByRole('log', { name: 'Mensagens da conversa' });
    await waitFor(() => expect(log.querySelector('[aria-busy] p')?.textContent).toMatch(/\w/));
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Parar' }));

    expect(
      await screen.findByText('Resposta interrompida. Nada foi contado; sua mensagem voltou para a caixa de texto.'),
    ).toBeInTheDocument();
    expect(await composer()).toHaveValue('Por que sonho com o mar?');
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    // The server gives the model up (it hangs up on it), and so stores and counts nothing.
    await model.finished();
    expect((await usageOf(account)).used).toBe(0);
    expect((await threadsOf(account)).map((thread) => thread.messageCount)).toEqual([0]);

    // Sent again, it is answered and counted once.
    api.server.upstream = 'main';
    await userEvent.click(await composer());
    await userEvent.keyboard('{Enter}');
    await answered();
    expect((await usageOf(account)).used).toBe(1);
    expect((await threadsOf(account)).map((thread) => thread.messageCount)).toEqual([2]);
  });

  it("'Tentar novamente' after a connection lost mid-answer sends the same text again, answered once", async () => {
    // The model pauses after its first words and the connection dies there: the server, mid-answer, stores nothing.
    api.server.upstream = 'generative';
    const model = await scriptProvider({ needle: 'O que volta quando durmo mal?', kind: 'stall' });
    api.server.cutStream('POST', '/chat/threads/:id/messages', 1);
    openOracle();
    await send('O que volta quando durmo mal?');
    expect(
      await screen.findByText('A conexão caiu antes do fim da resposta. Nada foi contado.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    // The message that got no answer stays on the screen; the box is free.
    expect(screen.getByText('O que volta quando durmo mal?')).toBeInTheDocument();
    expect(await composer()).toHaveValue('');
    await model.finished();
    expect((await threadsOf(account)).map((thread) => thread.messageCount)).toEqual([0]);

    api.server.upstream = 'main';
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    const log = await answered();
    expect(within(log).getAllByText('O que volta quando durmo mal?')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect((await threadsOf(account)).map((thread) => thread.messageCount)).toEqual([2]);
    expect((await usageOf(account)).used).toBe(1);
  });

  it('an answer the server stored just before the connection dropped shows as answered, with nothing to retry', async () => {
    api.server.drop('POST', '/chat/threads/:id/messages', 'after');
    openOracle();
    await send('O que volta quando durmo mal?');
    const log = await answered();
    expect(within(log).getAllByText('O que volta quando durmo mal?')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(await composer()).toHaveValue('');
    expect((await threadsOf(account)).map((thread) => thread.messageCount)).toEqual([2]);
    expect((await usageOf(account)).used).toBe(1);
  });

  it('Shift+Enter starts a new line, Enter sends; a counter shows near the 4,000-character limit', async () => {
    openOracle();
    const box = await composer();
    await userEvent.type(box, 'Primeira linha{Shift>}{Enter}{/Shift}segunda linha');
    expect(box).toHaveValue('Primeira linha\nsegunda linha');
    expect(screen.queryByText(/caracteres$/)).not.toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('a'.repeat(4001));
    expect(screen.getByText('4.001 / 4.000 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByText('4.000 / 4.000 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('renames a conversation in place, deletes one after a question, then all of them', async () => {
    const ids: string[] = [];
    for (const text of ['Primeira pergunta sobre o mar', 'Segunda pergunta sobre a casa']) {
      const thread = await userApi(account).post<Thread>('/chat/threads', { kind: 'journal' }, 201);
      await userApi(account).post(`/chat/threads/${thread.id}/messages`, { content: text }, 201);
      ids.push(thread.id);
    }
    const view = openOracle(`/app/oracle?c=${ids[0]!}`);
    const list = await screen.findByRole('navigation', { name: 'Conversas' });
    const [first, second] = await Promise.all(
      ids.map(async (id) => (await userApi(account).get<{ thread: Thread }>(`/chat/threads/${id}`)).thread),
    );
    await within(list).findByText(first!.title);

    // Rename: Enter saves, and the list, the open conversation's heading and the server agree.
    await userEvent.click(within(list).getByRole('button', { name: `Renomear “${first!.title}”` }));
    const field = within(list).getByLabelText('Título da conversa');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'O mar e eu{Enter}');
    expect(await within(list).findByText('O mar e eu')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'O mar e eu' })).toBeInTheDocument();
    expect((await threadsOf(account)).map((thread) => thread.title)).toContain('O mar e eu');

    // Esc leaves a title as it was.
    await userEvent.click(within(list).getByRole('button', { name: `Renomear “${second!.title}”` }));
    await userEvent.type(within(list).getByLabelText('Título da conversa'), ' mudado{Escape}');
    expect(within(list).getByText(second!.title)).toBeInTheDocument();

    // Delete the open one: a question first, then it is gone and a new conversation shows.
    await userEvent.click(within(list).getByRole('button', { name: 'Apagar “O mar e eu”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Apagar esta conversa?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apagar conversa' }));
    expect(await screen.findByText('Conversa apagada')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('O mar e eu')).not.toBeInTheDocument());
    expect(view.router.state.location.search).toBe('');
    expect((await threadsOf(account)).map((thread) => thread.id)).toEqual([ids[1]]);

    // 'Apagar todas', after its own question.
    await userEvent.click(within(list).getByRole('button', { name: 'Apagar todas' }));
    const all = await screen.findByRole('alertdialog', { name: 'Apagar todas as conversas?' });
    expect(
      within(all).getByText(/A conversa e todas as suas mensagens serão apagadas para sempre/),
    ).toBeInTheDocument();
    await userEvent.click(within(all).getByRole('button', { name: 'Apagar todas' }));
    expect(await within(list).findByText('Suas conversas aparecem aqui.')).toBeInTheDocument();
    expect(await threadsOf(account)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a Dreamer sees the month’s usage, and after the 10th message a calm card about Oracle instead of the box', async () => {
    await setPlan(account, 'dreamer');
    const thread = await userApi(account).post<Thread>('/chat/threads', { kind: 'journal' }, 201);
    for (let i = 1; i <= 8; i += 1) {
      await userApi(account).post(`/chat/threads/${thread.id}/messages`, { content: `Pergunta ${String(i)}` }, 201);
    }
    openOracle(`/app/oracle?c=${thread.id}`);
    expect(await screen.findByText('8 de 10 mensagens este mês')).toBeInTheDocument();
    await send('A nona pergunta');
    expect(await screen.findByText('9 de 10 mensagens este mês', {}, { timeout: 8000 })).toBeInTheDocument();

    // The 10th goes from elsewhere (another device): the page still thinks one is left, and the server says no.
    await userApi(account).post(`/chat/threads/${thread.id}/messages`, { content: 'Do celular' }, 201);
    await send('A décima primeira');
    const card = await screen.findByText('Você usou as 10 mensagens de conversa deste mês');
    const status = card.closest('[role="status"]') as HTMLElement;
    expect(within(status).getByRole('link', { name: 'Conhecer o Oracle' })).toHaveAttribute('href', '/app/plans');
    expect(screen.queryByLabelText('Sua mensagem')).not.toBeInTheDocument();
    expect((await usageOf(account)).used).toBe(10);
    const stored = await userApi(account).get<{ messages: unknown[] }>(`/chat/threads/${thread.id}`);
    expect(stored.messages).toHaveLength(20);
  });

  it('shows the CVV card when the words show distress', async () => {
    openOracle();
    await send('Sonhei de novo com a queda e não aguento mais');
    const log = await answered();
    const support = await within(log).findByRole('complementary', { name: 'Você não está sozinho' });
    expect(within(support).getByRole('link', { name: 'Ligar para o 188' })).toHaveAttribute('href', 'tel:188');
  });

  it('without the AI consent, sending asks for it first; after “Concordo” the message is answered', async () => {
    account = await createUser({ isConsenting: false });
    await answerConsent(account, false, ['ai_analysis']);
    openOracle();
    await send('O que meus sonhos repetem?');
    const dialog = await screen.findByRole('alertdialog', { name: 'Análise de sonhos com IA' });
    expect(api.server.requestsTo('POST', '/chat/threads')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Concordo' }));
    const log = await answered();
    expect(within(log).getByText('O que meus sonhos repetem?')).toBeInTheDocument();
  });

  it('an Oracle user sees no usage line while far from the fair use', async () => {
    await setPlan(account, 'oracle');
    openOracle();
    await send('Uma pergunta');
    await answered();
    expect((await usageOf(account)).mode).toBe('unlimited');
    expect(screen.queryByText(/mensagens este mês|hoje/)).not.toBeInTheDocument();
  });
});

describe("'Conversar sobre este sonho' on a dream's page", () => {
  it('opens the dream’s conversation inline, answers about the dream, and finds it again on the next visit', async () => {
    const [dream] = await createDreams(account, [
      { title: 'O farol', content: 'Um farol aceso no mar escuro, e eu com medo das ondas.', emotions: ['medo'] },
    ]);
    signInAs(account);
    const view = renderApp(['/app/dreams', `/app/dreams/${dream!.id}`]);
    const section = await screen.findByRole('region', { name: 'Conversa sobre o sonho' });
    // Nothing is asked before the user opens it.
    expect(api.server.requestsTo('GET', '/chat/threads')).toHaveLength(0);
    await userEvent.click(within(section).getByRole('button', { name: 'Conversar sobre este sonho' }));
    expect(await within(section).findByText('Sobre este sonho')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'O que este sonho pode estar me mostrando?' }));
    await answered(section);
    const threads = (
      await userApi(account).get<{ items: (Thread & { kind: string })[] }>(`/chat/threads?dreamId=${dream!.id}`)
    ).items;
    expect(threads).toHaveLength(1);
    expect(threads[0]!.kind).toBe('dream');
    expect(within(section).getByRole('link', { name: 'Ver todas as conversas' })).toHaveAttribute(
      'href',
      `/app/oracle?c=${threads[0]!.id}`,
    );
    view.unmount();

    signInAs(account);
    renderApp(['/app/dreams', `/app/dreams/${dream!.id}`]);
    const again = await screen.findByRole('region', { name: 'Conversa sobre o sonho' });
    await userEvent.click(within(again).getByRole('button', { name: 'Conversar sobre este sonho' }));
    const stored = await within(again).findByRole('log');
    expect(within(stored).getByText('O que este sonho pode estar me mostrando?')).toBeInTheDocument();
    expect((await userApi(account).get<{ items: Thread[] }>('/chat/threads')).items).toHaveLength(1);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
