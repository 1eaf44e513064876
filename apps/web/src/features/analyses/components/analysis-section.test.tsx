import type { Analysis } from '@sonhario/contracts/analyses';
import { CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import { CREDIT_RULES, type CreditsSummary } from '@sonhario/contracts/credits';
import type { CreateDreamInput } from '@sonhario/contracts/dreams';
import { ACHIEVEMENTS, type AchievementId } from '@sonhario/contracts/rewards';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { PROVIDER_DISTRESS, PROVIDER_RESULT } from '@/test/server/provider-results';
import {
  analyseDream,
  answerConsent,
  createDreams,
  createUser,
  grantCredits,
  scriptProvider,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

const api = setupAppWithServer();

const BUILTIN_LABEL = 'Análise simbólica local (sem IA generativa) · léxico 2026.12';
const DREAM_TEXT = 'Eu voava sobre o mar ao entardecer e via uma casa antiga na praia.';

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function seedDream(overrides: Partial<CreateDreamInput> = {}) {
  const [dream] = await createDreams(account, [
    {
      title: 'Voando sobre o mar',
      content: DREAM_TEXT,
      dreamtOn: '2026-03-13',
      emotions: ['paz', 'alegria'],
      ...overrides,
    },
  ]);
  return dream!;
}

async function openDream(id: string) {
  signInAs(account);
  const view = renderApp(`/app/dreams/${id}`);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, section: await screen.findByRole('region', { name: 'Análise do sonho' }) };
}

/** What the server holds: the dream's analyses and the user's credits. */
const storedAnalyses = async (dreamId: string) =>
  (await userApi(account).get<{ items: Analysis[] }>(`/dreams/${dreamId}/analyses`)).items;
const credits = () => userApi(account).get<CreditsSummary>('/credits');

const creditsOf = (id: AchievementId) => ACHIEVEMENTS.find((a) => a.id === id)?.credits ?? 0;
/** A seeded dream (of an older night: no daily credit) earns 'Primeiro sonho' on every plan (decision 078). */
const BALANCE_AFTER_SEED = CREDIT_RULES.welcomeBonus + creditsOf('first_dream');
/** Then the first analysis earns 'Primeira interpretação'. */
const BALANCE_AFTER_FIRST_ANALYSIS = BALANCE_AFTER_SEED + creditsOf('first_analysis');

/** Uses up the month's plan quota (5 analyses on the Dreamer plan) with real analyses. */
async function useUpQuota(dreamId: string) {
  for (let i = 0; i < 5; i += 1) await analyseDream(account, dreamId);
}

const cardTitles = (container: HTMLElement, level = 3) =>
  within(container)
    .queryAllByRole('heading', { level })
    .map((heading) => heading.textContent);

describe('analysing a dream on its page', () => {
  it('streams the summary and interpretation as they are written, then shows the summary, questions and interpretation, the details behind their counts', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    const stalled = api.server.stallStream('POST', '/dreams/:id/analyses');
    const { section } = await openDream(dream.id);
    expect(await within(section).findByText('Este sonho ainda não foi analisado.')).toBeInTheDocument();
    expect(
      await within(section).findByText('Incluída no seu plano: 0 de 5 análises usadas este mês'),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Analisar sonho' }));

    // Held after the first piece of the summary: it shows, the rest has not come yet.
    const release = await stalled;
    const partial = await within(section).findByText(/^Você voa/);
    expect(partial.textContent).not.toContain('sentimentos mais fortes');
    expect(partial.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Analisando seu sonho…' })).toHaveFocus();
    expect(within(section).queryByText(/^A cena se passa/)).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Analisar sonho' })).not.toBeInTheDocument();

    // Laid out as the finished analysis will be: the summary being written (the caret after its last word), the
    // questions' place held, no interpretation yet.
    const live = partial.closest('[aria-live]') as HTMLElement;
    expect(cardTitles(live)).toEqual(['Resumo', 'Perguntas para refletir']);
    expect(within(partial).getByTestId('stream-caret')).toBeInTheDocument();

    release();

    const again = await within(section).findByRole('button', { name: 'Analisar novamente' });
    // After the reading, not above it (the reading is what the user came for; another one is the second thought).
    const readingEnd = within(section).getByRole('heading', { level: 3, name: 'Interpretação' });
    expect(readingEnd.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Summary and questions first, then the interpretation, then the details closed behind their counts (jsdom has
    // no wide screen: a phone's layout).
    expect(cardTitles(section)).toEqual([
      'Resumo',
      'Perguntas para refletir',
      'Interpretação',
      'Ver símbolos (3)',
      'Ver temas (3)',
      'Ver emoções (2)',
      'Ver cenários (3)',
    ]);
    expect(within(section).queryByTestId('stream-caret')).not.toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: 'Resumo' })).toHaveFocus();
    expect(
      within(section).getByText('Você voa sobre o mar. Os sentimentos mais fortes são alegria e paz.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Comum')).toBeInTheDocument();
    // Three of the four questions; the fourth behind 'Ver mais perguntas (1)'.
    const questions = within(section).getByRole('heading', {
      level: 3,
      name: 'Perguntas para refletir',
    }).parentElement!;
    expect(within(questions).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(questions).getByText('Como estava a água no sonho, e isso lembra como você tem se sentido?'),
    ).toBeInTheDocument();
    await user.click(within(questions).getByRole('button', { name: 'Ver mais perguntas (1)' }));
    expect(within(questions).getAllByRole('listitem')).toHaveLength(4);
    expect(within(questions).getByText('Que parte de você essa casa poderia representar?')).toBeInTheDocument();

    // The interpretation's paragraphs add to the cards (what is in the dream, then the classic dream's note), and none
    // repeats a symbol's or a theme's meaning.
    const interpretation = within(section).getByRole('heading', { level: 3, name: 'Interpretação' }).parentElement!;
    expect(within(interpretation).getByText(/^A cena se passa no mar/).tagName).toBe('P');
    expect(within(interpretation).getByText(/^Voar é um dos sonhos lembrados com mais prazer/)).toBeInTheDocument();
    const [stored] = await storedAnalyses(dream.id);
    for (const { meaning } of stored!.result.symbols) expect(interpretation).not.toHaveTextContent(meaning);
    for (const { description } of stored!.result.themes) expect(interpretation).not.toHaveTextContent(description);

    // The details open on a tap, and close again.
    const casa = 'A casa costuma representar você mesmo, sua vida interior e sua segurança.';
    expect(within(section).queryByText(casa)).not.toBeInTheDocument();
    const symbols = within(section).getByRole('button', { name: 'Ver símbolos (3)' });
    expect(symbols).toHaveAttribute('aria-expanded', 'false');
    await user.click(symbols);
    expect(symbols).toHaveAttribute('aria-expanded', 'true');
    expect(symbols).toHaveAccessibleName('Símbolos (3)');
    expect(within(section).getByText(casa)).toBeInTheDocument();
    expect(within(section).queryByRole('meter')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Ver emoções (2)' }));
    expect(within(section).getByRole('meter', { name: 'Intensidade de Paz' })).toHaveAttribute('aria-valuenow', '60');
    await user.click(within(section).getByRole('button', { name: 'Ver cenários (3)' }));
    expect(within(section).getByText('Praia')).toBeInTheDocument();
    await user.click(symbols);
    expect(within(section).queryByText(casa)).not.toBeInTheDocument();
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();

    // Stored and charged once; the quota line follows.
    expect(await storedAnalyses(dream.id)).toHaveLength(1);
    expect((await credits()).quota.used).toBe(1);
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
    const dream = await seedDream();
    api.server.upstream = 'generative';
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));
    expect(await within(section).findByRole('button', { name: /^Ver temas \(\d+\)$/ })).toBeInTheDocument();
    expect(within(section).getByText('Feita por OpenAI · gpt-4o-mini')).toBeInTheDocument();
    expect(within(section).queryByText(/sem IA generativa/)).not.toBeInTheDocument();
  });

  it("'Cancelar' stops the analysis: nothing stored or charged, and a toast says so", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    // The model pauses after a few words: the server is mid-analysis when the user cancels.
    api.server.upstream = 'generative';
    const model = await scriptProvider({ needle: DREAM_TEXT, kind: 'stall' });
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));
    await within(section).findByText('Você voava sobre um');

    await user.click(within(section).getByRole('button', { name: 'Cancelar' }));

    expect(await screen.findByText('Análise cancelada. Nenhum crédito foi usado.')).toBeInTheDocument();
    expect(within(section).queryByText('Você voava sobre um')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar sonho' })).toBeInTheDocument();
    // The server gives the model up (it hangs up on it), and so stores and charges nothing.
    await model.finished();
    expect(await storedAnalyses(dream.id)).toEqual([]);
    const { balance, quota } = await credits();
    expect({ balance, used: quota.used }).toEqual({ balance: BALANCE_AFTER_SEED, used: 0 });
  });

  it("shows the server's 402 message inline with a link to 'Ver Créditos', the button still enabled", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    // The month's five analyses, then as many as the credits pay (the welcome bonus and the starter achievements):
    // too little left for another.
    await useUpQuota(dream.id);
    const paid = Math.floor(BALANCE_AFTER_FIRST_ANALYSIS / CREDIT_RULES.analysisCost);
    for (let i = 0; i < paid; i += 1) await analyseDream(account, dream.id);
    const left = BALANCE_AFTER_FIRST_ANALYSIS - paid * CREDIT_RULES.analysisCost;
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText(`5 de 5 análises do plano usadas este mês · saldo: ${left} créditos`),
    ).toBeInTheDocument();
    const button = await within(section).findByRole('button', { name: 'Analisar novamente' });
    expect(button).toBeEnabled();

    await user.click(button);

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Você já usou as análises do seu plano este mês e não tem créditos suficientes para outra.',
    );
    expect(within(alert).getByRole('link', { name: 'Ver Créditos' })).toHaveAttribute('href', '/app/credits');
    expect(within(section).getByRole('button', { name: 'Analisar novamente' })).toBeEnabled();
  });

  it('says when the analysis will use credits instead of the plan', async () => {
    const dream = await seedDream();
    await useUpQuota(dream.id);
    await grantCredits(account, 10);
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText(`Esta análise usará 10 créditos (saldo: ${BALANCE_AFTER_FIRST_ANALYSIS + 10})`),
    ).toBeInTheDocument();
  });

  it("with the AI consent withdrawn, says analysis is off in place of the button; 'Consentir novamente' + 'Concordo' analyses", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    await answerConsent(account, false);
    const { section } = await openDream(dream.id);

    // The builtin reading is not called AI (issue 19).
    expect(
      await within(section).findByText(
        /A leitura simbólica dos sonhos está desativada: você retirou o seu consentimento/,
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/análise por IA/)).not.toBeInTheDocument();
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

    expect(await within(section).findByRole('heading', { level: 3, name: /^Ver temas \(\d+\)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents').map((request) => request.body)).toEqual([
      { purposes: ['ai_analysis', 'data_processing'], isGranted: true, textVersion: CONSENT_VERSION },
    ]);
    expect(api.server.requestsTo('POST', '/dreams/:id/analyses')).toHaveLength(1);
    expect(await storedAnalyses(dream.id)).toHaveLength(1);
    expect(await within(section).findByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();
  });

  it('calls the analysis AI when it is off only where the provider is a generative model', async () => {
    const dream = await seedDream();
    await answerConsent(account, false);
    api.server.upstream = 'generative';
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText(/A análise por IA está desativada: você retirou o seu consentimento/),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/leitura simbólica/)).not.toBeInTheDocument();
  });

  it('opens the details at first on a wide screen (640 px and more), each still closing on a tap', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media === '(min-width: 640px)', media }));
    const dream = await seedDream();
    await analyseDream(account, dream.id);
    const { section } = await openDream(dream.id);
    const symbols = await within(section).findByRole('button', { name: 'Símbolos (3)' });
    expect(symbols).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('button', { name: 'Temas (3)' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section).getByRole('meter', { name: 'Intensidade de Alegria' })).toBeInTheDocument();
    await user.click(symbols);
    expect(within(section).getByRole('button', { name: 'Ver símbolos (3)' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByText('Mar', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it("asks for consent when the server requires it (the consent changed elsewhere), and 'Agora não' analyses nothing", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    const { section } = await openDream(dream.id);
    const button = await within(section).findByRole('button', { name: 'Analisar sonho' });
    await answerConsent(account, false); // taken back on another device after this page loaded
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog');

    await user.click(within(dialog).getByRole('button', { name: 'Agora não' }));

    expect(await within(section).findByText(/Sem o seu consentimento, não analisamos seus sonhos/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')[0]!.body).toMatchObject({ isGranted: false });
    expect(api.server.requestsTo('POST', '/dreams/:id/analyses')).toHaveLength(1);
    expect(await storedAnalyses(dream.id)).toEqual([]);
  });

  it("shows a provider's stream error with 'Tentar novamente', which starts again", async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    // The model never answers: the server gives up after its AI_TIMEOUT_MS (3 s here).
    api.server.upstream = 'generative';
    await scriptProvider({ needle: DREAM_TEXT, kind: 'hang' });
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));

    const alert = await within(section).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('A análise não pôde ser concluída');
    expect(alert).toHaveTextContent('A análise demorou demais e foi interrompida. Nenhum crédito foi usado.');
    expect(await storedAnalyses(dream.id)).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByRole('heading', { level: 3, name: /^Ver temas \(\d+\)$/ })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the connection dropped when the stream dies midway; the retry is the same request', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    api.server.cutStream('POST', '/dreams/:id/analyses', 1);
    const { section } = await openDream(dream.id);
    await user.click(await within(section).findByRole('button', { name: 'Analisar sonho' }));

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('A conexão caiu. Nenhum crédito foi usado.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByRole('heading', { level: 3, name: /^Ver temas \(\d+\)$/ })).toBeInTheDocument();
    const [first, retry] = api.server.requestsTo('POST', '/dreams/:id/analyses');
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('opens a distressing analysis with a calm support card pointing to CVV (188, cvv.org.br)', async () => {
    const dream = await seedDream({ isNightmare: true });
    await scriptProvider({ needle: DREAM_TEXT, kind: 'answer', result: PROVIDER_DISTRESS });
    await analyseDream(account, dream.id, { instance: 'generative' });
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
    const dream = await seedDream();
    await analyseDream(account, dream.id);
    const { section } = await openDream(dream.id);
    await within(section).findByRole('heading', { level: 3, name: 'Resumo' });
    expect(within(section).queryByText('Você não está sozinho')).not.toBeInTheDocument();
  });

  it('notes an analysis made on an earlier version of the dream', async () => {
    const dream = await seedDream();
    await analyseDream(account, dream.id);
    await userApi(account).patch(`/dreams/${dream.id}`, { content: `${DREAM_TEXT} O vento era morno.` });
    const { section } = await openDream(dream.id);
    expect(
      await within(section).findByText('Esta análise foi feita numa versão anterior do sonho.'),
    ).toBeInTheDocument();
    expect(within(section).getByText(BUILTIN_LABEL)).toBeInTheDocument();
  });

  it('shows the newest analysis and lists earlier ones (date, provider), each opening to its cards', async () => {
    const user = userEvent.setup();
    const dream = await seedDream();
    // Three analyses on three days: the builtin reading, then the model's twice.
    await analyseDream(account, dream.id, { at: '2026-03-14T09:30:00.000Z' });
    await scriptProvider({
      needle: DREAM_TEXT,
      kind: 'answer',
      result: {
        ...PROVIDER_RESULT,
        summary: 'Uma leitura do meio.',
        luciditySignals: ['Você percebeu que estava sonhando'],
      },
    });
    await analyseDream(account, dream.id, { at: '2026-03-15T09:30:00.000Z', instance: 'generative' });
    await scriptProvider({
      needle: DREAM_TEXT,
      kind: 'answer',
      result: { ...PROVIDER_RESULT, summary: 'A leitura mais nova.' },
    });
    await analyseDream(account, dream.id, { at: '2026-03-16T09:30:00.000Z', instance: 'generative' });
    const { section } = await openDream(dream.id);

    expect(await within(section).findByText('A leitura mais nova.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Analisar novamente' })).toBeInTheDocument();
    const history = within(section).getByRole('region', { name: 'Análises anteriores' });
    const toggles = within(history).getAllByRole('button');
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      expect.stringMatching(/15 de mar\. de 2026.*OpenAI · gpt-4o-mini/),
      expect.stringMatching(/14 de mar\. de 2026.*Análise simbólica local/),
    ]);
    expect(within(history).queryByText('Uma leitura do meio.')).not.toBeInTheDocument();

    await user.click(toggles[0]!);

    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(history).getByText('Uma leitura do meio.')).toBeInTheDocument();
    expect(within(history).getByText('Feita por OpenAI · gpt-4o-mini')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Ver sinais de lucidez (1)' }));
    expect(cardTitles(history, 4)).toContain('Sinais de lucidez (1)');
    expect(within(history).getByText('Você percebeu que estava sonhando')).toBeInTheDocument();
  });
});
