import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { PROVIDER_RESULT } from '@/test/server/provider-results';
import {
  analyseDream,
  createDreams,
  createUser,
  scriptProvider,
  type TestUser,
  userApi,
} from '@/test/server/real-server';

setupAppWithServer();

const ASKED_TEXT = 'Subi a escada em espiral do farol da ilha enquanto as gaivotas gritavam lá fora.';
const INTERPRETATION =
  'O farol volta aqui como em [D1], talvez com a mesma luz.\n\nA escada lembra [D2]; só você sabe o que ela guarda.';

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/**
 * A generative analysis (the generative instance, its local OpenAI-compatible model scripted) whose interpretation
 * cites two earlier dreams; the second is then deleted. Returns the cited dreams' ids and titles, D1 and D2.
 */
async function analysisCitingTwo() {
  await createDreams(account, [
    { title: 'O farol aceso', content: 'Um farol aceso na ilha, e gaivotas em volta da luz.', dreamtOn: '2026-03-01' },
    { title: 'A escada do farol', content: 'A escada em espiral do farol da ilha, sem fim.', dreamtOn: '2026-03-05' },
    { title: 'Gaivotas', content: 'Gaivotas gritavam sobre a ilha e o farol.', dreamtOn: '2026-03-08' },
  ]);
  const [asked] = await createDreams(account, [{ title: 'Subindo', content: ASKED_TEXT, dreamtOn: '2026-03-13' }]);
  await scriptProvider({
    needle: ASKED_TEXT,
    kind: 'answer',
    result: { ...PROVIDER_RESULT, interpretation: INTERPRETATION },
  });
  const analysis = await analyseDream(account, asked!.id, { instance: 'generative' });
  const [d1, d2] = analysis.relatedDreams ?? [];
  expect(d1?.ref).toBe('D1');
  expect(d2?.ref).toBe('D2');
  await userApi(account).delete(`/dreams/${d2!.dreamId}`);
  return { asked: asked!, d1: d1!, d2: d2! };
}

async function interpretationOf(dreamId: string, sectionName: string, cardName: string) {
  signInAs(account);
  renderApp(`/app/dreams/${dreamId}`);
  await screen.findByRole('heading', { level: 1 });
  const section = await screen.findByRole('region', { name: sectionName });
  const heading = await within(section).findByRole('heading', { level: 3, name: cardName });
  return heading.parentElement!;
}

describe('an analysis that cites earlier dreams (decision 064)', () => {
  it('links each cited dream to its page; a dream deleted since reads as plain words (pt-BR)', async () => {
    const { asked, d1, d2 } = await analysisCitingTwo();
    const card = await interpretationOf(asked.id, 'Análise do sonho', 'Interpretação');

    const link = within(card).getByRole('link', { name: d1.title! });
    expect(link).toHaveAttribute('href', `/app/dreams/${d1.dreamId}`);
    expect(card).toHaveTextContent(`O farol volta aqui como em ${d1.title!}, talvez com a mesma luz.`);
    expect(card).toHaveTextContent('A escada lembra um sonho que não está mais no diário; só você sabe');
    expect(within(card).queryByRole('link', { name: d2.title! })).not.toBeInTheDocument();
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(card.textContent).not.toContain('[D');
  });

  it('reads the same in English', async () => {
    const { asked, d1 } = await analysisCitingTwo();
    await userApi(account).patch('/me/profile', { locale: 'en' });
    const card = await interpretationOf(asked.id, 'Dream analysis', 'Interpretation');

    expect(within(card).getByRole('link', { name: d1.title! })).toHaveAttribute('href', `/app/dreams/${d1.dreamId}`);
    expect(card).toHaveTextContent('A escada lembra a dream no longer in the journal;');
    expect(card.textContent).not.toContain('[D');
  });

  it("links the dreams cited in the summary, a question, a symbol's meaning and a theme's description too", async () => {
    await createDreams(account, [
      {
        title: 'O farol aceso',
        content: 'Um farol aceso na ilha, e gaivotas em volta da luz.',
        dreamtOn: '2026-03-01',
      },
      { title: 'A escada do farol', content: 'A escada em espiral do farol da ilha, sem fim.', dreamtOn: '2026-03-05' },
    ]);
    const [asked] = await createDreams(account, [{ title: 'Subindo', content: ASKED_TEXT, dreamtOn: '2026-03-13' }]);
    await scriptProvider({
      needle: ASKED_TEXT,
      kind: 'answer',
      result: {
        ...PROVIDER_RESULT,
        summary: 'Você subia o farol de [D1] outra vez.',
        reflectionQuestions: ['O que a escada de [D2] guarda?', 'O que na sua vida hoje pede mais leveza?'],
        symbols: [{ symbol: 'Farol', meaning: 'A mesma luz de [D1].' }],
        themes: [{ name: 'Retorno', description: 'A escada volta, como em [D2].' }],
      },
    });
    const analysis = await analyseDream(account, asked!.id, { instance: 'generative' });
    const byRef = new Map((analysis.relatedDreams ?? []).map((ref) => [ref.ref, ref]));
    const d1 = byRef.get('D1')!;
    const d2 = byRef.get('D2')!;

    const summary = await interpretationOf(asked!.id, 'Análise do sonho', 'Resumo');
    expect(within(summary).getByRole('link', { name: d1.title! })).toHaveAttribute('href', `/app/dreams/${d1.dreamId}`);
    expect(summary).toHaveTextContent(`Você subia o farol de ${d1.title!} outra vez.`);

    const section = screen.getByRole('region', { name: 'Análise do sonho' });
    const questions = within(section).getByRole('heading', {
      level: 3,
      name: 'Perguntas para refletir',
    }).parentElement!;
    expect(within(questions).getByRole('link', { name: d2.title! })).toHaveAttribute(
      'href',
      `/app/dreams/${d2.dreamId}`,
    );
    expect(questions).toHaveTextContent(`O que a escada de ${d2.title!} guarda?`);

    // The details wait behind their counts on a narrow screen: open them as the reader would.
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Ver símbolos (1)' }));
    await user.click(within(section).getByRole('button', { name: 'Ver temas (1)' }));
    const symbols = within(section).getByTestId('analysis-details-symbols');
    expect(within(symbols).getByRole('link', { name: d1.title! })).toHaveAttribute('href', `/app/dreams/${d1.dreamId}`);
    const themes = within(section).getByTestId('analysis-details-themes');
    expect(within(themes).getByRole('link', { name: d2.title! })).toHaveAttribute('href', `/app/dreams/${d2.dreamId}`);
    expect(section.textContent).not.toMatch(/\[D\d/);
  });
});
