import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIn } from '@/lib/dates';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, setPlan, type TestUser } from '@/test/server/real-server';

setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function openPatterns() {
  signInAs(account);
  return renderApp(['/app', '/app/analytics']);
}

const chartsRegion = () => screen.findByRole('region', { name: /Seus padrões no tempo|Gráficos de padrões/ });
const chart = async (name: string) => {
  const heading = await within(await chartsRegion()).findByRole('heading', { level: 3, name });
  return heading.closest('section')!;
};

/** The number beside a label of the journal's totals. */
const stat = async (label: string) => {
  const region = await chartsRegion();
  // While the counts load, their labels show with a placeholder for each figure (aria-busy).
  const totals = await waitFor(() => {
    const list = within(region).getByLabelText('Números do diário');
    expect(list.parentElement).not.toHaveAttribute('aria-busy');
    return list;
  });
  return within(totals).getByText(label).nextElementSibling;
};

/** Six dreams of the last night (in the user's zone, São Paulo by default): enough to see patterns. */
async function sixDreams() {
  const lastNight = addDays(todayIn('America/Sao_Paulo'), -1);
  await createDreams(account, [
    { dreamtOn: lastNight, lucidity: 2, mood: 4, sleepQuality: 5, emotions: ['alegria'], tags: ['voo'] },
    { dreamtOn: lastNight, lucidity: 1, mood: 4, sleepQuality: 5, emotions: ['alegria', 'paz'], tags: ['voo'] },
    { dreamtOn: lastNight, isNightmare: true, mood: 1, sleepQuality: 2, emotions: ['medo'], tags: ['mar'] },
    { dreamtOn: lastNight, vividness: 5 },
    { dreamtOn: lastNight, vividness: 3 },
    { dreamtOn: lastNight },
  ]);
}

describe("'Padrões' charts (/app/analytics)", () => {
  it('is called Padrões, draws the charts and shows their numbers as a table', async () => {
    await setPlan(account, 'lucid');
    await sixDreams();
    openPatterns();
    expect(await screen.findByRole('heading', { level: 1, name: 'Padrões' })).toBeInTheDocument();
    expect(await stat('Sonhos no diário')).toHaveTextContent('6');
    expect(await stat('Sonhos lúcidos')).toHaveTextContent('2');
    expect(await stat('Pesadelos')).toHaveTextContent('1');
    // The month's line says which nights it counts: on the 1st, last night's dreams are the month before's.
    const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date());
    const isFirstOfMonth = todayIn('America/Sao_Paulo').endsWith('-01');
    expect(within(await chartsRegion()).getByText(/^Este mês /)).toHaveTextContent(
      isFirstOfMonth
        ? `Este mês (noites de ${month}): 0 sonhos, 0 lúcidos, 0 pesadelos`
        : `Este mês (noites de ${month}): 6 sonhos, 2 lúcidos, 1 pesadelos`,
    );
    expect(within(await chartsRegion()).queryByText('Ainda há poucos sonhos para ver padrões')).not.toBeInTheDocument();

    const dreams = await chart('Sonhos por semana');
    // The chart is described in words (its accessible description) and drawn by recharts.
    const figure = within(dreams).getByRole('group', { name: 'Sonhos por semana' });
    expect(figure).toHaveAccessibleDescription(/6 no total, no máximo 6 em um período/);
    await waitFor(() => expect(figure.querySelector('svg.recharts-surface')).not.toBeNull());
    await userEvent.click(within(dreams).getByRole('button', { name: 'Ver como tabela' }));
    const table = within(dreams).getByRole('table', { name: 'Sonhos por semana' });
    const counts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(counts.at(-1)).toEqual(['6']);
    expect(
      counts
        .slice(0, -1)
        .flat()
        .every((n) => n === '0'),
    ).toBe(true);
    expect(within(dreams).getByRole('button', { name: 'Ver como gráfico' })).toHaveAttribute('aria-pressed', 'true');

    const moodSleep = await chart('Humor contra qualidade do sono');
    await userEvent.click(within(moodSleep).getByRole('button', { name: 'Ver como tabela' }));
    const cells = within(within(moodSleep).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(cells).toEqual(['211', '542']);

    const tags = await chart('Etiquetas no tempo');
    await userEvent.click(within(tags).getByRole('button', { name: 'Ver como tabela' }));
    const tagRows = within(within(tags).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getByRole('rowheader').textContent);
    expect(tagRows).toEqual(['voo', 'mar']);

    const nightmares = await chart('Pesadelos ao longo do tempo');
    expect(within(nightmares).getByRole('group')).toHaveAccessibleDescription(/1 no período/);
  });

  it('asks for the chosen period when the picker changes', async () => {
    await setPlan(account, 'oracle');
    await sixDreams();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openPatterns();
    await chart('Sonhos por semana');
    const asked = () => fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(asked().some((url) => url.includes('/patterns/charts?period=3m'))).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: '12 meses' }));
    expect(await chart('Sonhos por mês')).toBeInTheDocument();
    expect(asked().some((url) => url.includes('/patterns/charts?period=12m'))).toBe(true);
    expect(screen.getByRole('radio', { name: '12 meses' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says when there are still too few dreams to see patterns', async () => {
    await setPlan(account, 'lucid');
    await createDreams(account, [{ content: 'Um só sonho.' }]);
    openPatterns();
    expect(
      await within(await chartsRegion()).findByText('Ainda há poucos sonhos para ver padrões'),
    ).toBeInTheDocument();
  });

  it('on Dreamer, shows the totals and what the charts would add, with a link to the plans', async () => {
    await sixDreams();
    openPatterns();
    const region = await chartsRegion();
    expect(await within(region).findByText(/Com os planos Lucid e Oracle você vê/)).toBeInTheDocument();
    expect(within(region).getByText('quando os pesadelos aparecem')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
    expect(await stat('Sonhos no diário')).toHaveTextContent('6');
    expect(await stat('Pesadelos')).toHaveTextContent('1');
    expect(within(region).queryByRole('button', { name: 'Ver como tabela' })).not.toBeInTheDocument();
  });
});
