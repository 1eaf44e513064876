// The chat about dreams over the OpenAI chat-completions protocol (any compatible endpoint), with the analyses'
// client setup and error mapping (openai.provider.ts); the prompt is the chat's (modules/chat/chat-context.ts).
import { APIConnectionTimeoutError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  buildChatSystemPrompt,
  buildChatUserMessage,
  buildSummarySystemPrompt,
  buildSummaryUserMessage,
} from '../../chat/chat-context.ts';
import type { ChatProvider } from '../../chat/chat-provider.ts';
import { runChatCall } from '../../chat/chat-run.ts';
import { OPENAI_DEFAULT_BASE_URL } from './create-provider.ts';
import { createOpenAiClient, toProviderError, type WireChoice } from './openai.provider.ts';
import { ProviderError } from './provider.ts';

// Local servers ignore the key, but the SDK refuses to start without one (as create-provider.ts).
const LOCAL_PLACEHOLDER_KEY = 'sonhario-local';

export function createOpenAiChatProvider(options: {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): ChatProvider {
  const { model, timeoutMs } = options;
  const client = createOpenAiClient({
    baseUrl: options.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: options.apiKey || LOCAL_PLACEHOLDER_KEY,
    timeoutMs,
  });

  /** One streamed completion in plain text; returns it once the model says it is finished. */
  async function complete(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
    onText?: (text: string) => void,
  ): Promise<string> {
    const stream = await client.chat.completions.create({ model, messages, stream: true }, { signal });
    let text = '';
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      const choice: WireChoice | undefined = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.refusal) throw new ProviderError('refused', 'The model declined to answer');
      const content = choice.delta?.content;
      if (content) {
        text += content;
        onText?.(content);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    // On abort the SDK ends the iteration quietly instead of throwing.
    signal.throwIfAborted();
    if (finishReason === null) throw new ProviderError('failed', 'The stream ended before the answer was complete');
    if (finishReason === 'content_filter')
      throw new ProviderError('refused', 'The answer was stopped by the content filter');
    // 'length' keeps what was written: a long answer cut at the output limit is still an answer.
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
    id: 'openai',
    model,
    isGenerative: true,
    answer(request, { signal, onDelta }) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: buildChatSystemPrompt(request.kind, request.language) },
        ...request.turns.map((turn) => ({ role: turn.role, content: turn.content })),
        { role: 'user', content: buildChatUserMessage(request) },
      ];
      return run(signal, (callSignal) => complete(messages, callSignal, onDelta));
    },
    summarize(request, { signal }) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: buildSummarySystemPrompt(request.language) },
        { role: 'user', content: buildSummaryUserMessage(request) },
      ];
      return run(signal, (callSignal) => complete(messages, callSignal));
    },
  };
}
