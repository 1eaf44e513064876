import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { TFunction } from 'i18next';

/**
 * Who made an analysis, in the words the user sees. The builtin reading is never called AI: it names the lexicon
 * version it used ("léxico 2026.12", "lexicon 2026.12" in English; the server's model string starts with the Portuguese
 * word, older ones may not).
 */
export function authorLabel(t: TFunction, provider: AnalysisProviderId, model: string): string {
  if (provider === 'builtin') {
    // "léxico 2026.12" is "lexicon 2026.12" in English: the word is the interface's, the version the server's.
    const version = model.replace(/^l[ée]xico\s*/iu, '');
    return t('analyses.author.builtin', { model: t('analyses.author.lexicon', { version }) });
  }
  return t('analyses.author.generative', { provider: t(`analyses.providers.${provider}`), model });
}
