import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT, signedInPage, uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { linkOf, waitForEmail } from './support/outbox.ts';
import { keepScreenshot } from './support/screenshots.ts';
import { testServer } from './support/server.ts';

const journey = useBrowser();
const root = path.resolve(import.meta.dirname, '..');
const DAY_S = 86_400;

/** Drives the local Stripe stand-in the server bills through (what Stripe's own clock and retries would do). */
async function stripeControl(name: string, body: Record<string, unknown> = {}): Promise<unknown> {
  const res = await fetch(`${testServer().stripeUrl}/_control/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** The operator's command line, as a self-hoster runs it, against the journeys' server (its data folder). */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/cli.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: testServer().dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SMTP_URL: '' },
      timeout: 120_000,
    },
  );
  return stdout;
}

const currentPlan = (page: Page) => page.getByRole('region', { name: 'Seu plano' });

/** Waits until the plan page's current plan reads `name`. */
async function expectPlan(page: Page, name: string) {
  await currentPlan(page).getByTestId('current-plan').getByText(name, { exact: true }).waitFor();
}

describe('buying a plan', () => {
  it('pricing → sign-up → e-mail confirmation → checkout → back on Lucid with its quota; cancelled in the portal, Dreamer at the period end', async () => {
    const page = await journey.newPage({ width: 390 });
    const email = uniqueEmail('lucid');

    // The landing's Lucid card, signed out: sign-up with the plan kept.
    await page.goto('/');
    await page.getByRole('link', { name: 'Choose Lucid' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    const form = page.getByRole('form', { name: 'Cadastro' });
    await form.getByLabel('Nome', { exact: true }).fill('Lia');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Senha', { exact: true }).fill('noite-estrelada');
    await form.getByRole('checkbox', { name: CONSENT_TEXT }).click();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText('Cadastro realizado!').waitFor();

    // The confirmation link, opened in a fresh tab without the landing's localStorage: the plan rides in the URL and
    // the plan page sends the new account straight to the stand-in's hosted checkout.
    const confirmation = await journey.newPage({ width: 390 });
    await confirmation.goto(linkOf(await waitForEmail(email)));
    await confirmation.waitForURL(
      (url) => url.origin === testServer().stripeUrl && url.pathname.startsWith('/checkout/'),
    );
    await confirmation.getByText('7').first().waitFor();
    await confirmation.getByRole('button', { name: 'Start trial' }).click();

    // Back from checkout: the page waits for the webhook's effect, then shows Lucid, the trial and the quota.
    await confirmation.waitForURL((url) => url.pathname === '/app/plans');
    await confirmation.getByText('Bem-vindo ao plano Lucid!').waitFor();
    const plan = currentPlan(confirmation);
    await expectPlan(confirmation, 'Lucid');
    await plan.getByText(/^Período de teste até /).waitFor();
    await plan.getByText('0 de 100').waitFor();
    await keepScreenshot(confirmation, 'plans-trial-390', { fullPage: true });

    // The trial ends and the card pays: active.
    const state = (await stripeControl('state')) as { subscriptions: { id: string; customer: string }[] };
    const subscription = state.subscriptions.at(-1);
    if (!subscription) throw new Error('the stand-in holds no subscription');
    await stripeControl('endTrial', { subscriptionId: subscription.id, paid: true });
    await confirmation.reload();
    await plan.getByText('Ativo').waitFor();

    // Cancelled in the portal: Lucid until the period's end, then Dreamer.
    await plan.getByRole('button', { name: 'Gerenciar assinatura' }).click();
    await confirmation.waitForURL(
      (url) => url.origin === testServer().stripeUrl && url.pathname.startsWith('/portal/'),
    );
    await confirmation.getByRole('button', { name: 'Cancel plan' }).click();
    await confirmation.getByRole('button', { name: 'Return' }).click();
    await confirmation.waitForURL((url) => url.pathname === '/app/plans');
    await plan.getByText(/^Cancelado — termina em /).waitFor();
    await expectPlan(confirmation, 'Lucid');
    await keepScreenshot(confirmation, 'plans-cancelled-390', { fullPage: true });

    await stripeControl('advance', { seconds: 32 * DAY_S });
    await confirmation.reload();
    await expectPlan(confirmation, 'Dreamer');
    await plan.getByText('0 de 5').waitFor();
    // No second trial for this account.
    await confirmation.getByRole('button', { name: 'Assinar Lucid' }).waitFor();
    expect(await confirmation.getByText('7 dias grátis').count()).toBe(0);
    expect(journey.consoleErrors).toEqual([]);
  });
});

describe('help', () => {
  it('a message sent from Ajuda is answered by the operator and the answer is read in the app', async () => {
    const errorsBefore = journey.consoleErrors.length;
    const { page, email } = await signedInPage(journey, { firstName: 'Caio', width: 1280 });
    await page.getByRole('button', { name: 'Menu da conta de Caio' }).click();
    await page.getByRole('menuitem', { name: 'Ajuda' }).click();
    await page.waitForURL((url) => url.pathname === '/app/help');
    await page.getByText('Respondemos em até 72 horas.').waitFor();
    await page.getByRole('textbox', { name: 'Assunto' }).fill('Exportação');
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Como eu exporto meu diário em PDF?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByText('Aguardando resposta').waitFor();

    const listing = await admin('support');
    expect(listing).toContain('Exportação');
    expect(listing).toContain(email);
    const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(listing)?.[1];
    if (!id) throw new Error(`no message id in:\n${listing}`);
    await admin('support', 'answer', id, 'Use Configurações › Exportar dados e escolha o documento para imprimir.');

    await page.reload();
    await page.getByText('Respondida').waitFor();
    await page.getByText('Use Configurações › Exportar dados e escolha o documento para imprimir.').waitFor();
    await keepScreenshot(page, 'help-answered-1280', { fullPage: true });
    await page.goto('/app/plans');
    await currentPlan(page).waitFor();
    await keepScreenshot(page, 'plans-dreamer-1280', { fullPage: true });
    const answered = await waitForEmail(email, { subject: 'Resposta do suporte do Sonhário' });
    expect(answered.text).toContain('Exportar dados');
    expect(journey.consoleErrors.slice(errorsBefore)).toEqual([]);
  });
});
