// The OpenAI chat-completions protocol. Only the wire protocol is OpenAI's: with AI_BASE_URL it also talks to
// Ollama, vLLM, the llama.cpp server, LM Studio or OpenRouter, so nothing here may rely on OpenAI-only extras.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ProviderError } from './provider-error.ts';
import type { JsonShape, Vendor, VendorTurn } from './vendor.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiVendorOptions {
  /** Up to and including the version path, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The SDK's own timeout (the wait for headers); the whole call's deadline is runProviderCall's. */
  timeoutMs: number;
}

/**
 * A streamed choice as the servers above send it. The SDK types `delta` as always present (OpenAI always sends
 * one) but does not check the wire, and not every compatible server puts a `delta` in the chunk that only carries
 * the finish reason.
 */
type WireChoice = Omit<ChatCompletionChunk.Choice, 'delta'> & { delta?: ChatCompletionChunk.Choice.Delta };

export function createOpenAiVendor({ baseUrl, apiKey, model, timeoutMs }: OpenAiVendorOptions): Vendor {
  const client = new OpenAI({
    baseURL: baseUrl,
    apiKey,
    // The services decide about retries (and charges); a silent SDK retry would double the wait.
    maxRetries: 0,
    timeout: timeoutMs,
    // The SDK's debug log (OPENAI_LOG=debug) prints request bodies, which carry the dream.
    logLevel: 'off',
  });

  /** One streamed completion: the text and why it finished (null when the stream was cut before the end). */
  async function complete(
    system: string,
    turns: VendorTurn[],
    signal: AbortSignal,
    what: string,
    shape: JsonShape | undefined,
    onText?: (text: string) => void,
  ): Promise<{ text: string; finishReason: string | null }> {
    const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: system }, ...turns];
    const stream = await client.chat.completions.create(
      {
        model,
        messages,
        stream: true,
        ...(shape && {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: shape.name, strict: true, schema: shape.schema },
          },
        }),
      },
      { signal },
    );
    let text = '';
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      // Usage-only chunks (stream_options.include_usage, some local servers by default) have no choices.
      const choice: WireChoice | undefined = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.refusal) throw new ProviderError('refused', `The model declined to ${what}`);
      const content = choice.delta?.content;
      if (content) {
        text += content;
        onText?.(content);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    // On abort the SDK ends the iteration quietly instead of throwing.
    signal.throwIfAborted();
    // Cut off before the model said it was done (dropped connection, crashed server): a transport failure, not a
    // bad answer, so no repair; the caller may simply try again.
    if (finishReason === null) throw new ProviderError('failed', 'The stream ended before the answer was complete');
    if (finishReason === 'content_filter')
      throw new ProviderError('refused', 'The answer was stopped by the content filter');
    return { text, finishReason };
  }

  return {
    id: 'openai',
    model,
    async text({ system, turns, signal, onText, what }) {
      const { text } = await complete(system, turns, signal, what, undefined, onText);
      // 'length' keeps what was written: a long answer cut at the output limit is still an answer.
      if (!text.trim()) throw new ProviderError('invalid_output', 'The answer was empty');
      return text;
    },
    async json({ system, turns, shape, signal, onText, what, repair }) {
      const asked: VendorTurn[] = repair
        ? [
            ...turns,
            { role: 'assistant', content: repair.previous.output || '(empty answer)' },
            { role: 'user', content: repair.text },
          ]
        : turns;
      const { text, finishReason } = await complete(system, asked, signal, what, shape, onText);
      // A repair would hit the same output limit, so it is not attempted.
      if (finishReason === 'length')
        throw new ProviderError('invalid_output', 'The answer was cut at the output token limit');
      return { output: text, toolUseId: null };
    },
    isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
    classify: toProviderError,
  };
}

/** The SDK's errors as failure kinds (cancel and timeout are told apart by runProviderCall first). */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof APIError && error.status === 429) {
    return new ProviderError('rate_limited', 'The model API is rate limiting requests (HTTP 429)', { cause: error });
  }
  if (error instanceof APIError && error.status !== undefined) {
    return new ProviderError('failed', `The model API answered HTTP ${error.status}`, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError('failed', 'Could not reach the model API', { cause: error });
  }
  // An error event inside the stream (APIError without status) or a dropped connection mid-stream.
  return new ProviderError('failed', 'The model API stream failed', { cause: error });
}
