import type { Env } from '../../config.ts';
import { createVendor } from '../ai/create-vendor.ts';
import { createBuiltinChatProvider } from './chat.builtin.ts';
import { createGenerativeChatProvider } from './chat.generative.ts';
import type { ChatProvider } from './chat.provider.ts';

/** Builds the chat's provider from the configuration: the configured vendor's model, or the builtin guide. */
export function createChatProvider(env: Env): ChatProvider {
  const vendor = createVendor(env);
  return vendor
    ? createGenerativeChatProvider(vendor, { timeoutMs: env.AI_TIMEOUT_MS })
    : createBuiltinChatProvider({ revealMs: env.AI_BUILTIN_REVEAL_MS });
}
