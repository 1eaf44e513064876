// The OpenAI chat-completions provider. Only the wire protocol is OpenAI's: with AI_BASE_URL it also talks to
// Ollama, vLLM, the llama.cpp server, LM Studio or OpenRouter, so nothing here may rely on OpenAI-only extras.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { STREAMED_FIELDS, type AnalysisResult } from '@sonhario/contracts/analyses';
import { createJsonFieldStream } from './json-stream.ts';
import { analysisJsonSchema, buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.ts';
import { ProviderError, type AnalysisProvider, type ProviderRequest, type ProviderRunOptions } from './provider.ts';
import { runWithOneRepair } from './provider-run.ts';

export interface OpenAiProviderOptions {
  /** Up to and including the version path, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** For the whole analysis, repair included; the SDK's own timeout only covers the wait for headers. */
  timeoutMs: number;
}

const SCHEMA_NAME = 'dream_analysis';

/**
 * A streamed choice as the servers above send it. The SDK types `delta` as always present (OpenAI always sends
 * one) but does not check the wire, and not every compatible server puts a `delta` in the chunk that only carries
 * the finish reason.
 */
export type WireChoice = Omit<ChatCompletionChunk.Choice, 'delta'> & { delta?: ChatCompletionChunk.Choice.Delta };

/** The SDK client as every call to the model API uses it (analyses and the monthly report). */
export function createOpenAiClient({ baseUrl, apiKey, timeoutMs }: Omit<OpenAiProviderOptions, 'model'>): OpenAI {
  return new OpenAI({
    baseURL: baseUrl,
    apiKey,
    // The analysis service decides about retries (and charges); a silent SDK retry would double the wait.
    maxRetries: 0,
    timeout: timeoutMs,
    // The SDK's debug log (OPENAI_LOG=debug) prints request bodies, which carry the dream.
    logLevel: 'off',
  });
}

export function createOpenAiProvider({ baseUrl, apiKey, model, timeoutMs }: OpenAiProviderOptions): AnalysisProvider {
  const client = createOpenAiClient({ baseUrl, apiKey, timeoutMs });

  /** One streamed completion; returns the answer's text once the model says it is finished. */
  async function complete(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
    onText?: (text: string) => void,
  ): Promise<string> {
    const stream = await client.chat.completions.create(
      {
        model,
        messages,
        stream: true,
        response_format: {
          type: 'json_schema',
          json_schema: { name: SCHEMA_NAME, strict: true, schema: analysisJsonSchema },
        },
      },
      { signal },
    );
    let text = '';
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      // Usage-only chunks (stream_options.include_usage, some local servers by default) have no choices.
      const choice: WireChoice | undefined = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.refusal) throw new ProviderError('refused', 'The model declined to analyze this dream');
      const content = choice.delta?.content;
      if (content) {
        text += content;
        onText?.(content);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    // On abort the SDK ends the iteration quietly instead of throwing.
    signal.throwIfAborted();
    switch (finishReason) {
      case null:
        // Cut off before the model said it was done (dropped connection, crashed server): a transport failure,
        // not a bad answer, so no repair; the caller may simply try again.
        throw new ProviderError('failed', 'The stream ended before the answer was complete');
      case 'content_filter':
        throw new ProviderError('refused', 'The answer was stopped by the content filter');
      case 'length':
        // A repair would hit the same output limit, so it is not attempted.
        throw new ProviderError('invalid_output', 'The answer was cut at the output token limit');
      default:
        return text;
    }
  }

  return {
    id: 'openai',
    model,
    isGenerative: true,
    async analyze(request: ProviderRequest, { signal, onDelta }: ProviderRunOptions): Promise<AnalysisResult> {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: buildSystemPrompt(request.language) },
        { role: 'user', content: buildUserMessage(request) },
      ];
      return runWithOneRepair({
        signal,
        timeoutMs,
        first: async (callSignal) => {
          const fields = createJsonFieldStream(STREAMED_FIELDS, onDelta);
          return { output: await complete(messages, callSignal, (text) => fields.write(text)) };
        },
        repair: async (first, problems, callSignal) => ({
          output: await complete(
            [
              ...messages,
              { role: 'assistant', content: first.output || '(empty answer)' },
              { role: 'user', content: buildRepairMessage(problems, request.language) },
            ],
            callSignal,
          ),
        }),
        isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
        classify: toProviderError,
      });
    },
  };
}

/** The SDK's errors as failure kinds (cancel and timeout are told apart by runWithOneRepair first). */
export function toProviderError(error: unknown): ProviderError {
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
