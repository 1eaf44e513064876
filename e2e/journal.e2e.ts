import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, signUpAndConfirm, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { waitForJournalCode } from './support/journal-code.ts';

const journey = useBrowser();

const DREAM = 'Eu estava voando sobre uma cidade antiga, e as janelas acendiam quando eu passava.';

const path = (page: Page) => new URL(page.url()).pathname;

/** The number a dashboard stat card shows. */
async function stat(page: Page, name: string) {
  return (await page.getByRole('group', { name }).locator('.font-display').first().textContent())?.trim();
}

async function waitForStat(page: Page, name: string, value: string) {
  await expect.poll(() => stat(page, name), { timeout: 5000 }).toBe(value);
}

const dreamList = (page: Page) => page.getByRole('list', { name: 'Sonhos' });

/** The /api/v1 calls the page makes, as the server saw them. */
function recordApiCalls(page: Page) {
  const calls: { method: string; path: string; status: number; key: string | null }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/v1/')) return;
    const request = response.request();
    calls.push({
      method: request.method(),
      path: url.pathname.slice(7),
      status: response.status(),
      key: request.headers()['idempotency-key'] ?? null,
    });
  });
  return calls;
}

describe('the dream journal', () => {
  it('records a dream from the dashboard, finds it, filters, edits, deletes and brings it back', async () => {
    const page = await journey.newPage({ width: 390 });
    const before = journey.consoleErrors.length;
    await signUpAndConfirm(page, { firstName: 'Iara', email: uniqueEmail('iara'), password: 'noite-estrelada' });
    await waitForStat(page, 'Sonhos Registrados', '0');
    await page.getByText('Nenhum sonho registrado ainda').waitFor();

    // Record, from the dashboard's 'Novo Sonho'.
    await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Novo Sonho' }).click();
    await page.waitForURL((url) => url.pathname === '/app/dreams/new');
    const form = page.getByRole('form', { name: 'Novo sonho' });
    const content = form.getByLabel('O que você sonhou?');
    await expect
      .poll(() => content.evaluate((element) => element === document.activeElement), { timeout: 5000 })
      .toBe(true);
    await page.keyboard.type(DREAM);
    await form.getByRole('button', { name: /Mais detalhes/ }).click();
    await form.getByRole('group', { name: 'Emoções' }).getByRole('button', { name: 'Alegria' }).click();
    await form.getByLabel('Etiquetas').fill('cidade');
    await form.getByLabel('Etiquetas').press('Enter');
    await form.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho registrado').waitFor();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
    const dreamPath = path(page);
    // A blank title is derived from the first words.
    await page.getByRole('heading', { level: 1, name: /^Eu estava voando/ }).waitFor();
    await page.getByText(DREAM).waitFor();

    // The dashboard counts it and lists it.
    await page.getByRole('link', { name: 'Sonhário: painel' }).click();
    await waitForStat(page, 'Sonhos Registrados', '1');
    await waitForStat(page, 'Sequência Atual', '1');
    await page
      .getByRole('region', { name: 'Atividade Recente' })
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();

    // The journal lists it; searching another form of the word finds it.
    await page.getByRole('banner').getByRole('link', { name: 'Sonhos' }).click();
    await page.waitForURL((url) => url.pathname === '/app/dreams');
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Buscar nos sonhos' }).fill('voar');
    await page.waitForURL((url) => url.searchParams.get('q') === 'voar');
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();
    await page.getByRole('searchbox', { name: 'Buscar nos sonhos' }).fill('elefante');
    await page.getByRole('heading', { name: 'Nenhum sonho encontrado' }).waitFor();
    await page.getByRole('button', { name: 'Limpar filtros' }).last().click();
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();

    // Filters: in with its emotion, out with nightmares only; the URL carries them.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Emoção').selectOption('alegria');
    await page.waitForURL((url) => url.searchParams.get('emotion') === 'alegria');
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();
    await page.getByRole('region', { name: 'Filtrar sonhos' }).getByRole('button', { name: 'Pesadelos' }).click();
    await page.waitForURL((url) => url.searchParams.get('nightmare') === 'true');
    await page.getByRole('heading', { name: 'Nenhum sonho encontrado' }).waitFor();
    // Back undoes the last filter.
    await page.goBack();
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('nightmare')).toBeNull();

    // Edit.
    await dreamList(page)
      .getByRole('link', { name: /^Eu estava voando/ })
      .click();
    await page.waitForURL((url) => url.pathname === dreamPath);
    await page.getByRole('link', { name: 'Editar' }).click();
    const edit = page.getByRole('form', { name: 'Editar sonho' });
    await edit.getByLabel(/^Título/).fill('A cidade das janelas');
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Sonho atualizado').waitFor();
    await page.getByRole('heading', { level: 1, name: 'A cidade das janelas' }).waitFor();
    expect(path(page)).toBe(dreamPath);

    // Delete, then undo.
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page
      .getByRole('alertdialog', { name: 'Excluir este sonho?' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await page.getByText('Sonho excluído').waitFor();
    await page.waitForURL((url) => url.pathname === '/app/dreams');
    await page.getByRole('heading', { name: 'Nenhum sonho registrado ainda' }).waitFor();
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await page.getByText('Sonho restaurado').waitFor();
    await dreamList(page).getByRole('link', { name: 'A cidade das janelas' }).waitFor();
    await page.goto(dreamPath);
    await page.getByRole('heading', { level: 1, name: 'A cidade das janelas' }).waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });

  it('keeps the draft across a reload, until the dream is saved', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Joana', width: 390 });
    await page.goto('/app/dreams/new');
    const form = page.getByRole('form', { name: 'Novo sonho' });
    await form.getByLabel('O que você sonhou?').fill('Uma biblioteca onde os livros respiravam');
    await form.getByText('Rascunho guardado neste aparelho').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('form', { name: 'Novo sonho' }).getByLabel('O que você sonhou?').inputValue(), {
        timeout: 5000,
      })
      .toBe('Uma biblioteca onde os livros respiravam');
    await page.getByText('Continuando o rascunho que ficou guardado neste aparelho.').waitFor();
    await page.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho registrado').waitFor();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));

    await page.goto('/app/dreams/new');
    await expect.poll(() => page.getByLabel('O que você sonhou?').inputValue()).toBe('');
  });

  it('records one dream on a double click, and one after a save that failed offline', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Lia' });
    const calls = recordApiCalls(page);
    await page.goto('/app/dreams/new');
    await page.getByLabel('O que você sonhou?').fill('Duas portas iguais no fim do corredor.');
    await page.getByRole('button', { name: 'Salvar sonho' }).dblclick();
    await page.getByText('Sonho registrado').waitFor();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));

    // Offline: the dream is kept on the device and sent once the connection is back (decision 036). Without a
    // service worker (blocked here) the journal opens from the code 'Novo sonho' loaded meanwhile, on the dream's
    // pending card (decision 082).
    await page.goto('/app/dreams/new');
    await page.getByLabel('O que você sonhou?').fill('Um trem sem estações.');
    await waitForJournalCode(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho salvo neste aparelho').waitFor();
    await page.waitForURL((url) => url.pathname === '/app/dreams');
    await page.getByRole('article', { name: 'Um trem sem estações.' }).getByText('Pendente').waitFor();
    await page.context().setOffline(false);
    await page.getByText('Sonho pendente enviado').waitFor();

    await page.goto('/app/dreams');
    await dreamList(page).getByRole('article').first().waitFor();
    expect(await dreamList(page).getByRole('article').count()).toBe(2);
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/dreams');
    expect(posts.every((call) => call.status === 201 || call.status === 200)).toBe(true);
    expect(new Set(posts.map((call) => call.key)).size).toBe(2);
    await page.goto('/app');
    await waitForStat(page, 'Sonhos Registrados', '2');
  });

  it("shows the 404 page inside the app for a dream that does not exist or is someone else's", async () => {
    const owner = await signedInPage(journey, { firstName: 'Maya' });
    await owner.page.goto('/app/dreams/new');
    await owner.page.getByLabel('O que você sonhou?').fill('Um segredo só meu.');
    await owner.page.getByRole('button', { name: 'Salvar sonho' }).click();
    await owner.page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
    const dreamPath = path(owner.page);

    const other = await signedInPage(journey, { firstName: 'Nina' });
    for (const target of [dreamPath, '/app/dreams/4f1c3f5e-1d1b-4b6e-9a7e-2f4c8d1e0a99']) {
      await other.page.goto(target);
      await other.page.getByRole('heading', { level: 1, name: 'Lost in the Dream Realm' }).waitFor();
      await other.page.getByRole('banner').getByRole('link', { name: 'Sonhos' }).waitFor();
      expect(await other.page.getByText('Um segredo só meu.').count()).toBe(0);
    }
  });
});
