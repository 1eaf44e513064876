import { ConfigError, type Env } from '../../config.ts';
import { ANTHROPIC_DEFAULT_BASE_URL, createAnthropicVendor } from './anthropic.vendor.ts';
import { createOpenAiVendor, OPENAI_DEFAULT_BASE_URL } from './openai.vendor.ts';
import type { Vendor } from './vendor.ts';

/** Where the configured provider's API is (start-up lines, check-ai, failure logs); null for `builtin`. */
export function providerBaseUrl(env: Pick<Env, 'AI_PROVIDER' | 'AI_BASE_URL'>): string | null {
  if (env.AI_PROVIDER === 'builtin') return null;
  return env.AI_BASE_URL ?? (env.AI_PROVIDER === 'openai' ? OPENAI_DEFAULT_BASE_URL : ANTHROPIC_DEFAULT_BASE_URL);
}

// Local OpenAI-compatible servers (Ollama, llama.cpp, LM Studio) ignore the key, but the SDK refuses to start
// without one.
const LOCAL_PLACEHOLDER_KEY = 'sonhario-local';

/**
 * The vendor AI_PROVIDER names, or null for `builtin` (the offline reader, guide and report writer are the features'
 * own). Throws ConfigError, like loadConfig, when a setting the vendor needs is missing, so a misconfigured server
 * fails at boot rather than on the first analysis. The analysis, the report and the chat share it.
 */
export function createVendor(env: Env): Vendor | null {
  switch (env.AI_PROVIDER) {
    case 'builtin':
      return null;
    case 'openai': {
      if (!env.AI_MODEL) throw new ConfigError(['AI_MODEL: required when AI_PROVIDER=openai']);
      return createOpenAiVendor({
        baseUrl: env.AI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL,
        apiKey: env.AI_API_KEY || LOCAL_PLACEHOLDER_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      });
    }
    case 'anthropic': {
      const issues = [
        ...(env.AI_API_KEY ? [] : ['AI_API_KEY: required when AI_PROVIDER=anthropic']),
        ...(env.AI_MODEL ? [] : ['AI_MODEL: required when AI_PROVIDER=anthropic']),
      ];
      if (issues.length > 0 || !env.AI_API_KEY || !env.AI_MODEL) throw new ConfigError(issues);
      return createAnthropicVendor({
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      });
    }
  }
}
