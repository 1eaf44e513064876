import {
  analysisStatsSchema,
  listAnalysesResponseSchema,
  type AnalysisListItem,
  type AnalysisStats,
} from '@sonhario/contracts/analyses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signInAs, useAppWithApiServer } from '@/test/app-fake';

const api = useAppWithApiServer();

const EMPTY_STATS: AnalysisStats = { total: 0, symbols: [], themes: [], emotions: [], dreamTypes: [] };

const analysis = (index: number, overrides: Partial<AnalysisListItem> = {}): AnalysisListItem => ({
  id: `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  dreamId: `40000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  dreamTitle: `Sonho ${index}`,
  dreamtOn: '2025-11-09',
  provider: 'builtin',
  model: 'lexicon-1',
  createdAt: '2025-11-10T09:30:00.000Z',
  summary: `Resumo da análise ${index}.`,
  dreamType: 'comum',
  distress: false,
  sentiment: 0.2,
  ...overrides,
});

/** Answers both endpoints, through the contract's schemas (a fixture the real server could not send fails here). */
function answerAnalyses(stats: AnalysisStats, pages: AnalysisListItem[][] = [[]]) {
  const parsedStats = analysisStatsSchema.parse(stats);
  api.server.on('GET', '/analyses/stats', () => ({ status: 200, body: parsedStats }));
  api.server.on('GET', '/analyses', (request) => {
    const index = Number(request.query.get('cursor') ?? 0);
    const body = listAnalysesResponseSchema.parse({
      items: pages[index] ?? [],
      nextCursor: index + 1 < pages.length ? String(index + 1) : null,
    });
    return { status: 200, body };
  });
}

