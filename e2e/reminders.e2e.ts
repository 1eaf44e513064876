import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughForm, uniqueEmail } from './support/accounts.ts';
import { baseUrl } from './support/browser.ts';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { createConfirmedUser } from './support/outbox.ts';

const UNSUPPORTED = 'Este navegador não recebe notificações. Use Chrome, Edge, Firefox ou Safari atualizados.';

/**
 * Debian's full Chromium, launched for this file: it grants the notification permission and has the Push API, but no
 * push service behind it, which is the case this journey is about (the headless shell the other journeys use denies
 * the permission outright, a case the app already tells apart).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
});

describe('reminders on this device', () => {
  it('says this browser cannot receive notifications when it has no push service, instead of an error', async () => {
    const email = uniqueEmail('lembrete');
    const password = 'noite-estrelada';
    await createConfirmedUser(baseUrl(), { email, password, firstName: 'Lembra' });
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
    });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await signInThroughForm(page, email, password);
    await page.getByRole('heading', { level: 1, name: 'Olá, Lembra! 👋' }).waitFor();
    // The app's service worker, which the subscription is asked of, is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await page.goto('/app/settings');
    const turnOn = page.getByRole('button', { name: 'Ativar notificações' });
    await turnOn.click();
    await page.locator('[data-sonner-toast]').filter({ hasText: UNSUPPORTED }).waitFor();
    // The device row says the same in place, and no longer offers a button that cannot work.
    await page.getByRole('status').filter({ hasText: UNSUPPORTED }).waitFor();
    expect(await turnOn.count()).toBe(0);
    expect(await page.getByText('Erro inesperado').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
