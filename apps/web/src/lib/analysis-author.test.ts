import { i18n } from './i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { authorLabel } from './analysis-author';
import { applyLanguage } from './preferences';

describe('authorLabel', () => {
  afterEach(() => applyLanguage('pt-BR'));

  it('names the lexicon in the interface language, with the version the server gives', async () => {
    expect(authorLabel(i18n.t, 'builtin', 'léxico 2026.12')).toBe(
      'Análise simbólica local (sem IA generativa) · léxico 2026.12',
    );
    await applyLanguage('en');
    expect(authorLabel(i18n.t, 'builtin', 'léxico 2026.12')).toBe(
      'Local symbolic analysis (no generative AI) · lexicon 2026.12',
    );
    // An older reading stored the bare version.
    expect(authorLabel(i18n.t, 'builtin', '2026.11')).toBe(
      'Local symbolic analysis (no generative AI) · lexicon 2026.11',
    );
    expect(authorLabel(i18n.t, 'openai', 'gpt-test')).toBe('Made by OpenAI · gpt-test');
  });
});