async function openAnalytics() {
  signInAs();
  const view = renderApp(['/app', '/app/analytics']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Análises' })).toBeInTheDocument();
  return view;
}

const analysisList = () => screen.findByRole('list', { name: 'Análises' });
const barsIn = (name: string) =>
  within(within(screen.getByRole('region', { name })).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('analytics page (/app/analytics)', () => {
  it('sums the analyses up: total, dream types, and the most frequent symbols, themes and emotions', async () => {
    answerAnalyses(
      {
        total: 12,
        symbols: [
          { name: 'casa', count: 3 },
          { name: 'água', count: 5 },
          { name: 'trem', count: 1 },
        ],
        themes: [{ name: 'mudança', count: 4 }],
        emotions: [
          { emotion: 'medo', count: 6, averageIntensity: 0.7 },
          { emotion: 'paz', count: 2, averageIntensity: 0.35 },
        ],
        dreamTypes: [
          { dreamType: 'comum', count: 7 },
          { dreamType: 'pesadelo', count: 3 },
          { dreamType: 'lúcido', count: 2 },
        ],
      },
      [[analysis(1)]],
    );
    await openAnalytics();
    const overview = await screen.findByRole('region', { name: 'Panorama' });
    expect(within(overview).getByRole('group', { name: 'Análises realizadas' })).toHaveTextContent('12');
    expect(
      within(within(overview).getByRole('list', { name: 'Tipos de sonho' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Comum7', 'Pesadelo3', 'Lúcido2']);
    // Most frequent first; counts in words.
    expect(barsIn('Símbolos frequentes')).toEqual(['água5 vezes', 'casa3 vezes', 'trem1 vez']);
    expect(barsIn('Temas frequentes')).toEqual(['mudança4 vezes']);
    expect(barsIn('Emoções frequentes')).toEqual([
      'Medo6 vezes · intensidade média 70%',
      'Paz2 vezes · intensidade média 35%',
    ]);
  });

  it('lists the analyses newest first, each linking to its dream, with its summary, type and author', async () => {
    const user = userEvent.setup();
    const [dream] = api.server.seed([{ title: 'O mar', content: 'Eu nadava no mar à noite.', dreamtOn: '2025-11-08' }]);
    answerAnalyses({ ...EMPTY_STATS, total: 2 }, [
      [
        analysis(1, {
          dreamId: dream!.id,
          dreamTitle: 'O mar',
          dreamtOn: '2025-11-08',
          createdAt: '2025-11-09T08:00:00.000Z',
          summary: 'O mar noturno fala de emoções profundas.',
          dreamType: 'vívido',
          provider: 'anthropic',
          model: 'claude-sonnet-4',
        }),
        analysis(2, { dreamTitle: 'A escada', dreamType: 'pesadelo', createdAt: '2025-11-02T08:00:00.000Z' }),
      ],
    ]);
    const { router } = await openAnalytics();
    const list = await analysisList();
    const [mar, escada] = within(list).getAllByRole('article');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['O mar', 'A escada']);
    expect(within(mar!).getByText('O mar noturno fala de emoções profundas.')).toBeInTheDocument();
    expect(within(mar!).getByText('Vívido')).toBeInTheDocument();
    expect(within(mar!).getByText('Anthropic · claude-sonnet-4')).toBeInTheDocument();
    expect(within(mar!).getByText('Sonho de 8 de nov. de 2025')).toHaveAttribute('dateTime', '2025-11-08');
    expect(within(mar!).getByText(/^Analisado em /)).toHaveAttribute('dateTime', '2025-11-09T08:00:00.000Z');
    expect(within(escada!).getByText('Pesadelo')).toBeInTheDocument();
    expect(within(escada!).getByText('Análise simbólica local')).toBeInTheDocument();
    expect(within(escada!).getByRole('link', { name: 'A escada' })).toHaveAttribute(
      'href',
      `/app/dreams/${analysis(2).dreamId}`,
    );

    await user.click(within(mar!).getByRole('link', { name: 'O mar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'O mar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${dream!.id}`);
  });

  it("loads older analyses with 'Carregar mais' (cursor pagination)", async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, index) => analysis(index + 1));
    answerAnalyses({ ...EMPTY_STATS, total: 23 }, [first, [analysis(21), analysis(22), analysis(23)]]);
    await openAnalytics();
    expect(within(await analysisList()).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(within(await analysisList()).getAllByRole('article')).toHaveLength(23));
    expect(api.server.requestsTo('GET', '/analyses').at(-1)!.query.get('cursor')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Essas são todas as suas análises.')).toBeInTheDocument();
  });

  it("says so when there are no analyses yet, with 'Ver Sonhos'", async () => {
    answerAnalyses(EMPTY_STATS);
    await openAnalytics();
    expect(await screen.findByRole('heading', { name: 'Nenhuma análise ainda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Sonhos' })).toHaveAttribute('href', '/app/dreams');
    expect(screen.queryByRole('region', { name: 'Panorama' })).not.toBeInTheDocument();
  });

  it('offers a retry when the analyses cannot be loaded', async () => {
    const user = userEvent.setup();
    let isDown = true;
    answerAnalyses({ ...EMPTY_STATS, total: 1 }, [[analysis(1)]]);
    const page = listAnalysesResponseSchema.parse({ items: [analysis(1)], nextCursor: null });
    api.server.on('GET', '/analyses', () =>
      isDown ? { status: 503, body: { code: 'unavailable', message: 'Indisponível' } } : { status: 200, body: page },
    );
    await openAnalytics();
    // (A server error is retried once before it is shown.)
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar suas análises' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(within(await analysisList()).getAllByRole('article')).toHaveLength(1);
  });

  it("is where the dashboard's 'Ver Análises' leads, with a back link to the dashboard", async () => {
    const user = userEvent.setup();
    answerAnalyses(EMPTY_STATS);
    signInAs();
    const { router } = renderApp('/app');
    await user.click(await screen.findByRole('link', { name: 'Ver Análises' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Análises' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/analytics');
    expect(screen.getByRole('link', { name: 'Painel' })).toHaveAttribute('href', '/app');
  });
});
