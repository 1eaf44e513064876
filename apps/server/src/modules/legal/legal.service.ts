import type { PrivacyInfo } from '@sonhario/contracts/legal';
import type { AppDeps } from '../../app.types.ts';
import { PRODUCT_NAME } from '../../product.ts';
import { OPENAI_DEFAULT_BASE_URL } from '../ai/openai.vendor.ts';
import { UNDO_WINDOW_MS } from '../dreams/dreams.service.ts';

const ANTHROPIC_DEFAULT_HOST = 'api.anthropic.com';

const hostOf = (url: string) => new URL(url).host;

/** Public facts for the privacy page, from the running configuration. */
export function getPrivacyInfo(deps: Pick<AppDeps, 'analysisProvider' | 'config'>): PrivacyInfo {
  const { analysisProvider: provider, config } = deps;
  const baseUrl = config.env.AI_BASE_URL;
  const host =
    provider.id === 'openai'
      ? hostOf(baseUrl ?? OPENAI_DEFAULT_BASE_URL)
      : provider.id === 'anthropic'
        ? baseUrl
          ? hostOf(baseUrl)
          : ANTHROPIC_DEFAULT_HOST
        : null;
  return {
    productName: PRODUCT_NAME,
    ai: { provider: provider.id, model: provider.model, isGenerative: provider.isGenerative, host },
    retention: { deletedDreamUndoMinutes: Math.round(UNDO_WINDOW_MS / 60_000) },
    isKeyStoreSeparate: config.keyStore.kind === 'files' || config.keyStore.url !== null,
    contactEmail: config.env.PRIVACY_CONTACT_EMAIL ?? null,
  };
}
