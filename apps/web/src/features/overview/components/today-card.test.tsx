import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, formatListDate, lastNightIn } from '@/lib/dates';
import { applyLanguage } from '@/lib/preferences';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, type TestUser, userApi } from '@/test/server/real-server';

setupAppWithServer();
afterEach(() => applyLanguage('pt-BR'));

/** An instant `days` days before now (the day a dream was recorded, for the streaks). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function openToday(account: TestUser, title = 'Hoje') {
  signInAs(account);
  const view = renderApp('/app');
  const card = await screen.findByRole('region', { name: title });
  // Loaded: the streak's state is there.
  await within(card).findByTestId('today-streak-state');
  return { ...view, card };
}

describe("the dashboard's 'Hoje' card (issue 19)", () => {
  it('comes first: before the numbers, the recent dreams and the shortcut cards', async () => {
    const { card } = await openToday(await createUser());
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf(card.getAttribute('aria-labelledby'))).toBe(0);
    for (const name of ['Seus números', 'Atividade Recente', 'Atalhos']) {
      expect(
        card.compareDocumentPosition(screen.getByRole('region', { name })) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it("with no dream yet: no streak, a blank journal, and 'Registrar o sonho de hoje' opening the form", async () => {
    const user = userEvent.setup();
    const { card, router } = await openToday(await createUser());
    expect(within(card).getByText('0 dias seguidos')).toBeInTheDocument();
    expect(within(card).getByTestId('today-streak-state')).toHaveTextContent('Registre hoje para começar uma');
    expect(within(card).getByText('Seu diário ainda está em branco.')).toBeInTheDocument();
    expect(within(card).getByText('Anote o sonho da noite passada antes que ele se desfaça.')).toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Registrar o sonho de hoje' }));
    expect(await screen.findByRole('form', { name: 'Novo sonho' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dreams/new');
  });

  it('with a streak that today does not count yet: says so and asks for a dream to keep it', async () => {
    const account = await createUser();
    await createDreams(account, [
      { title: 'A escada', content: 'Uma escada sem fim.', at: daysAgo(2) },
      { title: 'O jardim', content: 'Um jardim à noite.', at: daysAgo(1) },
    ]);
    const { card } = await openToday(account);
    expect(within(card).getByText('2 dias seguidos')).toBeInTheDocument();
    expect(within(card).getByTestId('today-streak-state')).toHaveTextContent('Hoje ainda não conta');
    expect(within(card).getByText('Registre um sonho hoje para manter a sequência.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'O jardim' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Registrar o sonho de hoje' })).toHaveAttribute(
      'href',
      '/app/dreams/new',
    );
  });

  it('after a dream today: today counts, the last dream links to its page, and the next step opens it', async () => {
    const user = userEvent.setup();
    const account = await createUser();
    const lastNight = lastNightIn(browserTimeZone());
    const [, today] = await createDreams(account, [
      { title: 'A escada', content: 'Uma escada sem fim.', at: daysAgo(1) },
      { title: 'O farol', content: 'Um farol aceso no mar.', dreamtOn: lastNight },
    ]);
    const { card, router } = await openToday(account);
    expect(within(card).getByText('2 dias seguidos')).toBeInTheDocument();
    expect(within(card).getByTestId('today-streak-state')).toHaveTextContent('Hoje já conta');
    const last = within(card).getByRole('link', { name: 'O farol' });
    expect(last).toHaveAttribute('href', `/app/dreams/${today!.id}`);
    expect(within(card).getByText(formatListDate(lastNight, browserTimeZone()))).toHaveAttribute('dateTime', lastNight);
    expect(within(card).queryByRole('link', { name: 'Registrar o sonho de hoje' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('link', { name: 'Abrir o sonho de hoje' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'O farol' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/app/dreams/${today!.id}`);
  });

  it('a night marked without recall counts for today, and recording is still offered', async () => {
    const account = await createUser();
    await createDreams(account, [{ title: 'A escada', content: 'Uma escada sem fim.', at: daysAgo(1) }]);
    await userApi(account).post('/rewards/no-recall', {}, 201);
    const { card } = await openToday(account);
    expect(
      await within(card).findByText((_, element) => element?.textContent === 'Hoje conta: noite sem lembrança'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Lembrou de algo depois? Ainda dá para registrar.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Registrar o sonho de hoje' })).toBeInTheDocument();
  });

  it("in English (the profile's language)", async () => {
    const account = await createUser();
    await userApi(account).patch('/me/profile', { locale: 'en' });
    await createDreams(account, [{ title: 'The lighthouse', content: 'A lighthouse at sea.' }]);
    const { card } = await openToday(account, 'Today');
    expect(within(card).getByText('1 day in a row')).toBeInTheDocument();
    expect(within(card).getByTestId('today-streak-state')).toHaveTextContent('Today already counts');
    expect(within(card).getByText('Last dream')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "Open today's dream" })).toBeInTheDocument();
  });
});
