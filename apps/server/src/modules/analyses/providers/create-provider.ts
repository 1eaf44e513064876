import { ConfigError, type Env } from '../../../config.ts';
import { createAnthropicProvider } from './anthropic.provider.ts';
import { createOpenAiProvider } from './openai.provider.ts';
import type { AnalysisProvider } from './provider.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Where the configured provider's API is (start-up lines, check-ai, failure logs); null for `builtin`. */
export function providerBaseUrl(env: Pick<Env, 'AI_PROVIDER' | 'AI_BASE_URL'>): string | null {
  if (env.AI_PROVIDER === 'builtin') return null;
  return env.AI_BASE_URL ?? (env.AI_PROVIDER === 'openai' ? OPENAI_DEFAULT_BASE_URL : ANTHROPIC_DEFAULT_BASE_URL);
}

// Local OpenAI-compatible servers (Ollama, llama.cpp, LM Studio) ignore the key, but the SDK refuses to start
// without one.
const LOCAL_PLACEHOLDER_KEY = 'sonhario-local';

/**
 * The generative provider AI_PROVIDER names, or null for `builtin` (the offline reading is built elsewhere).
 * Throws ConfigError, like loadConfig, when a setting the provider needs is missing, so a misconfigured server
 * fails at boot rather than on the first analysis.
 */
export function createGenerativeProvider(env: Env): AnalysisProvider | null {
  switch (env.AI_PROVIDER) {
    case 'builtin':
      return null;
    case 'openai': {
      if (!env.AI_MODEL) throw new ConfigError(['AI_MODEL: required when AI_PROVIDER=openai']);
      return createOpenAiProvider({
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
      return createAnthropicProvider({
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      });
    }
  }
}
