import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, setPlan, signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

/** The AI consent, as the settings give it, and three dreams on the first night of the user's current month. */
async function prepareJournal(token: string): Promise<string> {
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl()}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const consent = await call('POST', '/me/consents', {
    purposes: ['ai_analysis', 'data_processing'],
    isGranted: true,
    textVersion: CONSENT_VERSION,
  });
  expect(consent.status).toBe(200);
  const months = await call('GET', '/reports/months');
  expect(months.status).toBe(200);
  const { currentMonth } = (await months.json()) as { currentMonth: string };
  const dreams = [
    { content: 'Um farol aceso no mar escuro, e eu com medo das ondas.', isNightmare: true, emotions: ['medo'] },
    { content: 'Eu voava sobre o mar e percebi que sonhava.', lucidity: 2, mood: 4, tags: ['mar'] },
    { content: 'Uma casa antiga cheia de portas, todas abertas para o mar.', mood: 3, tags: ['mar', 'casa'] },
  ];
  for (const dream of dreams) {
    const res = await call('POST', '/dreams', { ...dream, dreamtOn: `${currentMonth}-01` });
    expect(res.status).toBe(201);
  }
  return currentMonth;
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("'Relatório do mês'", () => {
  for (const width of [390, 1280]) {
    it(`an Oracle user generates this month's report, sees it stream in and stay after a reload (${width} px)`, async () => {
      const before = journey.consoleErrors.length;
      const { page } = await signedInPage(journey, { firstName: 'Iara', width });
      const { id, token } = await sessionOf(page);
      await setPlan(id, 'oracle');
      const month = await prepareJournal(token);
      const monthName = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
        new Date(`${month}-01T00:00:00Z`),
      );

      await page.goto('/app/analytics');
      await page.getByRole('heading', { level: 1, name: 'Padrões' }).waitFor();
      const region = page.getByRole('region', { name: 'Relatório do mês' });
      await region.getByLabel('Mês').waitFor();
      expect(await region.getByLabel('Mês').inputValue()).toBe(month);
      await region.getByRole('button', { name: 'Gerar relatório' }).click();
      const report = region.getByRole('article', { name: `Relatório de ${monthName}` });
      await report.waitFor();
      await report.getByText('Leitura simbólica (não é IA generativa)', { exact: false }).waitFor();
      await report.getByText(/você registrou 3 sonhos/).waitFor();
      await region.getByRole('button', { name: 'Gerar novamente' }).waitFor();
      expect(await overflowsSideways(page)).toBe(false);
      await report.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `monthly-report-${width}`, { fullPage: true });

      await page.reload();
      await page
        .getByRole('region', { name: 'Relatório do mês' })
        .getByRole('article', { name: `Relatório de ${monthName}` })
        .waitFor();
      await page
        .getByRole('region', { name: 'Relatório do mês' })
        .getByRole('heading', { name: 'Perguntas para refletir' })
        .waitFor();
      expect(journey.consoleErrors.slice(before)).toEqual([]);
    });
  }
});
