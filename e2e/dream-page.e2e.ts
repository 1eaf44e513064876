import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const journey = useBrowser();

const TITLE = 'A casa e o mar';
/** A dream as it is usually written on waking: a title and a few lines, no details. */
const DREAM = [
  'Eu estava numa casa antiga à beira do mar.',
  'A água subia devagar até as janelas.',
  'Abri a porta e ela saiu como um rio calmo.',
  'Acordei antes de a água chegar ao telhado.',
].join('\n');

describe('the dream page on a phone (issue 34)', () => {
  it("shows 'Analisar sonho' without scrolling right after saving, with no empty details; after a reading, 'Analisar novamente' is a quiet button below it", async () => {
    const { page } = await signedInPage(journey, { firstName: 'Lia', width: 390 });
    const before = journey.consoleErrors.length;
    const viewport = page.viewportSize()!;
    expect(viewport).toEqual({ width: 390, height: 844 });

    await page.goto('/app/dreams/new');
    const form = page.getByRole('form', { name: 'Novo sonho' });
    await form.getByLabel('O que você sonhou?').fill(DREAM);
    await form.getByLabel(/^Título/).fill(TITLE);
    await form.getByRole('button', { name: 'Salvar sonho' }).click();
    await page.waitForURL((url) => /^\/app\/dreams\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    const section = page.getByRole('region', { name: 'Análise do sonho' });
    const analyze = section.getByRole('button', { name: 'Analisar sonho' });
    await analyze.waitFor();
    // Measured with the page's own fonts (a fallback font wraps the text differently).
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    // On screen as the page opens: not scrolled, inside the viewport, and above the floating 'Novo sonho'.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await analyze.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const floating = page.getByTestId('phone-new-dream');
    expect(await floating.isVisible()).toBe(true);
    expect(box.y + box.height).toBeLessThanOrEqual((await floating.boundingBox())!.y);

    // Only what was given: no 'Não informado' rows, no empty 'Detalhes' box; a quiet way to add them.
    expect(await page.getByText('Não informado').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Detalhes' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Adicionar detalhes' }).waitFor();

    // The primary button's colour, to tell it from the quiet one later.
    const background = (locator: typeof analyze) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const primary = await background(analyze);

    await analyze.click();
    const again = section.getByRole('button', { name: 'Analisar novamente' });
    await again.waitFor();
    const interpretation = section
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Interpretação' }) });
    await interpretation.waitFor();

    // After the reading: no card of it follows the button in the document, and the button sits below it on screen.
    const cardsAfter = await again.evaluate(
      (button) =>
        Array.from(button.closest('section')!.querySelectorAll('[data-slot="card"]')).filter((card) =>
          Boolean(button.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING),
        ).length,
    );
    expect(cardsAfter).toBe(0);
    const cardsBefore = await again.evaluate(
      (button) =>
        Array.from(button.closest('section')!.querySelectorAll('[data-slot="card"]')).filter((card) =>
          Boolean(button.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_PRECEDING),
        ).length,
    );
    expect(cardsBefore).toBeGreaterThanOrEqual(3);
    const againBox = (await again.boundingBox())!;
    const readingBox = (await interpretation.boundingBox())!;
    expect(againBox.y).toBeGreaterThan(readingBox.y + readingBox.height);

    // A quiet button: not the primary colour, and not the full width of the page.
    expect(await background(again)).not.toBe(primary);
    expect(againBox.width).toBeLessThan(viewport.width / 2);
    expect(await section.getByRole('button', { name: 'Analisar sonho' }).count()).toBe(0);

    expect(journey.consoleErrors.slice(before)).toEqual([]);
  });
});
