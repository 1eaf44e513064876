import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

const TITLE = 'Lost in the Dream Realm';
const TEXT =
  "It seems you've wandered into a part of the subconscious that doesn't exist yet. Let's guide you back to reality.";

describe('404 page', () => {
  it('shows the title and text, and logs the unknown path with console.error', async () => {
    const page = await journey.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const response = await page.goto('/um/caminho/inexistente');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText(TEXT, { exact: true }).waitFor();
    await expect.poll(() => errors.some((e) => e.includes('/um/caminho/inexistente')), { timeout: 5000 }).toBe(true);
  });

  it('goes back in history with Go Back', async () => {
    const page = await journey.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/nada-aqui');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' }).waitFor();
  });

  it('returns home with Return Home', async () => {
    const page = await journey.newPage({ width: 390 });
    await page.goto('/perdido');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Transform Your Dreams Into Insights' }).waitFor();
  });

  it('is what a signed-in user gets on an /app address that does not exist', async () => {
    const { page } = await signedInPage(journey, { firstName: 'Otto' });
    await page.goto('/app/lugar-nenhum');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.goto('/app/dreams/em-lugar-nenhum/mais-fundo');
    await page.getByRole('heading', { name: TITLE }).waitFor();
  });

  it('answers a missing asset with a real 404, not the app', async () => {
    const page = await journey.newPage();
    const response = await page.request.get('/assets/does-not-exist-123.js');
    expect(response.status()).toBe(404);
  });
});
