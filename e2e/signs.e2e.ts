import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const journey = useBrowser();

/** The signed-in user's id and access token, from the session supabase-js keeps. */
async function sessionOf(page: Page): Promise<{ id: string; token: string }> {
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

async function setLucid(userId: string) {
  const secrets = JSON.parse(await readFile(path.join(inject('dataDir'), 'secrets.json'), 'utf8')) as {
    jwtSecret: string;
  };
  const { serviceRoleKey } = getApiKeys(secrets);
  const res = await fetch(`${baseUrl()}/api/v1/admin/users/${userId}/plan`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'lucid' }),
  });
  expect(res.status).toBe(200);
}

/** Six dreams: four with the tag 'farol' (a sign), two with fear (a sign too, ranked below). */
async function writeDreams(token: string) {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const dreams = [
    { title: 'O farol apagado', tags: ['farol'], emotions: ['medo'] },
    { title: 'Subindo o farol', tags: ['farol'], emotions: ['medo'] },
    { title: 'Farol no deserto', tags: ['farol'], emotions: ['medo'] },
    { title: 'A luz do farol', tags: ['farol'] },
    { title: 'Um trem', tags: ['trem'] },
    { title: 'Outro trem', tags: ['trem'] },
  ].map((dream, i) => ({ ...dream, content: `${dream.title}: um sonho.`, dreamtOn: day(i + 1) }));
  for (const dream of dreams) {
    const res = await fetch(`${baseUrl()}/api/v1/dreams`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(dream),
    });
    expect(res.status).toBe(201);
  }
}

/** With E2E_SCREENSHOTS_DIR set, keeps what the user saw (for looking at the page, not for asserting). */
async function keep(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The signs' names in the order the page lists them. */
const signNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Sinais de sonho, os fixados primeiro' })
    .locator(':scope > li > div > div > p > span:first-child')
    .allTextContents();

describe("'Sinais de sonho' on 'Padrões'", () => {
  for (const width of [390, 1280]) {
    it(`pins a dream sign, keeps it first after a reload, unpins it and opens one of its dreams at ${width} px`, async () => {
      const { page } = await signedInPage(journey, { firstName: 'Estela', width });
      const { id, token } = await sessionOf(page);
      await setLucid(id);
      await writeDreams(token);
      await page.goto('/app/analytics');
      const signs = page.getByRole('region', { name: 'Sinais de sonho' });
      await signs.getByRole('button', { name: 'Fixar farol como sinal de sonho' }).waitFor();
      expect((await signNames(page))[0]).toBe('farol');
      expect(await signNames(page)).toContain('Medo');
      expect(await overflowsSideways(page)).toBe(false);

      await signs.getByRole('button', { name: 'Fixar Medo como sinal de sonho' }).click();
      const unpin = signs.getByRole('button', { name: 'Desafixar Medo' });
      await expect.poll(() => unpin.isEnabled()).toBe(true);
      await expect.poll(() => signNames(page)).toEqual(expect.arrayContaining(['Medo']));
      expect((await signNames(page))[0]).toBe('Medo');

      await page.reload();
      await signs.getByRole('button', { name: 'Desafixar Medo' }).waitFor();
      expect((await signNames(page))[0]).toBe('Medo');
      expect(await unpin.getAttribute('aria-pressed')).toBe('true');
      await keep(page, `signs-pinned-${width}`);

      await unpin.click();
      await signs.getByRole('button', { name: 'Fixar Medo como sinal de sonho' }).waitFor();
      await expect.poll(async () => (await signNames(page))[0]).toBe('farol');

      const farolDreams = signs.getByRole('list', { name: 'Sonhos com farol' });
      await farolDreams.getByRole('link', { name: /A luz do farol/ }).click();
      await page.waitForURL(/\/app\/dreams\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'A luz do farol' }).waitFor();
      expect(journey.consoleErrors).toEqual([]);
    });
  }
});
