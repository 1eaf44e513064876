// The chat about dreams over Anthropic's Messages API, in plain streamed text, with the analyses' client setup and
// error mapping (anthropic.provider.ts); the prompt is the chat's (modules/chat/chat-context.ts).
import { APIConnectionTimeoutError } from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import {
  buildChatSystemPrompt,
  buildChatUserMessage,
  buildSummarySystemPrompt,
  buildSummaryUserMessage,
} from '../../chat/chat-context.ts';
import type { ChatProvider } from '../../chat/chat-provider.ts';
import { runChatCall } from '../../chat/chat-run.ts';
import { createAnthropicClient, toProviderError } from './anthropic.provider.ts';
import { ProviderError } from './provider.ts';

/** A chat answer is a few short paragraphs; a bigger ceiling would only let a runaway answer cost more. */
const CHAT_MAX_TOKENS = 2048;

export function createAnthropicChatProvider(options: {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): ChatProvider {
  const { model, timeoutMs } = options;
  const client = createAnthropicClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs });

  async function complete(
    system: string,
    messages: MessageParam[],
    signal: AbortSignal,
    onText?: (text: string) => void,
  ): Promise<string> {
    const stream = await client.messages.create(
      { model, max_tokens: CHAT_MAX_TOKENS, system, messages, stream: true },
      { signal },
    );
    let text = '';
    let stopReason: string | null = null;
    let stopped = false;
    for await (const event of stream) {
      switch (event.type) {
        case 'content_block_delta':
          if (event.delta.type === 'text_delta') {
            text += event.delta.text;
            onText?.(event.delta.text);
          }
          break;
        case 'message_delta':
          stopReason = event.delta.stop_reason ?? stopReason;
          if (stopReason === 'refusal') throw new ProviderError('refused', 'The model declined to answer');
          break;
        case 'message_stop':
          stopped = true;
          break;
      }
    }
    // On abort the SDK ends the iteration quietly instead of throwing.
    signal.throwIfAborted();
    if (!stopped || stopReason === null)
      throw new ProviderError('failed', 'The stream ended before the answer was complete');
    // 'max_tokens' keeps what was written: a long answer cut at the output limit is still an answer.
    if (!text.trim()) throw new ProviderError('invalid_output', 'The answer was empty');
    return text;
  }

  const run = <T>(signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>) =>
    runChatCall({
      signal,
      timeoutMs,
      call,
      isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
      classify: toProviderError,
    });

  return {
    id: 'anthropic',
    model,
    isGenerative: true,
    answer(request, { signal, onDelta }) {
      const messages: MessageParam[] = [
        ...request.turns.map((turn) => ({ role: turn.role, content: turn.content })),
        { role: 'user', content: buildChatUserMessage(request) },
      ];
      return run(signal, (callSignal) =>
        complete(buildChatSystemPrompt(request.kind, request.language), messages, callSignal, onDelta),
      );
    },
    summarize(request, { signal }) {
      return run(signal, (callSignal) =>
        complete(
          buildSummarySystemPrompt(request.language),
          [{ role: 'user', content: buildSummaryUserMessage(request) }],
          callSignal,
        ),
      );
    },
  };
}
