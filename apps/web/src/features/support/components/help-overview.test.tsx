import type { SupportMessagesResponse } from '@sonhario/contracts/support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/dates';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import {
  answerSupportMessage,
  createDreams,
  createUser,
  setPlan,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

async function openHelp() {
  signInAs(account);
  const view = renderApp(['/app', '/app/help']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Nova mensagem' });
  return view;
}

const messagesOnServer = () => userApi(account).get<SupportMessagesResponse>('/support/messages');

describe("help page (/app/help, 'Ajuda')", () => {
  it('sends a message about a dream and lists it as awaiting an answer', async () => {
    const [dream] = await createDreams(account, [{ title: 'O farol azul', content: 'Um farol no meio do mar.' }]);
    const user = userEvent.setup();
    await openHelp();
    expect(screen.getByTestId('support-promise')).toHaveTextContent('Respondemos em até 72 horas.');
    expect(screen.getByText('Você ainda não escreveu para o suporte.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Assunto'), 'A análise não abriu');
    await user.type(screen.getByLabelText('Mensagem'), 'Cliquei em analisar e nada aconteceu.\nDe novo depois.');
    const select = screen.getByLabelText('Sobre um sonho');
    await user.selectOptions(select, `${formatDate(dream!.dreamtOn)} · O farol azul`);
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

    expect(await screen.findByText('Mensagem enviada. Respondemos em até 72 horas.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Suas mensagens' });
    const item = within(list).getByRole('listitem', { name: 'A análise não abriu' });
    expect(within(item).getByTestId('support-status')).toHaveTextContent('Aguardando resposta');
    expect(within(item).getByText(/Cliquei em analisar e nada aconteceu\./)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Sobre um sonho' })).toHaveAttribute(
      'href',
      `/app/dreams/${dream!.id}`,
    );
    expect(within(item).queryByText('Prioritária')).not.toBeInTheDocument();
    // The form is empty again, ready for another message.
    expect(screen.getByLabelText('Assunto')).toHaveValue('');
    expect(select).toHaveValue('');

    const stored = await messagesOnServer();
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]).toMatchObject({
      subject: 'A análise não abriu',
      message: 'Cliquei em analisar e nada aconteceu.\nDe novo depois.',
      dreamId: dream!.id,
      isPriority: false,
    });
  });

  it('promises Oracle a first response within 24 hours, as priority support, and marks its messages', async () => {
    await setPlan(account, 'oracle');
    await userApi(account).post('/support/messages', { subject: 'Cobrança', message: 'Dúvida' }, 201);
    await openHelp();
    expect(screen.getByTestId('support-promise')).toHaveTextContent(
      'Respondemos em até 24 horas — suporte prioritário do plano Oracle.',
    );
    const item = within(screen.getByRole('list', { name: 'Suas mensagens' })).getByRole('listitem', {
      name: 'Cobrança',
    });
    expect(within(item).getByText('Prioritária')).toBeInTheDocument();
  });

  it('shows the operator’s answer under the message, marked answered', async () => {
    const sent = await userApi(account).post<{ id: string }>(
      '/support/messages',
      { subject: 'Exportar', message: 'Como exporto meus sonhos?' },
      201,
    );
    expect((await answerSupportMessage(sent.id, 'Em Configurações → Seus dados.')).kind).toBe('answered');
    await openHelp();
    const item = within(screen.getByRole('list', { name: 'Suas mensagens' })).getByRole('listitem', {
      name: 'Exportar',
    });
    expect(within(item).getByTestId('support-status')).toHaveTextContent('Respondida');
    const answer = within(item).getByRole('group', { name: 'Resposta do suporte' });
    expect(answer).toHaveTextContent('Em Configurações → Seus dados.');
  });

  it('says what is missing when the subject is empty, and sends nothing', async () => {
    const user = userEvent.setup();
    await openHelp();
    await user.type(screen.getByLabelText('Mensagem'), 'Sem assunto');
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Escreva um assunto.')).toBeInTheDocument();
    expect(screen.getByLabelText('Assunto')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Assunto')).toHaveFocus());
    expect((await messagesOnServer()).items).toEqual([]);
  });

  it('is reached from the user menu', async () => {
    const user = userEvent.setup();
    signInAs(account);
    renderApp('/app');
    await user.click(await screen.findByRole('button', { name: /Menu da conta/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ajuda' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument();
  });
});
