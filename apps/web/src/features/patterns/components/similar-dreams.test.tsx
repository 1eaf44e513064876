import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/dates';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, setPlan, type TestUser } from '@/test/server/real-server';

setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

function openDream(id: string) {
  signInAs(account);
  return renderApp(['/app/dreams', `/app/dreams/${id}`]);
}

const section = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Sonhos parecidos' });
  return heading.closest('section')!;
};

describe("'Sonhos parecidos' on a dream's page", () => {
  it('lists the most similar dreams with their date, title and what they share, and opens one', async () => {
    await setPlan(account, 'lucid');
    const [source, alike] = await createDreams(account, [
      { content: 'Subia uma escada em espiral até o farol, perto do mar, com a minha avó.' },
      { title: 'O farol da avó', content: 'A avó me esperava no farol; a escada dava no mar.', dreamtOn: '2026-02-03' },
      { content: 'Uma reunião de trabalho sem fim.' },
    ]);
    openDream(source!.id);
    const region = await section();
    const link = await within(region).findByRole('link', { name: /O farol da avó/ });
    expect(link).toHaveAttribute('href', `/app/dreams/${alike!.id}`);
    expect(within(link).getByText(formatDate('2026-02-03', 'long'))).toBeInTheDocument();
    const reasons = within(link).getByText(/^Em comum: /).textContent;
    for (const word of ['farol', 'avó', 'escada', 'mar']) expect(reasons).toContain(word);
    expect(within(region).queryByText(/reunião/)).not.toBeInTheDocument();

    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'O farol da avó' })).toBeInTheDocument();
  });

  it('says so when no dream is like this one yet', async () => {
    await setPlan(account, 'oracle');
    const [only] = await createDreams(account, [{ content: 'Um único sonho com um farol.' }]);
    openDream(only!.id);
    const region = await section();
    expect(await within(region).findByText('Ainda não há sonhos parecidos com este.')).toBeInTheDocument();
  });

  it('on Dreamer, shows what the plans add and links to them', async () => {
    const [dream] = await createDreams(account, [{ content: 'Um farol no mar.' }, { content: 'Outro farol no mar.' }]);
    openDream(dream!.id);
    const region = await section();
    expect(
      await within(region).findByText('Com os planos Lucid e Oracle você vê os sonhos parecidos com este.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
    expect(within(region).queryByText(/Em comum/)).not.toBeInTheDocument();
  });
});
