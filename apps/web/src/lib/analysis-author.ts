import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { TFunction } from 'i18next';

/**
 * Who made an analysis, in the words the user sees. The builtin reading is never called AI: it names the lexicon
 * version it used ("léxico 2026.11"; the server's model string already starts with the word, older ones may not).
 */
export function authorLabel(t: TFunction, provider: AnalysisProviderId, model: string): string {
  if (provider === 'builtin') {
    const lexicon = /^l[ée]xico\b/i.test(model) ? model : `léxico ${model}`;
    return t('analyses.author.builtin', { model: lexicon });
  }
  return t('analyses.author.generative', { provider: t(`analyses.providers.${provider}`), model });
}
