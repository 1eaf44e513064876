import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { analyseDream, createDreams, createUser, setPlan, userApi, type TestUser } from '@/test/server/real-server';

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

const signsRegion = () => screen.findByRole('region', { name: 'Sinais de sonho' });
const signsList = async () => within(await signsRegion()).findByRole('group', { name: /Sinais de sonho, os fixados/ });
/** The names of the listed signs, in order (every group's). */
const signNames = async () =>
  within(await signsList())
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.tagName === 'OL')
    .map((item) => item.querySelector('p span')?.textContent);
/** The names of one group's signs, in order. */
const groupNames = async (group: string) =>
  within(await within(await signsList()).findByRole('list', { name: group }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.tagName === 'OL')
    .map((item) => item.querySelector('p span')?.textContent);

describe("'Sinais de sonho' on 'Padrões'", () => {
  it('lists the signs with their dreams as links, pins one first and unpins it', async () => {
    await setPlan(account, 'lucid');
    await createDreams(account, [
      { title: 'Voo sobre o mar', tags: ['voo'], emotions: ['alegria'] },
      { title: 'Voo na cidade', tags: ['voo'], emotions: ['alegria'] },
      { title: 'Voo baixo', tags: ['voo'] },
      { title: 'Uma prova', tags: ['escola'], emotions: ['medo'] },
      { title: 'Outra prova', tags: ['escola'], emotions: ['medo'] },
      { title: 'Mais uma prova', tags: ['escola'], emotions: ['medo'] },
      { title: 'A última prova', tags: ['escola'], emotions: ['medo'] },
      { title: 'Sem medo da prova', tags: ['escola'] },
    ]);
    openPatterns();
    const region = await signsRegion();
    expect(within(region).getByText(/Quem pratica sonho lúcido aprende seus sinais/)).toBeInTheDocument();
    // Feelings before tags; no analysed dream yet: the images' heading says when they come.
    await waitFor(async () => expect((await signNames()).slice(0, 2)).toEqual(['Medo', 'escola']));
    expect(within(region).getByText(/As imagens que se repetem aparecem aqui/)).toBeInTheDocument();
    expect(await signNames()).toContain('voo');
    expect(await signNames()).not.toContain('Alegria'); // in two dreams: below the threshold
    const voo = within(await signsList()).getByRole('list', { name: 'Sonhos com voo' });
    expect(within(voo).getByRole('link', { name: /Voo baixo/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/dreams\/[0-9a-f-]{36}$/),
    );
    expect(within(voo).getAllByRole('link')).toHaveLength(3);

    await userEvent.click(within(region).getByRole('button', { name: 'Fixar voo como sinal de sonho' }));
    await waitFor(async () => expect((await groupNames('Suas etiquetas'))[0]).toBe('voo'));
    const unpin = await within(region).findByRole('button', { name: 'Desafixar voo' });
    expect(unpin).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(unpin).toBeEnabled());
    const stored = await userApi(account).get<{ signs: { key: string; pinId: string | null }[] }>('/patterns/signs');
    expect(stored.signs.find((s) => s.key === 'voo')).toMatchObject({ pinId: expect.any(String) });

    await userEvent.click(unpin);
    await waitFor(async () => expect((await groupNames('Suas etiquetas'))[0]).toBe('escola'));
    await waitFor(async () =>
      expect(
        (await userApi(account).get<{ signs: { pinId: string | null }[] }>('/patterns/signs')).signs.some(
          (s) => s.pinId,
        ),
      ).toBe(false),
    );
    // Too few dreams for what goes together.
    expect(within(region).getByText('Ainda há poucos sonhos para ver o que vem junto')).toBeInTheDocument();
  });

  it('groups the signs under headings, the images of the analysed dreams first, then feelings, then tags', async () => {
    await setPlan(account, 'oracle');
    const dreams = await createDreams(
      account,
      Array.from({ length: 3 }, (_, i) => ({
        title: `Mar ${i}`,
        content: 'Eu nadava no mar e uma cobra enorme me seguia até a escada.',
        tags: ['praia'],
        emotions: ['medo' as const],
      })),
    );
    for (const dream of dreams) await analyseDream(account, dream.id);
    openPatterns();
    const region = await signsRegion();
    // Three analyses were just written: on a loaded machine the answer can take longer than the default wait.
    await within(region).findByRole('heading', { name: 'Imagens' }, { timeout: 15_000 });
    const headings = within(region).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Imagens',
      'Sentimentos',
      'Suas etiquetas',
      'Aparecem juntos',
    ]);
    const images = await groupNames('Imagens');
    expect(images).toEqual(expect.arrayContaining(['Mar', 'Cobra']));
    expect((await signNames()).slice(0, images.length)).toEqual(images);
    expect(await groupNames('Sentimentos')).toEqual(['Medo']);
    expect(await groupNames('Suas etiquetas')).toEqual(['praia']);
    expect(within(region).queryByText(/As imagens que se repetem aparecem aqui/)).not.toBeInTheDocument();
  });

  it('shows what appears together over enough dreams', async () => {
    await setPlan(account, 'oracle');
    await createDreams(account, [
      ...Array.from({ length: 6 }, () => ({ tags: ['queda'], emotions: ['medo' as const], isNightmare: true })),
      ...Array.from({ length: 16 }, () => ({ tags: ['parque'], emotions: ['paz' as const] })),
    ]);
    openPatterns();
    const region = await signsRegion();
    const together = await within(region).findByRole('region', { name: 'Aparecem juntos' });
    expect(await within(together).findAllByText(/Juntos em 6 sonhos de 22/)).not.toHaveLength(0);
    expect(within(together).getAllByText('Pesadelos').length).toBeGreaterThan(0);
  });

  it('shows a calm empty state when nothing recurs yet', async () => {
    await setPlan(account, 'lucid');
    await createDreams(account, [{ content: 'Um só sonho.' }]);
    openPatterns();
    expect(await within(await signsRegion()).findByText('Nada se repete o bastante ainda')).toBeInTheDocument();
  });

  it('on Dreamer, says what the signs would add and links to the plans, without asking for them', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await createDreams(account, [{ tags: ['voo'] }, { tags: ['voo'] }, { tags: ['voo'] }]);
    openPatterns();
    const region = await signsRegion();
    expect(await within(region).findByText(/você vê o que se repete nos seus sonhos/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/app/plans');
    const asked = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(asked.some((url) => url.includes('/patterns/signs'))).toBe(false);
  });
});
