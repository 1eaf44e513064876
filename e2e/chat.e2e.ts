import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionOf, signedInPage } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { keepScreenshot } from './support/screenshots.ts';

const journey = useBrowser();

const GUIDE_LABEL = 'Guia reflexivo (não é IA generativa)';

function apiAs(token: string) {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The conversation's log once its last answer is complete (none still being written). */
async function answered(scope: Locator) {
  const log = scope.getByRole('log', { name: 'Mensagens da conversa' });
  await log.getByText(GUIDE_LABEL).last().waitFor();
  await log.locator('[aria-busy]').waitFor({ state: 'detached' });
  return log;
}

describe('the chat about dreams', () => {
  for (const width of [390, 1280]) {
    it(`talks about a dream, stops an answer mid-stream, asks the journal and follows a named dream (${width} px)${width === 390 ? ', then uses up the taste' : ''}`, async () => {
      const before = journey.consoleErrors.length;
      const { page } = await signedInPage(journey, { firstName: 'Iara', width });
      const { token } = await sessionOf(page);
      const api = apiAs(token);
      await api('POST', '/me/consents', {
        purposes: ['ai_analysis', 'data_processing'],
        isGranted: true,
        textVersion: CONSENT_VERSION,
      });
      const farol = await api<{ id: string }>('POST', '/dreams', {
        title: 'O farol',
        content: 'Um farol aceso no mar escuro, e eu com medo das ondas batendo nas pedras.',
        emotions: ['medo'],
      });
      await api('POST', '/dreams', {
        title: 'A casa das portas',
        content: 'Uma casa antiga com portas abertas para o mar.',
      });

      // On the dream's page: open its conversation and get a streamed answer.
      await page.goto(`/app/dreams/${farol.id}`);
      const section = page.getByRole('region', { name: 'Conversa sobre o sonho' });
      await section.getByRole('button', { name: 'Conversar sobre este sonho' }).click();
      await section.getByRole('button', { name: 'O que este sonho pode estar me mostrando?' }).click();
      const log = await answered(section);
      await log.getByText('O que este sonho pode estar me mostrando?').waitFor();

      // A second turn: the conversation goes on in the same place.
      const box = section.getByLabel('Sua mensagem');
      await box.fill('E as ondas, o que dizem?');
      await box.press('Enter');
      await log.getByText('E as ondas, o que dizem?').waitFor();
      await answered(section);
      expect(await box.inputValue()).toBe('');

      // 'Parar' while the next answer is being written: the text comes back to the box, nothing is stored. Pressed
      // in the page as soon as the first words show: the builtin guide writes its whole answer in under a second,
      // less than a locator's click may take on a busy machine.
      await box.fill('Mais uma vez: e o farol?');
      await box.press('Enter');
      await page.waitForFunction(
        () => {
          // Once the answer's first words show (the server is writing it), not before.
          const isWriting = Boolean(document.querySelector('[aria-busy] p.whitespace-pre-line')?.textContent.trim());
          const stop = Array.from(document.querySelectorAll('button')).find(
            (button) => button.textContent.trim() === 'Parar',
          );
          if (isWriting) stop?.click();
          return isWriting && Boolean(stop);
        },
        null,
        { polling: 10, timeout: 10_000 },
      );
      await section
        .getByText('Resposta interrompida. Nada foi contado; sua mensagem voltou para a caixa de texto.')
        .waitFor();
      // Had the server gone on, the guide's whole answer (revealed over 0.9 s) would be stored by now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { items } = await api<{ items: { messageCount: number }[] }>('GET', `/chat/threads?dreamId=${farol.id}`);
      expect(items.map((thread) => thread.messageCount)).toEqual([4]);
      expect((await api<{ used: number }>('GET', '/chat/usage')).used).toBe(2);
      expect(await box.inputValue()).toBe('Mais uma vez: e o farol?');
      await section.scrollIntoViewIfNeeded();
      expect(await overflowsSideways(page)).toBe(false);
      await keepScreenshot(page, `chat-dream-${width}`);

      // 'Oráculo' from the header: ask the journal, follow the dream the answer names.
      await page.getByRole('banner').getByRole('link', { name: 'Oráculo' }).click();
      await page.getByRole('heading', { level: 1, name: 'Oráculo' }).waitFor();
      const journal = page.getByRole('main');
      const question = journal.getByLabel('Sua mensagem');
      await question.fill('Onde aparece o mar nos meus sonhos?');
      await question.press('Enter');
      const answer = await answered(journal);
      expect(await overflowsSideways(page)).toBe(false);
      await keepScreenshot(page, `chat-oracle-${width}`);
      await answer.getByRole('link', { name: 'O farol' }).first().click();
      await page.waitForURL((url) => url.pathname === `/app/dreams/${farol.id}`);
      await page.getByRole('heading', { level: 1, name: 'O farol' }).waitFor();

      if (width === 390) {
        // A Dreamer's taste: 3 messages so far; 6 more through the API, the 10th from the page, then the end card.
        expect((await api<{ used: number }>('GET', '/chat/usage')).used).toBe(3);
        const thread = await api<{ id: string }>('POST', '/chat/threads', { kind: 'journal' });
        for (let i = 1; i <= 6; i += 1) {
          await api('POST', `/chat/threads/${thread.id}/messages`, { content: `Pergunta ${i} sobre o mar` });
        }
        // Sent from elsewhere (another device, here the API): a fresh load reads the usage anew.
        await page.goto('/app/oracle');
        await page.getByRole('heading', { level: 1, name: 'Oráculo' }).waitFor();
        await page.getByText('9 de 10 mensagens este mês').waitFor();
        const last = page.getByRole('main').getByLabel('Sua mensagem');
        await last.fill('E as pedras, o que dizem?');
        await last.press('Enter');
        await page.getByText('Você usou as 10 mensagens de conversa deste mês').waitFor();
        expect(await overflowsSideways(page)).toBe(false);
        await keepScreenshot(page, 'chat-taste-end-390');
        await page.getByRole('link', { name: 'Conhecer o Oracle' }).click();
        await page.waitForURL((url) => url.pathname === '/app/plans');
        expect((await api<{ used: number }>('GET', '/chat/usage')).used).toBe(10);
      }
      expect(journey.consoleErrors.slice(before)).toEqual([]);
    });
  }
});
