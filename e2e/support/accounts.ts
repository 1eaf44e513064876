import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl, type Journey } from './browser.ts';
import { createConfirmedUser, linkOf, waitForEmail } from './outbox.ts';

export const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

export const CONSENT_TEXT = 'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD';

export async function signInThroughForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs up through the Cadastro tab, follows the e-mailed confirmation link, and waits on /app. */
export async function signUpAndConfirm(
  page: Page,
  { firstName, email, password }: { firstName: string; email: string; password: string },
) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Cadastro' }).click();
  const form = page.getByRole('form', { name: 'Cadastro' });
  await form.getByLabel('Nome', { exact: true }).fill(firstName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('checkbox', { name: CONSENT_TEXT }).click();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByText('Cadastro realizado!').waitFor();
  await page.goto(linkOf(await waitForEmail(email)));
  await page.waitForURL((url) => url.pathname === '/app');
  await page.getByRole('heading', { level: 1, name: `Olá, ${firstName}! 👋` }).waitFor();
}

/** A new confirmed account, signed in on a fresh page at /app (the quick way: API sign-up, then the form). */
export async function signedInPage(journey: Journey, { firstName, width }: { firstName: string; width?: number }) {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = 'noite-estrelada';
  await createConfirmedUser(baseUrl(), { email, password, firstName });
  const page = await journey.newPage({ width });
  await page.goto('/login');
  await signInThroughForm(page, email, password);
  await page.waitForURL((url) => url.pathname === '/app');
  await page.getByRole('heading', { level: 1, name: `Olá, ${firstName}! 👋` }).waitFor();
  return { page, email, password };
}
