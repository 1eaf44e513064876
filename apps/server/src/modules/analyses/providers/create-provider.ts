import type { Env } from '../../../config.ts';
import { createVendor } from '../../ai/create-vendor.ts';
import { createBuiltinProvider } from './builtin.provider.ts';
import { createGenerativeAnalysisProvider } from './generative.provider.ts';
import type { AnalysisProvider } from './provider.ts';

/**
 * The analysis provider AI_PROVIDER names: the configured vendor's model, or the builtin reader. Throws ConfigError
 * (createVendor's) when a setting the vendor needs is missing, so a misconfigured server fails at boot.
 */
export function createAnalysisProvider(env: Env): AnalysisProvider {
  const vendor = createVendor(env);
  return vendor
    ? createGenerativeAnalysisProvider(vendor, { timeoutMs: env.AI_TIMEOUT_MS })
    : createBuiltinProvider({ revealMs: env.AI_BUILTIN_REVEAL_MS });
}
