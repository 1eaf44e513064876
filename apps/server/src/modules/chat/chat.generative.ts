import { runProviderCall, type Vendor } from '../ai/vendor.ts';
import {
  buildChatSystemPrompt,
  buildChatUserMessage,
  buildSummarySystemPrompt,
  buildSummaryUserMessage,
} from './chat.context.ts';
import type { ChatProvider } from './chat.provider.ts';

/** A chat answer is a few short paragraphs; a bigger ceiling would only let a runaway answer cost more. */
const CHAT_MAX_TOKENS = 2048;

/** The chat's answers and summaries by a generative model, whatever its vendor (the one AI pipeline, decision 062). */
export function createGenerativeChatProvider(vendor: Vendor, options: { timeoutMs: number }): ChatProvider {
  const run = (signal: AbortSignal, call: (signal: AbortSignal) => Promise<string>) =>
    runProviderCall({ vendor, signal, timeoutMs: options.timeoutMs, what: 'answer', call });
  return {
    id: vendor.id,
    model: vendor.model,
    isGenerative: true,
    answer: (request, { signal, onDelta }) =>
      run(signal, (callSignal) =>
        vendor.text({
          system: buildChatSystemPrompt(request.kind, request.language),
          turns: [
            ...request.turns.map((turn) => ({ role: turn.role, content: turn.content })),
            { role: 'user', content: buildChatUserMessage(request) },
          ],
          maxTokens: CHAT_MAX_TOKENS,
          signal: callSignal,
          onText: onDelta,
          what: 'answer',
        }),
      ),
    summarize: (request, { signal }) =>
      run(signal, (callSignal) =>
        vendor.text({
          system: buildSummarySystemPrompt(request.language),
          turns: [{ role: 'user', content: buildSummaryUserMessage(request) }],
          maxTokens: CHAT_MAX_TOKENS,
          signal: callSignal,
          what: 'answer',
        }),
      ),
  };
}
