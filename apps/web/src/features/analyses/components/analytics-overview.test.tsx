import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { PROVIDER_RESULT } from '@/test/server/provider-results';
import {
  analyseDream,
  createDreams,
  createUser,
  scriptProvider,
  setPlan,
  type TestUser,
} from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/** A dream analysed by the local model with this reading (as of `at`, when given). */
async function analysedDream(title: string, reading: Partial<AnalysisResult>, at?: string) {
  const content = `${title}: um sonho de ${account.id}.`;
  const [dream] = await createDreams(account, [{ title, content, dreamtOn: '2025-11-08' }]);
  await scriptProvider({ needle: content, kind: 'answer', result: { ...PROVIDER_RESULT, ...reading } });
  await analyseDream(account, dream!.id, { at, instance: 'generative' });
  return dream!;
}

async function openAnalytics() {
  signInAs(account);
  const view = renderApp(['/app', '/app/analytics']);
  expect(await screen.findByRole('heading', { level: 1, name: 'Padrões' })).toBeInTheDocument();
  return view;
}

const analysisList = () => screen.findByRole('list', { name: 'Análises' });
const barsIn = (name: string) =>
  within(within(screen.getByRole('region', { name })).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('analytics page (/app/analytics)', () => {
  it('sums the analyses up: total, dream types, and the most frequent symbols, themes and emotions', async () => {
    const symbols = (...names: string[]) => names.map((symbol) => ({ symbol, meaning: `O que ${symbol} evoca.` }));
    const theme = { name: 'mudança', description: 'Algo se transforma.' };
    await analysedDream('Um', {
      symbols: symbols('água', 'casa'),
      themes: [theme],
      emotions: [{ emotion: 'medo', intensity: 0.8 }],
      dreamType: 'comum',
    });
    await analysedDream('Dois', {
      symbols: symbols('água', 'casa'),
      themes: [theme],
      emotions: [
        { emotion: 'medo', intensity: 0.6 },
        { emotion: 'paz', intensity: 0.4 },
      ],
      dreamType: 'pesadelo',
    });
    await analysedDream('Três', {
      symbols: symbols('água', 'trem'),
      themes: [theme],
      emotions: [{ emotion: 'medo', intensity: 0.7 }],
      dreamType: 'comum',
    });
    await analysedDream('Quatro', {
      symbols: symbols('água'),
      themes: [],
      emotions: [{ emotion: 'paz', intensity: 0.3 }],
      dreamType: 'lúcido',
    });
    await openAnalytics();
    const overview = await screen.findByRole('region', { name: 'Panorama' });
    expect(within(overview).getByRole('group', { name: 'Análises realizadas' })).toHaveTextContent('4');
    expect(
      within(within(overview).getByRole('list', { name: 'Tipos de sonho' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Comum2', 'Lúcido1', 'Pesadelo1']);
    // Most frequent first; counts in words.
    expect(barsIn('Símbolos frequentes')).toEqual(['água4 vezes', 'casa2 vezes', 'trem1 vez']);
    expect(barsIn('Temas frequentes')).toEqual(['mudança3 vezes']);
    expect(barsIn('Emoções frequentes')).toEqual([
      'Medo3 vezes · intensidade média 70%',
      'Paz2 vezes · intensidade média 35%',
    ]);
  });

  it('lists the analyses newest first, each linking to its dream, with its summary, type and author', async () => {
    const user = userEvent.setup();
    const mar = await analysedDream(
      'O mar',
      { summary: 'O mar noturno fala de emoções profundas.', dreamType: 'vívido' },
      '2025-11-09T08:00:00.000Z',
    );
    const [escada] = await createDreams(account, [
      {
        title: 'A escada',
        content: 'Uma escada escura sem fim, e eu caía.',
        isNightmare: true,
        dreamtOn: '2025-11-01',
      },
    ]);
    await analyseDream(account, escada!.id, { at: '2025-11-02T08:00:00.000Z' });
    const { router } = await openAnalytics();
    const list = await analysisList();
    const [first, second] = within(list).getAllByRole('article');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['O mar', 'A escada']);
    expect(within(first!).getByText('O mar noturno fala de emoções profundas.')).toBeInTheDocument();
    expect(within(first!).getByText('Vívido')).toBeInTheDocument();
    expect(within(first!).getByText('OpenAI · gpt-4o-mini')).toBeInTheDocument();
    expect(within(first!).getByText('Sonho de 8 de nov. de 2025')).toHaveAttribute('dateTime', '2025-11-08');
    expect(within(first!).getByText(/^Analisado em /)).toHaveAttribute('dateTime', '2025-11-09T08:00:00.000Z');
    expect(within(second!).getByText('Pesadelo')).toBeInTheDocument();
    expect(within(second!).getByText('Análise simbólica local')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'A escada' })).toHaveAttribute(
      'href',
      `/app/dreams/${escada!.id}`,
    );

    await user.click(within(first!).getByRole('link', { name: 'O mar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'O mar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${mar.id}`);
  });

  it("loads older analyses with 'Carregar mais' (cursor pagination)", async () => {
    const user = userEvent.setup();
    await setPlan(account, 'oracle');
    const [dream] = await createDreams(account, [{ title: 'Voo', content: 'Eu voava sobre o mar.' }]);
    for (let i = 0; i < 23; i += 1) await analyseDream(account, dream!.id);
    await openAnalytics();
    expect(within(await analysisList()).getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(within(await analysisList()).getAllByRole('article')).toHaveLength(23));
    expect(api.server.requestsTo('GET', '/analyses').at(-1)!.query.get('cursor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Essas são todas as suas análises.')).toBeInTheDocument();
  });

  it("says so when there are no analyses yet, with 'Ver Sonhos'", async () => {
    await openAnalytics();
    expect(await screen.findByRole('heading', { name: 'Nenhuma análise ainda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Sonhos' })).toHaveAttribute('href', '/app/dreams');
    expect(screen.queryByRole('region', { name: 'Panorama' })).not.toBeInTheDocument();
  });

  it('offers a retry when the analyses cannot be loaded', async () => {
    const user = userEvent.setup();
    const [dream] = await createDreams(account, [{ title: 'Voo', content: 'Eu voava sobre o mar.' }]);
    await analyseDream(account, dream!.id);
    const bringBack = api.server.down('GET', '/analyses');
    await openAnalytics();
    // (A failed request is retried once before the error is shown.)
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar suas análises' })).toBeInTheDocument();
    bringBack();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(within(await analysisList()).getAllByRole('article')).toHaveLength(1);
  });

  it("is where the dashboard's 'Ver Análises' leads, with a back link to the dashboard", async () => {
    const user = userEvent.setup();
    signInAs(account);
    const { router } = renderApp('/app');
    await user.click(await screen.findByRole('link', { name: 'Ver Análises' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Padrões' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/analytics');
    expect(screen.getByRole('link', { name: 'Painel' })).toHaveAttribute('href', '/app');
  });
});
