import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, todayIn } from '@/lib/dates';
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

const thisMonth = () => todayIn(browserTimeZone()).slice(0, 7);
const monthName = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

function openPatterns() {
  signInAs(account);
  return renderApp(['/app', '/app/analytics']);
}

const reportRegion = () => screen.findByRole('region', { name: 'Relatório do mês' });

async function twoDreamsThisMonth() {
  const today = todayIn(browserTimeZone());
  await createDreams(account, [
    { dreamtOn: today, content: 'Um farol no mar escuro.', isNightmare: true, emotions: ['medo'], tags: ['mar'] },
    { dreamtOn: today, content: 'Eu voava sobre o mar e sabia que sonhava.', lucidity: 2, mood: 4, tags: ['mar'] },
  ]);
}

/** 'Gerar relatório' once it can be pressed (it waits for the months with dreams to load). */
async function generateButton(region: HTMLElement) {
  const button = await within(region).findByRole('button', { name: 'Gerar relatório' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe("'Relatório do mês' on 'Padrões'", () => {
  it('an Oracle user generates the month’s report, sees it stored with its label, and finds it again', async () => {
    await setPlan(account, 'oracle');
    await twoDreamsThisMonth();
    const month = thisMonth();
    const view = openPatterns();
    const region = await reportRegion();
    const picker = await within(region).findByLabelText('Mês');
    expect(picker).toHaveDisplayValue(`${monthName(month)} · 2 sonhos`);
    expect(within(region).getByText('Este mês tem 2 sonhos e ainda não tem relatório.')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Gerar relatório' }));
    const report = await within(region).findByRole(
      'article',
      { name: `Relatório de ${monthName(month)}` },
      { timeout: 5000 },
    );
    expect(within(report).getByText(/Leitura simbólica \(não é IA generativa\)/)).toBeInTheDocument();
    expect(
      within(report).getByText(/você registrou 2 sonhos \(1 pesadelo, 1 lúcido, 0 recorrentes\)/),
    ).toBeInTheDocument();
    const counts = within(report).getByLabelText('Números do mês');
    expect(within(counts).getByText('Pesadelos').nextElementSibling).toHaveTextContent('1');
    expect(within(report).getByRole('heading', { name: 'Perguntas para refletir' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Gerar novamente' })).toBeInTheDocument();
    view.unmount();

    // Another visit reads the stored report.
    openPatterns();
    const again = await reportRegion();
    expect(await within(again).findByRole('article', { name: `Relatório de ${monthName(month)}` })).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Gerar novamente' })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("names a generative provider and its model: 'Feita por OpenAI · gpt-4o-mini'", async () => {
    await setPlan(account, 'oracle');
    await twoDreamsThisMonth();
    api.server.upstream = 'generative';
    openPatterns();
    const region = await reportRegion();
    await userEvent.click(await generateButton(region));
    const report = await within(region).findByRole('article', { name: `Relatório de ${monthName(thisMonth())}` });
    expect(within(report).getByText(/Feita por OpenAI · gpt-4o-mini/)).toBeInTheDocument();
    expect(within(report).queryByText(/não é IA generativa/)).not.toBeInTheDocument();
    expect(within(report).getByText('Onde o mar aparece na sua vida desperta?')).toBeInTheDocument();
  });

  it("'Parar' stops the report mid-stream: nothing is stored", async () => {
    await setPlan(account, 'oracle');
    await twoDreamsThisMonth();
    api.server.upstream = 'generative';
    // The model pauses after the summary's first words: the server is mid-report when the user stops it.
    const model = await scriptProvider({ needle: 'Um farol no mar escuro', kind: 'stall' });
    openPatterns();
    const region = await reportRegion();
    await userEvent.click(await generateButton(region));
    expect(await within(region).findByText('Um mês de mar')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Parar' }));
    expect(await within(region).findByText('Relatório cancelado. Nada foi guardado.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Gerar relatório' })).toBeInTheDocument();
    await model.finished();
    const months = await userApi(account).get<{ items: { reportCreatedAt: string | null }[] }>('/reports/months');
    expect(months.items.map((item) => item.reportCreatedAt)).toEqual([null]);
  });

  it('without the AI consent, generating says so in a toast and stores nothing', async () => {
    account = await createUser({ isConsenting: false });
    // Declined, not unanswered: an unanswered consent opens the consent question over the page first.
    await answerConsent(account, false, ['ai_analysis']);
    await setPlan(account, 'oracle');
    await twoDreamsThisMonth();
    openPatterns();
    const region = await reportRegion();
    await userEvent.click(await generateButton(region));
    expect(
      await screen.findByText('Para gerar relatórios, autorize a análise por IA nas configurações de privacidade.'),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('article')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Gerar relatório' })).toBeInTheDocument();
  });

  it('Dreamer and Lucid see what the report adds and the way to the plans, without asking the API for it', async () => {
    for (const plan of ['dreamer', 'lucid'] as const) {
      await setPlan(account, plan);
      const fetchSpy = vi.spyOn(window, 'fetch');
      const view = openPatterns();
      const region = await reportRegion();
      expect(
        await within(region).findByText('Com o plano Oracle, você recebe um relatório de cada mês dos seus sonhos:'),
      ).toBeInTheDocument();
      expect(within(region).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
      await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
      const asked = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
      expect(asked.some((url) => url.includes('/reports'))).toBe(false);
      fetchSpy.mockRestore();
      view.unmount();
    }
    expect(consoleError).not.toHaveBeenCalled();
  });
});
