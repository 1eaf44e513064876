import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXT, signedInPage, signInThroughForm } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { linkOf, waitForEmail } from './support/outbox.ts';

const journey = useBrowser();

const TITLE = 'O farol de vidro';
const DREAM =
  'Subi as escadas de um farol feito de vidro e, lá de cima, o mar inteiro brilhava como um céu de cabeça para baixo.';

const path = (page: Page) => new URL(page.url()).pathname;

/** The header's avatar button (its name says whose menu it is; its text is the two initials). */
const avatar = (page: Page, name: string, menu = 'Menu da conta de') =>
  page.getByRole('banner').getByRole('button', { name: `${menu} ${name}` });

async function openUserMenuItem(page: Page, userName: string, item: string) {
  await avatar(page, userName).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** A section of the profile or settings screen, by its heading. */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Clicks `button` and returns the file the browser was handed, saved under `dir`. */
async function download(page: Page, button: Locator, dir: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const target = join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), target };
}

let downloads: string;
beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'sonhario-e2e-downloads-'));
});
afterAll(async () => {
  await rm(downloads, { recursive: true, force: true });
});

describe('the account', () => {
  it('renames the user (greeting and initials follow) and switches the app to English and back', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Rafa', width: 390 });
    const before = journey.consoleErrors.length;
    expect((await avatar(page, 'Rafa').textContent())?.trim()).toBe('RA');

    // Perfil: a new first and last name; the preview, the summary, the header and the greeting follow.
    await openUserMenuItem(page, 'Rafa', 'Perfil');
    await page.waitForURL((url) => url.pathname === '/app/profile');
    await page.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor();
    const name = section(page, 'Nome');
    await name.getByRole('textbox', { name: 'Nome', exact: true }).fill('Rafaela');
    await name.getByRole('textbox', { name: 'Sobrenome' }).fill('Souza');
    await expect.poll(() => name.getByTestId('name-preview').textContent()).toBe('Rafaela');
    await name.getByRole('button', { name: 'Salvar nome' }).click();
    await page.getByText('Nome atualizado.').waitFor();
    await avatar(page, 'Rafaela').waitFor();
    expect((await avatar(page, 'Rafaela').textContent())?.trim()).toBe('RS');
    await expect.poll(() => page.getByTestId('profile-avatar').textContent()).toBe('RS');
    await page.getByRole('link', { name: 'Painel', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Olá, Rafaela! 👋' }).waitFor();
    // Not only this tab's memory: a reload reads the saved name.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Olá, Rafaela! 👋' }).waitFor();
    expect((await avatar(page, 'Rafaela').textContent())?.trim()).toBe('RS');

    // Configurações → English: the page, the header and the dashboard speak English, and stay so after a reload.
    await openUserMenuItem(page, 'Rafaela', 'Configurações');
    await page.waitForURL((url) => url.pathname === '/app/settings');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    const languages = section(page, 'Idioma e tema').getByRole('radiogroup', { name: 'Idioma' });
    expect(await languages.getByRole('radio', { name: 'Português (Brasil)' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await languages.getByRole('radio', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await section(page, 'Language and theme').getByRole('radiogroup', { name: 'Language' }).waitFor();
    await section(page, 'Danger zone').getByRole('button', { name: 'Delete account' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect
      .poll(
        () => section(page, 'Language and theme').getByRole('radio', { name: 'English' }).getAttribute('aria-checked'),
        { timeout: 5000 },
      )
      .toBe('true');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Hello, Rafaela! 👋' }).waitFor();
    await page.getByText('Welcome to your personal dream journal').waitFor();
    await page.getByRole('region', { name: 'Shortcuts' }).getByRole('link', { name: 'New Dream' }).waitFor();
    await page.getByRole('group', { name: 'Dreams Recorded' }).waitFor();
    await avatar(page, 'Rafaela', 'Account menu for').waitFor();

    // And back to Português (Brasil): the spec's words again.
    await avatar(page, 'Rafaela', 'Account menu for').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/app/settings');
    const languagesInEnglish = section(page, 'Language and theme').getByRole('radiogroup', { name: 'Language' });
    await languagesInEnglish.getByRole('radio', { name: 'Português (Brasil)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await page.getByRole('link', { name: 'Painel', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Olá, Rafaela! 👋' }).waitFor();
    await page.getByText('Bem-vindo ao seu diário de sonhos personalizado').waitFor();
    await page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Novo Sonho' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Olá, Rafaela! 👋' }).waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });

  it('signs out the other devices, then changes the password: the old one stops working, the new one works', async () => {
    const { page, email, password } = await signedInPage(journey, { firstName: 'Otto' });

    // A second device, signed in as the same user.
    const other = await journey.newPage();
    await other.goto('/login');
    await signInThroughForm(other, email, password);
    await other.waitForURL((url) => url.pathname === '/app');
    await other.getByRole('heading', { level: 1, name: 'Olá, Otto! 👋' }).waitFor();

    await openUserMenuItem(page, 'Otto', 'Configurações');
    await page.waitForURL((url) => url.pathname === '/app/settings');
    const sessions = section(page, 'Sessões');
    const devices = sessions.getByRole('list', { name: 'Dispositivos conectados' });
    // This one, the other, and the one the e-mailed confirmation link opened (followed without a browser).
    await expect.poll(() => devices.getByRole('listitem').count(), { timeout: 5000 }).toBe(3);
    expect(await devices.getByRole('listitem').filter({ hasText: 'Este dispositivo' }).count()).toBe(1);
    await sessions.getByRole('button', { name: 'Sair de outros dispositivos' }).click();
    await page.getByText('Os outros dispositivos foram desconectados.').waitFor();
    await sessions.getByText('Só este dispositivo está conectado.').waitFor();
    await expect.poll(() => devices.getByRole('listitem').count(), { timeout: 5000 }).toBe(1);
    expect(await sessions.getByRole('button', { name: 'Sair de outros dispositivos' }).isDisabled()).toBe(true);

    // The other device lost its session: the server refuses its access token at once, and the app there, on its
    // next call, ends the session on that device too and lands on /login (not after the token's hour).
    const refused = await other.evaluate(async () => {
      const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
      const session = JSON.parse((key && localStorage.getItem(key)) || 'null') as { access_token?: string } | null;
      const response = await fetch('/api/v1/me/profile', {
        headers: { authorization: `Bearer ${session?.access_token ?? ''}` },
      });
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    });
    expect(refused).toEqual({ status: 403, code: 'session_not_found' });
    await other.reload();
    await other.waitForURL((url) => url.pathname === '/login');
    await other.getByRole('form', { name: 'Login' }).waitFor();

    // Senha: the current one and a new one, twice.
    const form = section(page, 'Senha').getByRole('form', { name: 'Alterar senha' });
    await form.getByLabel('Senha atual').fill(password);
    await form.getByLabel('Nova senha', { exact: true }).fill('mar-de-estrelas-9');
    await form.getByLabel('Confirmar nova senha').fill('mar-de-estrelas-9');
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada. Os outros dispositivos foram desconectados.').waitFor();
    expect(await form.getByLabel('Senha atual').inputValue()).toBe('');

    // Sair, then the old password is refused and the new one opens the journal.
    await openUserMenuItem(page, 'Otto', 'Sair');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await signInThroughForm(page, email, password);
    await page.getByText('Erro no login').waitFor();
    await page.getByText('Email ou senha incorretos').waitFor();
    expect(path(page)).toBe('/login');
    await signInThroughForm(page, email, 'mar-de-estrelas-9');
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Otto! 👋' }).waitFor();
  });

  it('exports the journal as JSON and as a document, shows the privacy policy, and deletes the account for good', async () => {
    const { page, email, password } = await signedInPage(journey, { firstName: 'Lara' });
    const before = journey.consoleErrors.length;

    // One dream to find in the files.
    await page.goto('/app/dreams/new');
    const dreamForm = page.getByRole('form', { name: 'Novo sonho' });
    await dreamForm.getByLabel('O que você sonhou?').fill(DREAM);
    await dreamForm.getByLabel(/^Título/).fill(TITLE);
    await dreamForm.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.getByText('Sonho registrado').waitFor();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
    const dreamId = path(page).split('/').at(-1);

    // Seus dados: the JSON file holds the account and the dream.
    await openUserMenuItem(page, 'Lara', 'Configurações');
    await page.waitForURL((url) => url.pathname === '/app/settings');
    const data = section(page, 'Seus dados');
    const json = await download(page, data.getByRole('button', { name: 'Exportar meus dados' }), downloads);
    expect(json.name).toMatch(/^sonhario-export-\d{4}-\d{2}-\d{2}\.json$/);
    await page.getByText('Download iniciado').waitFor();
    const file = JSON.parse(await readFile(json.target, 'utf8')) as {
      schemaVersion: number;
      account: { email: string; firstName: string | null };
      dreams: { id: string; title: string; content: string }[];
      securityLog: { action: string; ip: string | null }[];
      totals: { dreams: number; securityLog: number };
    };
    expect(file.schemaVersion).toBe(1);
    expect(file.account).toMatchObject({ email, firstName: 'Lara' });
    expect(file.dreams).toHaveLength(1);
    expect(file.dreams[0]).toMatchObject({ id: dreamId, title: TITLE, content: DREAM });
    expect(file.totals.dreams).toBe(1);
    // The security log: at least the sign-up and a sign-in, with the address they came from.
    expect(file.securityLog.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user_signedup', 'login']));
    expect(file.totals.securityLog).toBe(file.securityLog.length);

    // The document: an HTML file that opens in the browser and shows the dream.
    const html = await download(page, data.getByRole('button', { name: 'Baixar como documento' }), downloads);
    expect(html.name).toMatch(/^sonhario-export-\d{4}-\d{2}-\d{2}\.html$/);
    const reader = await journey.newPage();
    await reader.goto(pathToFileURL(html.target).href);
    await reader.getByRole('heading', { level: 1, name: 'Sonhário — seus dados' }).waitFor();
    await reader.getByRole('heading', { level: 3, name: TITLE }).waitFor();
    await reader.getByText(DREAM).waitFor();
    await reader
      .getByText(`Fim da exportação: 1 sonho, 0 análises e ${file.totals.securityLog} registros de segurança.`)
      .waitFor();

    // The privacy policy is public, linked from the landing page's footer, and says this server analyses locally.
    const visitor = await journey.newPage({ width: 390 });
    await visitor.goto('/');
    await visitor
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Privacy' })
      .click();
    await visitor.waitForURL((url) => url.pathname === '/privacidade');
    await visitor.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor();
    const ai = visitor.getByRole('heading', { name: 'Quem vê seus sonhos: a análise por IA' });
    await ai.waitFor();
    const statement = visitor.getByText(
      /^Este servidor usa a análise simbólica local \(versão .+\), que roda no próprio servidor: nada sai do servidor\./,
    );
    await statement.waitFor();
    expect(await statement.textContent()).toContain('Nenhum serviço de IA de terceiros recebe seus sonhos.');
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );

    expect(journey.consoleErrors.slice(before)).toEqual([]);

    // Excluir conta: the button works only with the password and the exact words.
    const danger = section(page, 'Zona de perigo');
    await danger.getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir sua conta?' });
    const confirm = dialog.getByRole('button', { name: 'Excluir minha conta' });
    await dialog.getByLabel('Sua senha').fill(password);
    await dialog.getByLabel(/^Para confirmar, digite/).fill('excluir minha conta');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Para confirmar, digite/).fill('EXCLUIR MINHA CONTA');
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Sua conta foi excluída.').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();

    // The e-mail and password no longer open anything.
    await page.goto('/login');
    await signInThroughForm(page, email, password);
    await page.getByText('Erro no login').waitFor();
    await page.getByText('Email ou senha incorretos').waitFor();
    expect(path(page)).toBe('/login');

    // A goodbye e-mail was sent.
    await waitForEmail(email, { subject: 'Sua conta no Sonhário foi excluída' });

    // The same e-mail can start over, as a new user with an empty journal.
    const firstConfirmation = await waitForEmail(email, { subject: 'Confirme seu e-mail' });
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    const signUp = page.getByRole('form', { name: 'Cadastro' });
    await signUp.getByLabel('Nome', { exact: true }).fill('Lara');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Senha', { exact: true }).fill('recomeco-123');
    await signUp.getByRole('checkbox', { name: CONSENT_TEXT }).click();
    await signUp.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText('Cadastro realizado!').waitFor();
    await page.goto(
      linkOf(await waitForEmail(email, { subject: 'Confirme seu e-mail', seen: [firstConfirmation.file] })),
    );
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Lara! 👋' }).waitFor();
    const dreamCount = page.getByRole('group', { name: 'Sonhos Registrados' }).locator('.font-display').first();
    await expect.poll(() => dreamCount.textContent(), { timeout: 5000 }).toBe('0');
    await page.getByText('Nenhum sonho registrado ainda').waitFor();
    await page.goto(`/app/dreams/${dreamId}`);
    await page.getByRole('heading', { level: 1, name: 'Lost in the Dream Realm' }).waitFor();
  });
});
