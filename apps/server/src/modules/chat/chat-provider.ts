import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { Env } from '../../config.ts';
import { createAnthropicChatProvider } from '../analyses/providers/chat-anthropic.ts';
import { createOpenAiChatProvider } from '../analyses/providers/chat-openai.ts';
import { createGenerativeProvider } from '../analyses/providers/create-provider.ts';
import { createBuiltinChatProvider } from './chat-builtin.ts';
import type { ChatRequest, SummaryRequest } from './chat-context.ts';

/** Who answers the chat (AI_PROVIDER): the same endpoint, key, model and timeout as analyses. */
export interface ChatProvider {
  readonly id: AnalysisProviderId;
  readonly model: string;
  /** False for the builtin guide: the UI must not call it AI-generated. */
  readonly isGenerative: boolean;
  /** The answer's text, streamed through onDelta as it comes; throws ProviderError on any failure. */
  answer(request: ChatRequest, options: { signal: AbortSignal; onDelta: (text: string) => void }): Promise<string>;
  /** A summary of older turns (long conversations), not streamed. */
  summarize(request: SummaryRequest, options: { signal: AbortSignal }): Promise<string>;
}

/** Builds the chat's provider from the configuration (settings already validated by createGenerativeProvider). */
export function createChatProvider(env: Env): ChatProvider {
  const generative = createGenerativeProvider(env);
  if (!generative || env.AI_PROVIDER === 'builtin')
    return createBuiltinChatProvider({ revealMs: env.AI_BUILTIN_REVEAL_MS });
  const options = {
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY ?? '',
    model: generative.model,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
  return env.AI_PROVIDER === 'openai' ? createOpenAiChatProvider(options) : createAnthropicChatProvider(options);
}
