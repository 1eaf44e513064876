import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { Env } from '../../config.ts';
import { createVendor } from '../ai/create-vendor.ts';
import { createBuiltinChatProvider } from './chat-builtin.ts';
import { createGenerativeChatProvider } from './chat-generative.ts';
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

/** Builds the chat's provider from the configuration: the configured vendor's model, or the builtin guide. */
export function createChatProvider(env: Env): ChatProvider {
  const vendor = createVendor(env);
  return vendor
    ? createGenerativeChatProvider(vendor, { timeoutMs: env.AI_TIMEOUT_MS })
    : createBuiltinChatProvider({ revealMs: env.AI_BUILTIN_REVEAL_MS });
}
