import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { applyLanguage } from '@/lib/preferences';
import { DemoRoute } from './demo';
import { demoJournalFor } from './demo/demo-journal';
import { DEMO_STREAM } from './demo/use-simulated-stream';

function renderDemo() {
  const router = createMemoryRouter(
    [
      { path: '/demo', Component: DemoRoute },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: ['/demo'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const journal = demoJournalFor('pt-BR');
const featured = journal.dreams[0]!;

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});

afterEach(async () => {
  // The demo never asks anything of the network: not the API, not auth.
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
  vi.useRealTimers();
  await applyLanguage('pt-BR');
  localStorage.clear();
});

describe('/demo', () => {
  it('shows the sample journal, marked as a demo: the numbers, streak, credits, dreams and a pattern chart', async () => {
    renderDemo();
    expect(screen.getByText('Demonstração')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Você está numa demonstração' })).toHaveTextContent(
      'Nada do que você fizer aqui é salvo ou enviado.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Luna! 👋' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sonhos Registrados' })).toHaveTextContent('23');
    expect(screen.getByRole('group', { name: 'Sequência Atual' })).toHaveTextContent('6');
    expect(screen.getByRole('group', { name: 'Sequência Atual' })).toHaveTextContent('Recorde: 11 dias');
    expect(screen.getByTestId('demo-credit-balance')).toHaveTextContent('42');
    expect(screen.getByRole('region', { name: 'Sequência' })).toHaveTextContent(
      'Falta 1 dia para a sequência de 7 dias: +10 créditos.',
    );

    const list = screen.getByRole('list', { name: 'Sonhos de exemplo' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(journal.dreams.map((dream) => dream.title));
    // The newest dream is open, with its whole text.
    expect(screen.getByRole('article', { name: featured.title })).toHaveTextContent(featured.content);
    expect(await screen.findByRole('region', { name: 'Emoções por semana' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sinais de sonho' })).toHaveTextContent('farol');
  });

  it('writes the analysis out piece by piece, summary first, then shows the whole reading', () => {
    renderDemo();
    const article = screen.getByRole('article', { name: featured.title });
    vi.useFakeTimers();
    fireEvent.click(within(article).getByRole('button', { name: 'Analisar sonho' }));
    expect(within(article).getByText('Preparando a análise…')).toBeInTheDocument();

    // One timer at a time: each piece is scheduled when React has shown the one before.
    const wait = (ticks: number) => {
      for (let i = 0; i < ticks; i++) {
        act(() => {
          vi.advanceTimersByTime(DEMO_STREAM.tickMs);
        });
      }
    };
    act(() => {
      vi.advanceTimersByTime(DEMO_STREAM.connectMs);
    });
    wait(3);
    const text = screen.getByTestId('demo-analysis-text');
    expect(within(article).getByRole('heading', { name: 'Analisando seu sonho…' })).toBeInTheDocument();
    const early = text.textContent;
    // Some words of the summary, not all of it, and no interpretation yet.
    expect(early.length).toBeGreaterThan('Resumo'.length);
    expect(featured.analysis.summary.startsWith(early.replace(/^Resumo/, '').trim())).toBe(true);
    expect(early).not.toContain(featured.analysis.summary);
    expect(early).not.toContain('Interpretação');

    wait(12);
    expect(text.textContent.length).toBeGreaterThan(early.length);

    // To the end: every word arrives, then the rest of the reading.
    for (let i = 0; i < 200 && !within(article).queryByRole('button', { name: 'Ver de novo' }); i++) {
      wait(1);
    }
    expect(text).toHaveTextContent(featured.analysis.summary);
    const lastParagraph = featured.analysis.interpretation.split('\n\n').at(-1)!;
    expect(within(article).getByText(lastParagraph)).toBeInTheDocument();
    expect(within(article).getByText('Símbolos (3)')).toBeInTheDocument();
    expect(within(article).getByText(featured.analysis.questions[0]!)).toBeInTheDocument();
    expect(within(article).getByRole('meter', { name: /Paz/ })).toHaveAttribute('aria-valuenow', '80');
  });

  it('opens another dream with its own analysis, and ends on sign-up', async () => {
    const user = userEvent.setup();
    const router = renderDemo();
    const other = journal.dreams[3]!;
    await user.click(screen.getByRole('button', { name: other.title }));
    expect(screen.getByRole('button', { name: other.title })).toHaveAttribute('aria-pressed', 'true');
    const article = screen.getByRole('article', { name: other.title });
    expect(article).toHaveTextContent(other.content);
    expect(within(article).getByText('Pesadelo')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Analisar sonho' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Comece Sua Jornada dos Sonhos' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?tab=signup');
  });

  it('speaks English when asked, with the English sample journal', async () => {
    const user = userEvent.setup();
    renderDemo();
    await user.click(screen.getByRole('button', { name: 'English: ver a demonstração em inglês' }));
    expect(await screen.findByRole('note', { name: 'You are looking at a demo' })).toBeInTheDocument();
    const english = demoJournalFor('en');
    expect(screen.getByRole('article', { name: english.dreams[0]!.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Dream Journey' })).toHaveAttribute('href', '/login?tab=signup');
    expect(screen.getByRole('button', { name: 'Português: see the demo in Portuguese' })).toBeInTheDocument();
  });
});
