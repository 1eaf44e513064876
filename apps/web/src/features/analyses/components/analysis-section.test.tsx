import { CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAnalysisResult } from '@/test/api-server';
import { renderApp, signInAs, useAppWithApiServer } from '@/test/app-fake';

const api = useAppWithApiServer();

const BUILTIN_LABEL = 'Análise simbólica local (sem IA generativa) · léxico 2026.11';

function seedDream(overrides: Parameters<typeof api.server.seed>[0][number] = {}) {
  const [dream] = api.server.seed([
    {
      title: 'Voando sobre o mar',
      content: 'Eu voava sobre o mar ao entardecer e via uma casa antiga na praia.',
      dreamtOn: '2026-03-13',
      emotions: ['paz', 'alegria'],
      ...overrides,
    },
  ]);
  return dream!;
}

async function openDream(id: string) {
  signInAs();
  const view = renderApp(`/app/dreams/${id}`);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, section: await screen.findByRole('region', { name: 'Análise do sonho' }) };
}

const cardTitles = (container: HTMLElement, level = 3) =>
  within(container)
    .queryAllByRole('heading', { level })
    .map((heading) => heading.textContent);

describe('analysing a dream on its page', () => {
  it('streams the summary and interpretation as they are written, then shows the analysis as cards', async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    const release = api.server.pauseNextAnalysis();
    const { section } = await openDream(dream.id);
    expect(await within(section).findByText('Este sonho ainda não foi analisado.')).toBeInTheDocument();
    expect(
      await within(section).findByText('Incluída no seu plano: 0 de 5 análises usadas este mês'),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Analisar sonho' }));

    // Paused after the first piece of the summary: it shows, the rest has not come yet.
    const partial = await within(section).findByText('Você voava sobre um mar');
    expect(partial.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Analisando seu sonho…' })).toHaveFocus();
    expect(within(section).queryByText(/Voar costuma falar de liberdade/)).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Analisar sonho' })).not.toBeInTheDocument();

    release();

    expect(await within(section).findByRole('heading', { level: 3, name: 'Temas' })).toBeInTheDocument();
    expect(cardTitles(section)).toEqual([
      'Resumo',
      'Interpretação',
      'Temas',
      'Símbolos',
      'Emoções',
      'Personagens & Cenários',
      'Tipo de sonho',
      'Perguntas para refletir',
    ]);
    expect(within(section).getByRole('heading', { level: 3, name: 'Resumo' })).toHaveFocus();
    expect(
      within(section).getByText('Você voava sobre um mar calmo ao entardecer, até avistar uma casa antiga na praia.'),
    ).toBeInTheDocument();
    // The interpretation's two paragraphs.
    expect(within(section).getByText(/^Voar costuma falar de liberdade/).tagName).toBe('P');
    expect(within(section).getByText(/^O mar calmo sugere emoções em paz/).tagName).toBe('P');
    expect(within(section).getByText('Casa antiga').nextElementSibling).toHaveTextContent(
      'Memórias e a própria história.',
    );
    expect(within(section).getByRole('meter', { name: 'Intensidade de Paz' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(section).getByText('Vívido')).toBeInTheDocument();
    expect(within(section).getByText('Que lembrança a casa antiga desperta em você?')).toBeInTheDocument();
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();

    // Stored and charged once; the quota line follows.
    expect(api.server.analyses).toHaveLength(1);
    expect(api.server.credits.used).toBe(1);
    expect(
      await within(section).findByText('Incluída no seu plano: 1 de 5 análises usadas este mês'),
    ).toBeInTheDocument();
    const [request] = api.server.requestsTo('POST', '/dreams/:id/analyses');
    expect(request!.headers.accept).toBe('text/event-stream');
    expect(request!.headers['idempotency-key']).toMatch(/^analysis-[0-9a-f]{32}$/);
    expect(request!.body).toEqual({});
    // The new analysis came from the stream: the dream's list is not asked again.
    expect(api.server.requestsTo('GET', '/dreams/:id/analyses')).toHaveLength(1);
  });

  it("names a generative provider and its model: 'Feita por OpenAI · gpt-4o-mini'", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.analysisRun = {
      ...api.server.analysisRun,
      provider: 'openai',
      model: 'gpt-4o-mini',
      isGenerative: true,
    };
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));
    expect(await within(section).findByRole('heading', { level: 3, name: 'Temas' })).toBeInTheDocument();
    expect(within(section).getByText('Feita por OpenAI · gpt-4o-mini')).toBeInTheDocument();
    expect(within(section).queryByText(/sem IA generativa/)).not.toBeInTheDocument();
  });

  it("'Cancelar' stops the analysis: nothing stored or charged, and a toast says so", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    const release = api.server.pauseNextAnalysis();
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));
    await within(section).findByText('Você voava sobre um mar');

    await user.click(within(section).getByRole('button', { name: 'Cancelar' }));

    expect(await screen.findByText('Análise cancelada. Nenhum crédito foi usado.')).toBeInTheDocument();
    expect(within(section).queryByText('Você voava sobre um mar')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar sonho' })).toBeInTheDocument();
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.server.analyses).toHaveLength(0);
    expect(api.server.credits).toEqual({ balance: 10, used: 0 });
  });

  it("shows the server's 402 message inline with a link to 'Ver Créditos', the button still enabled", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.credits = { balance: 0, used: 5 };
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText('5 de 5 análises do plano usadas este mês · saldo: 0 créditos'),
    ).toBeInTheDocument();
    const button = within(section).getByRole('button', { name: 'Analisar sonho' });
    expect(button).toBeEnabled();

    await user.click(button);

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Você já usou as 5 análises do seu plano este mês e não tem créditos suficientes (cada análise custa 10 créditos).',
    );
    expect(within(alert).getByRole('link', { name: 'Ver Créditos' })).toHaveAttribute('href', '/app/credits');
    expect(within(section).getByRole('button', { name: 'Analisar sonho' })).toBeEnabled();
  });

  it('says when the analysis will use credits instead of the plan', async () => {
    const dream = seedDream();
    api.server.credits = { balance: 20, used: 5 };
    const { section } = await openDream(dream.id);
    expect(await within(section).findByText('Esta análise usará 10 créditos (saldo: 20)')).toBeInTheDocument();
  });

  it("with the AI consent withdrawn, says analysis is off in place of the button; 'Consentir novamente' + 'Concordo' analyses", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.setConsents('withdrawn');
    const { section } = await openDream(dream.id);

    expect(
      await within(section).findByText(/A análise por IA está desativada: você retirou o seu consentimento/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Analisar sonho' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver em Configurações' })).toHaveAttribute(
      'href',
      '/app/settings#privacidade',
    );
    await user.click(within(section).getByRole('button', { name: 'Consentir novamente' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Análise de sonhos com IA' });
    expect(within(dialog).getByText(CONSENT_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Agora não' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Concordo' }));

    expect(await within(section).findByRole('heading', { level: 3, name: 'Temas' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents').map((request) => request.body)).toEqual([
      { purposes: ['ai_analysis', 'data_processing'], isGranted: true, textVersion: CONSENT_VERSION },
    ]);
    expect(api.server.requestsTo('POST', '/dreams/:id/analyses')).toHaveLength(1);
    expect(api.server.analyses).toHaveLength(1);
    expect(await within(section).findByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();
  });

  it("asks for consent when the server requires it (the consent changed elsewhere), and 'Agora não' analyses nothing", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    const { section } = await openDream(dream.id);
    const button = await within(section).findByRole('button', { name: 'Analisar sonho' });
    api.server.setConsents('withdrawn'); // taken back on another device after this page loaded
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');

    await user.click(within(dialog).getByRole('button', { name: 'Agora não' }));

    expect(await within(section).findByText(/Sem o seu consentimento, não analisamos seus sonhos/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')[0]!.body).toMatchObject({ isGranted: false });
    expect(api.server.requestsTo('POST', '/dreams/:id/analyses')).toHaveLength(1);
    expect(api.server.analyses).toHaveLength(0);
  });

  it("shows a provider's stream error with 'Tentar novamente', which starts again", async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.analysisRun = {
      ...api.server.analysisRun,
      failure: { code: 'provider_timeout', message: 'A análise demorou demais e foi interrompida.' },
    };
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('A análise não pôde ser concluída');
    expect(alert).toHaveTextContent('A análise demorou demais e foi interrompida. Nenhum crédito foi usado.');
    expect(api.server.analyses).toHaveLength(0);

    api.server.analysisRun = { ...api.server.analysisRun, failure: null };
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByRole('heading', { level: 3, name: 'Temas' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the connection dropped when the stream dies midway; the retry is the same request', async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.once('POST', '/dreams/:id/analyses', () => ({
      status: 200,
      stream: [
        { event: 'start', data: { provider: 'builtin', model: 'léxico 2026.11', isGenerative: false } },
        { event: 'delta', data: { field: 'summary', text: 'Você voava ' } },
        'drop',
      ],
    }));
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('A conexão caiu. Nenhum crédito foi usado.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByRole('heading', { level: 3, name: 'Temas' })).toBeInTheDocument();
    const [first, retry] = api.server.requestsTo('POST', '/dreams/:id/analyses');
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('opens a distressing analysis with a calm support card pointing to CVV (188, cvv.org.br)', async () => {
    const dream = seedDream({ isNightmare: true });
    api.server.seedAnalyses(dream.id, [
      { result: makeAnalysisResult({ distress: true, dreamType: 'pesadelo', sentiment: -0.7 }) },
    ]);
    const { section } = await openDream(dream.id);

    const support = await within(section).findByRole('complementary', { name: 'Você não está sozinho' });
    expect(support).toHaveTextContent('CVV — Centro de Valorização da Vida');
    expect(support).toHaveTextContent('24 horas');
    expect(within(support).getByRole('link', { name: 'Ligar para o 188' })).toHaveAttribute('href', 'tel:188');
    const site = within(support).getByRole('link', { name: /cvv\.org\.br/ });
    expect(site).toHaveAttribute('href', 'https://cvv.org.br');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    const summary = within(section).getByRole('heading', { level: 3, name: 'Resumo' });
    expect(support.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no support card when the analysis sensed no distress', async () => {
    const dream = seedDream();
    api.server.seedAnalyses(dream.id, [{}]);
    const { section } = await openDream(dream.id);
    await within(section).findByRole('heading', { level: 3, name: 'Resumo' });
    expect(within(section).queryByText('Você não está sozinho')).not.toBeInTheDocument();
  });

  it('notes an analysis made on an earlier version of the dream', async () => {
    const dream = seedDream({ version: 3 });
    api.server.seedAnalyses(dream.id, [{ dreamVersion: 2 }]);
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText('Esta análise foi feita numa versão anterior do sonho.'),
    ).toBeInTheDocument();
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
  });

  it('shows the newest analysis and lists earlier ones (date, provider), each opening to its cards', async () => {
    const user = userEvent.setup();
    const dream = seedDream();
    api.server.seedAnalyses(dream.id, [
      { createdAt: '2026-03-16T09:30:00.000Z', result: makeAnalysisResult({ summary: 'A leitura mais nova.' }) },
      {
        createdAt: '2026-03-15T09:30:00.000Z',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        result: makeAnalysisResult({
          summary: 'Uma leitura do meio.',
          luciditySignals: ['Você percebeu que estava sonhando'],
        }),
      },
      { createdAt: '2026-03-14T09:30:00.000Z', result: makeAnalysisResult({ summary: 'A primeira leitura.' }) },
    ]);
    const { section } = await openDream(dream.id);

    expect(await within(section).findByText('A leitura mais nova.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();
    const history = within(section).getByRole('region', { name: 'Análises anteriores' });
    const toggles = within(history).getAllByRole('button');
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      expect.stringMatching(/15 de mar\. de 2026.*Anthropic · claude-sonnet-4-5/),
      expect.stringMatching(/14 de mar\. de 2026.*Análise simbólica local/),
    ]);
    expect(within(history).queryByText('Uma leitura do meio.')).not.toBeInTheDocument();

    await user.click(toggles[0]!);

    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(history).getByText('Uma leitura do meio.')).toBeInTheDocument();
    expect(within(history).getByText('Feita por Anthropic · claude-sonnet-4-5')).toBeInTheDocument();
    expect(cardTitles(history, 4)).toContain('Sinais de lucidez');
    expect(within(history).getByText('Você percebeu que estava sonhando')).toBeInTheDocument();
  });
});
