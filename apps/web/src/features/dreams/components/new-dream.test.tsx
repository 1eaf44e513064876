import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dream, DreamListItem } from '@sonhario/contracts/dreams';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, type TestUser, userApi } from '@/test/server/real-server';
import { addDays, browserTimeZone, todayIn } from '@/lib/dates';
import { draftStorageKey } from '../hooks/use-dream-draft';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

/** The dreams the server holds for the user, newest first. */
const storedDreams = async () => (await userApi(account).get<{ items: DreamListItem[] }>('/dreams')).items;

async function openForm() {
  signInAs(account);
  const view = renderApp(['/app', '/app/dreams/new']);
  const form = await screen.findByRole('form', { name: 'Novo sonho' });
  return { ...view, form, content: within(form).getByLabelText('O que você sonhou?') };
}

const saveButton = (form: HTMLElement) => within(form).getByRole('button', { name: /Salvar sonho|Salvando/ });
const storedDraft = () =>
  JSON.parse(localStorage.getItem(draftStorageKey(account.id)) ?? 'null') as {
    idempotencyKey: string;
    values: Record<string, unknown>;
  } | null;

describe('recording a dream (/app/dreams/new)', () => {
  it('opens ready to type: the text field focused, details folded, the date on last night', async () => {
    const { form, content } = await openForm();
    await waitFor(() => expect(content).toHaveFocus());
    expect(content.tagName).toBe('TEXTAREA');
    expect(within(form).getByLabelText(/^Título/)).toHaveAttribute(
      'placeholder',
      'Em branco, usamos as primeiras palavras',
    );
    const date = within(form).getByLabelText('Data do sonho');
    const today = todayIn(browserTimeZone());
    expect(date).toHaveValue(addDays(today, -1));
    expect(date).toHaveAttribute('max', today);
    const details = within(form).getByRole('button', { name: /Mais detalhes/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(within(form).queryByRole('group', { name: 'Emoções' })).not.toBeInTheDocument();
  });

  it('validates with the shared schema, in pt-BR, before sending anything', async () => {
    const user = userEvent.setup();
    const { form } = await openForm();
    await user.click(saveButton(form));
    expect(await within(form).findByText('Escreva o seu sonho')).toBeInTheDocument();
    expect(within(form).getByLabelText('O que você sonhou?')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByLabelText('O que você sonhou?'), 'Um sonho de amanhã?');
    const date = within(form).getByLabelText('Data do sonho');
    await user.clear(date);
    await user.type(date, addDays(todayIn(browserTimeZone()), 1));
    await user.click(saveButton(form));
    expect(await within(form).findByText('A data do sonho não pode estar no futuro')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(0);
  });

  it("shows the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    // The form opens on the profile's zone, 14 hours ahead of UTC: its today is a valid date there.
    await userApi(account).patch('/me/profile', { timeZone: 'Pacific/Kiritimati' });
    const { form, content } = await openForm();
    await user.type(content, 'Um sonho que chegou cedo.');
    const date = within(form).getByLabelText('Data do sonho');
    await user.clear(date);
    await user.type(date, todayIn('Pacific/Kiritimati'));
    // Meanwhile the zone changes on another device to one 12 hours behind UTC, where that day has not begun.
    await userApi(account).patch('/me/profile', { timeZone: 'Etc/GMT+12' });
    await user.click(saveButton(form));
    expect(await within(form).findByText('A data do sonho não pode estar no futuro')).toBeInTheDocument();
    expect(within(form).getByLabelText('Data do sonho')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Confira os campos destacados.')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(1);
    expect(await storedDreams()).toEqual([]);
  });

  it('records the dream with every detail, says so, and opens its page', async () => {
    const user = userEvent.setup();
    await createDreams(account, [{ content: 'Antes.', tags: ['família'] }]);
    const { form, content, router } = await openForm();
    await user.type(content, 'Eu estava voando sobre o mar.');
    await user.type(within(form).getByLabelText(/^Título/), 'Voo noturno');
    await user.click(within(form).getByRole('button', { name: /Mais detalhes/ }));

    await user.click(within(form).getByRole('radio', { name: 'Bem' }));
    const emotions = within(form).getByRole('group', { name: 'Emoções' });
    await user.click(within(emotions).getByRole('button', { name: 'Medo' }));
    await user.click(within(emotions).getByRole('button', { name: 'Alegria' }));
    expect(within(emotions).getByRole('button', { name: 'Medo' })).toHaveAttribute('aria-pressed', 'true');

    const tags = within(form).getByLabelText('Etiquetas');
    await user.type(tags, 'mar{Enter}céu,');
    await user.click(await within(form).findByRole('button', { name: 'Adicionar etiqueta família' }));
    expect(within(form).getByRole('list', { name: 'Etiquetas' })).toHaveTextContent('#mar#céu#família');

    await user.click(within(form).getByRole('radio', { name: 'Moderada' }));
    await user.click(
      within(within(form).getByRole('radiogroup', { name: 'Vividez' })).getByRole('radio', { name: 'Muito nítido' }),
    );
    await user.click(within(form).getByRole('switch', { name: 'Pesadelo' }));
    await user.click(saveButton(form));

    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Voo noturno' })).toBeInTheDocument();
    const [post] = api.server.requestsTo('POST', '/dreams');
    expect(post!.body).toEqual({
      content: 'Eu estava voando sobre o mar.',
      title: 'Voo noturno',
      notes: null,
      dreamtOn: addDays(todayIn(browserTimeZone()), -1),
      mood: 4,
      emotions: ['alegria', 'medo'],
      tags: ['mar', 'céu', 'família'],
      lucidity: 2,
      vividness: 5,
      sleepQuality: null,
      isNightmare: true,
      isRecurring: false,
    });
    expect(post!.headers['idempotency-key']).toMatch(/^draft-[0-9a-f]{32}$/);
    const created = (await storedDreams()).find((dream) => dream.title === 'Voo noturno')!;
    expect(router.state.location.pathname).toBe(`/app/dreams/${created.id}`);
    // Replaced, so Back goes to where the user came from, not to an empty form.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(storedDraft()).toBeNull();
  });

  it('is busy while saving: the button says so and cannot be pressed again', async () => {
    const user = userEvent.setup();
    const release = api.server.hold('POST', '/dreams');
    const { form, content } = await openForm();
    await user.type(content, 'Um corredor sem fim.');
    await user.click(saveButton(form));
    const busy = await within(form).findByRole('button', { name: 'Salvando...' });
    expect(busy).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    (await release)();
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/dreams')).toHaveLength(1);
    expect(await storedDreams()).toHaveLength(1);
  });

  it('records one dream on a double click', async () => {
    const user = userEvent.setup();
    const { form, content } = await openForm();
    await user.type(content, 'Duas portas iguais.');
    await user.dblClick(saveButton(form));
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    const keys = new Set(api.server.requestsTo('POST', '/dreams').map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(await storedDreams()).toHaveLength(1);
  });

  it('keeps a draft while typing and restores it after a reload; discarding starts afresh', async () => {
    const user = userEvent.setup();
    const first = await openForm();
    await user.type(first.content, 'Uma escada que descia para o mar');
    await waitFor(() => expect(storedDraft()?.values).toEqual({ content: 'Uma escada que descia para o mar' }));
    expect(within(first.form).getByText('Rascunho guardado neste aparelho')).toBeInTheDocument();
    const { idempotencyKey } = storedDraft()!;
    first.unmount();

    const second = await openForm();
    expect(second.content).toHaveValue('Uma escada que descia para o mar');
    expect(screen.getByRole('note')).toHaveTextContent('Continuando o rascunho que ficou guardado neste aparelho.');
    // The same draft keeps its key: a save attempted before the reload and retried after it is one dream.
    expect(storedDraft()?.idempotencyKey).toBe(idempotencyKey);

    await user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    const fresh = await screen.findByRole('form', { name: 'Novo sonho' });
    expect(within(fresh).getByLabelText('O que você sonhou?')).toHaveValue('');
    expect(storedDraft()).toBeNull();
  });

  it('keeps the text and the draft when the connection fails, and retries with the same key without a duplicate', async () => {
    const user = userEvent.setup();
    // The first attempt reaches the server, which records the dream, but the answer is lost on the way back.
    api.server.drop('POST', '/dreams', 'after');
    const { form, content, router } = await openForm();
    await user.type(content, 'Um trem que não parava em nenhuma estação.');
    await user.click(saveButton(form));

    expect(await screen.findByText('Não foi possível salvar o sonho')).toBeInTheDocument();
    expect(
      screen.getByText(/Sem conexão com o servidor\. Seu texto continua guardado neste aparelho/),
    ).toBeInTheDocument();
    expect(content).toHaveValue('Um trem que não parava em nenhuma estação.');
    expect(router.state.location.pathname).toBe('/app/dreams/new');
    expect(storedDraft()?.values.content).toBe('Um trem que não parava em nenhuma estação.');
    const draftKey = storedDraft()?.idempotencyKey;

    await user.click(saveButton(form));
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    const posts = api.server.requestsTo('POST', '/dreams');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    expect(posts[0]!.headers['idempotency-key']).toBe(draftKey);
    expect(await storedDreams()).toHaveLength(1);
    expect(storedDraft()).toBeNull();
  });

  it('brings the stored dream up to date when the text changed between a lost answer and the retry', async () => {
    const user = userEvent.setup();
    api.server.drop('POST', '/dreams', 'after');
    const { form, content } = await openForm();
    await user.type(content, 'Um jardim');
    await user.click(saveButton(form));
    await screen.findByText('Não foi possível salvar o sonho');
    await user.type(content, ' de vidro.');
    await user.click(saveButton(form));
    expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    const stored = await storedDreams();
    expect(stored).toHaveLength(1);
    expect((await userApi(account).get<Dream>(`/dreams/${stored[0]!.id}`)).content).toBe('Um jardim de vidro.');
    expect(api.server.requestsTo('PATCH', '/dreams/:id')[0]!.body).toMatchObject({
      content: 'Um jardim de vidro.',
      version: 1,
    });
  });

  it('moves between emotion chips with the arrow keys and toggles them with Space', async () => {
    const user = userEvent.setup();
    const { form } = await openForm();
    await user.click(within(form).getByRole('button', { name: /Mais detalhes/ }));
    const emotions = within(form).getByRole('group', { name: 'Emoções' });
    within(emotions).getByRole('button', { name: 'Alegria' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(emotions).getByRole('button', { name: 'Medo' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(emotions).getByRole('button', { name: 'Medo' })).toHaveAttribute('aria-pressed', 'true');
  });

  describe('celebrating what the save earned (docs/decisions/026)', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

    async function saveADream() {
      const user = userEvent.setup();
      const { form, content } = await openForm();
      await user.type(content, 'Eu caminhava numa praia de vidro.');
      await user.click(saveButton(form));
      expect(await screen.findByText('Sonho registrado')).toBeInTheDocument();
    }

    /** The toast whose title is `title` (sonner's list item). */
    const toastTitled = async (title: string) => (await screen.findByText(title)).closest('li')!;

    it("credits the day's first dream", async () => {
      await saveADream();
      const toast = await toastTitled('+1 crédito · primeiro sonho do dia');
      // The star glows only for users who accept motion.
      expect(toast.querySelector('.motion-safe\\:animate-reward-twinkle')).not.toBeNull();
    });

    it('names a streak milestone first, then the day’s credit', async () => {
      await createDreams(account, [
        { content: 'Uma escada.', at: daysAgo(2) },
        { content: 'Um farol.', at: daysAgo(1) },
      ]);
      await saveADream();
      const toast = await toastTitled('Sequência de 3 dias! +5 créditos');
      expect(within(toast).getByText('+1 crédito · primeiro sonho do dia')).toBeInTheDocument();
    });

    it("names 'Primeiro sonho', unlocked on every plan, Dreamer too (decision 078)", async () => {
      await saveADream();
      const toast = await toastTitled('Conquista desbloqueada: Primeiro sonho · +5 créditos');
      expect(within(toast).getByText('+1 crédito · primeiro sonho do dia')).toBeInTheDocument();
    });

    it('says nothing more for a second dream the same day', async () => {
      await createDreams(account, [{ content: 'O primeiro de hoje.' }]);
      await saveADream();
      expect(screen.queryByText('+1 crédito · primeiro sonho do dia')).not.toBeInTheDocument();
    });
  });
});
