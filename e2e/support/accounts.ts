import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlanId } from '@sonhario/contracts/profile';
import type { Page } from 'playwright-core';
import { getApiKeys } from '../../apps/server/src/modules/auth/auth.tokens.ts';
import { baseUrl, type Journey } from './browser.ts';
import { createConfirmedUser, linkOf, waitForEmail } from './outbox.ts';
import { testServer } from './server.ts';

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

/** The signed-in user's id and access token, from the session supabase-js keeps in localStorage. */
export async function sessionOf(page: Page): Promise<{ id: string; token: string }> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith('sb-') && key.endsWith('-auth-token')) {
        const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { user: { id: string }; access_token: string };
        return { id: session.user.id, token: session.access_token };
      }
    }
    throw new Error('no session in localStorage');
  });
}

/** An operator's plan change (PUT /api/v1/admin/users/:id/plan with the install's service-role key). */
export async function setPlan(userId: string, plan: PlanId) {
  const secrets = JSON.parse(await readFile(path.join(testServer().dataDir, 'secrets.json'), 'utf8')) as {
    jwtSecret: string;
  };
  const { serviceRoleKey } = getApiKeys(secrets);
  const res = await fetch(`${baseUrl()}/api/v1/admin/users/${userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan }),
  });
  if (res.status !== 200) throw new Error(`set plan ${plan}: ${res.status} ${await res.text()}`);
}
