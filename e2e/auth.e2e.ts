import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';
import { createConfirmedUser, linkOf, waitForEmail } from './support/outbox.ts';

const journey = useBrowser();

const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const CONSENT = 'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD';

const path = (page: Page) => new URL(page.url()).pathname;

async function signInThroughForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

describe('accounts', () => {
  it('signs up with consent, confirms by e-mail, lands on /app, signs out and back in', async () => {
    const page = await journey.newPage({ width: 390 });
    const email = uniqueEmail('ana');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Bem-vindo' }).waitFor();
    await page.getByRole('tab', { name: 'Cadastro' }).click();

    const form = page.getByRole('form', { name: 'Cadastro' });
    await form.getByLabel('Nome', { exact: true }).fill('Ana');
    await form.getByLabel('Sobrenome').fill('Lima');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Senha', { exact: true }).fill('noite-estrelada');
    const submit = form.getByRole('button', { name: 'Criar conta' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole('checkbox', { name: CONSENT }).click();
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();

    await page.getByText('Cadastro realizado!').waitFor();
    await page.getByText('Verifique seu email para confirmar a conta.').waitFor();
    const confirmation = await waitForEmail(email);
    // Another link at once is too soon (the server spaces them): said in Portuguese, and the first link still works.
    await page.getByRole('button', { name: 'Reenviar o email' }).click();
    await page.getByText('Enviamos um e-mail há pouco. Aguarde alguns instantes antes de pedir outro.').waitFor();

    await page.goto(linkOf(confirmation));
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Ana! 👋' }).waitFor();
    await page.getByText('Email confirmado').waitFor();
    const avatar = page.getByRole('button', { name: 'Menu da conta de Ana' });
    expect((await avatar.textContent())?.trim()).toBe('AL');
    // The tokens must not stay in the address bar.
    expect(new URL(page.url()).hash).toBe('');

    await avatar.click();
    await page.getByRole('menu').getByText(email).waitFor();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByText('Logout realizado').waitFor();
    await page.getByText('Até logo!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();

    await page.waitForURL('**/login');
    await signInThroughForm(page, email, 'noite-estrelada');
    await page.getByText('Login realizado com sucesso!').waitFor();
    await page.getByText('Bem-vindo ao Sonhário').waitFor();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Ana! 👋' }).waitFor();
    // (The resend asked too soon is refused with a 429, which the browser logs.)
    expect(journey.consoleErrors.filter((e) => !e.includes('404') && !e.includes('/auth/v1/resend'))).toEqual([]);
  });

  it("answers a wrong password with 'Email ou senha incorretos'", async () => {
    const email = uniqueEmail('bia');
    await createConfirmedUser(baseUrl(), { email, password: 'senha-certa', firstName: 'Bia' });
    const page = await journey.newPage();
    await page.goto('/login');
    await signInThroughForm(page, email, 'senha-errada');
    await page.getByText('Erro no login').waitFor();
    await page.getByText('Email ou senha incorretos').waitFor();
    expect(path(page)).toBe('/login');
  });

  it('sends /app to /login and back to where the visitor was going after sign-in; then /login sends to /app', async () => {
    const email = uniqueEmail('caio');
    await createConfirmedUser(baseUrl(), { email, password: 'lua-cheia-42', firstName: 'Caio', lastName: 'Reis' });
    const page = await journey.newPage();
    await page.goto('/app?aba=recentes');
    await page.waitForURL('**/login');
    await signInThroughForm(page, email, 'lua-cheia-42');
    await page.waitForURL((url) => url.pathname === '/app' && url.search === '?aba=recentes');
    await page.getByRole('heading', { level: 1, name: 'Olá, Caio! 👋' }).waitFor();

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Caio! 👋' }).waitFor();
  });

  it('keeps the session across a page reload', async () => {
    const email = uniqueEmail('duda');
    await createConfirmedUser(baseUrl(), { email, password: 'sonho-lucido', firstName: 'Duda' });
    const page = await journey.newPage();
    await page.goto('/login');
    await signInThroughForm(page, email, 'sonho-lucido');
    await page.waitForURL((url) => url.pathname === '/app');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Olá, Duda! 👋' }).waitFor();
    expect(path(page)).toBe('/app');
  });

  it('recovers a forgotten password end to end', async () => {
    const email = uniqueEmail('eva');
    await createConfirmedUser(baseUrl(), { email, password: 'senha-antiga', firstName: 'Eva' });
    const page = await journey.newPage({ width: 390 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const request = page.getByRole('form', { name: 'Recuperar senha' });
    await request.getByLabel('Email').fill(email);
    await request.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('heading', { name: 'Confira seu email' }).waitFor();

    const recovery = await waitForEmail(email, { subject: 'Redefinir sua senha' });
    await page.goto(linkOf(recovery));
    await page.waitForURL((url) => url.pathname === '/redefinir-senha');
    const form = page.getByRole('form', { name: 'Definir nova senha' });
    await form.getByLabel('Nova senha', { exact: true }).fill('senha-nova-123');
    await form.getByLabel('Confirmar nova senha').fill('senha-nova-123');
    await form.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha redefinida!').waitFor();
    await page.waitForURL((url) => url.pathname === '/app');

    // Sign out, then the new password works and the old one no longer does.
    await page.getByRole('button', { name: 'Menu da conta de Eva' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await signInThroughForm(page, email, 'senha-antiga');
    await page.getByText('Email ou senha incorretos').waitFor();
    await signInThroughForm(page, email, 'senha-nova-123');
    await page.waitForURL((url) => url.pathname === '/app');
    await page.getByRole('heading', { level: 1, name: 'Olá, Eva! 👋' }).waitFor();
  });

  it('explains an expired or garbled e-mail link and cleans the address bar', async () => {
    const email = uniqueEmail('fred');
    const page = await journey.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    const form = page.getByRole('form', { name: 'Cadastro' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Senha', { exact: true }).fill('estrela-cadente');
    await form.getByRole('checkbox', { name: CONSENT }).click();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText('Cadastro realizado!').waitFor();

    const link = new URL(linkOf(await waitForEmail(email)));
    link.searchParams.set('token', `${link.searchParams.get('token')}garbled`);
    await page.goto(link.toString());
    await page.getByText('Link inválido ou expirado').waitFor();
    await page.getByText('Solicite um novo link de confirmação ou de recuperação de senha.').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(path(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).waitFor();
  });

  it('offers no Google button where Google is not configured, and explains a Google sign-in started anyway', async () => {
    const page = await journey.newPage();
    // The card asks the server what sign-in offers (GET /auth/v1/settings): Google is off on this server.
    const settings = page.waitForResponse((response) => response.url().endsWith('/auth/v1/settings'));
    await page.goto('/login');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect((await settings).status()).toBe(200);
    expect(await page.getByRole('button', { name: 'Google' }).count()).toBe(0);
    expect(await page.getByText('ou continue com').count()).toBe(0);
    // An old bookmark or another client still starts one: it comes back to the site explained in the app's language.
    const back = `${baseUrl()}/`;
    await page.goto(`/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(back)}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Erro no login com Google').waitFor();
    // The server's English message is not shown: its code's text in the app's language (decision 013).
    await page.getByText('O login com Google não está disponível agora.').waitFor();
    expect(await page.getByText('Unsupported provider').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
  });
});
