// The Anthropic Messages protocol. Structured output comes from one forced tool whose input schema is the result:
// the model "calls" it with the answer, streamed as input_json_delta chunks.
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ProviderError } from './provider-error.ts';
import type { JsonCompletion, JsonShape, Vendor } from './vendor.ts';

export interface AnthropicVendorOptions {
  /** Defaults to https://api.anthropic.com (also when ANTHROPIC_BASE_URL is set: AI_BASE_URL is the one setting). */
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** The SDK's own timeout (the wait for headers); the whole call's deadline is runProviderCall's. */
  timeoutMs: number;
}

// An analysis or a report is a few paragraphs plus short lists, well under this; a bigger ceiling would only let a
// runaway answer cost more.
export const ANTHROPIC_JSON_MAX_TOKENS = 4096;

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** The turns that show the model its invalid answer and what is wrong with it. */
function repairTurns(shape: JsonShape, previous: JsonCompletion, repairText: string): MessageParam[] {
  let input: unknown;
  try {
    input = JSON.parse(previous.output);
  } catch {
    input = undefined;
  }
  // The Messages API's own correction loop: the tool call as made, answered by an error result.
  if (previous.toolUseId && input !== null && typeof input === 'object' && !Array.isArray(input)) {
    return [
      { role: 'assistant', content: [{ type: 'tool_use', id: previous.toolUseId, name: shape.name, input }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: previous.toolUseId, is_error: true, content: repairText }],
      },
    ];
  }
  // Unparseable input cannot be replayed as a tool call, so the model sees it as text.
  return [
    { role: 'assistant', content: previous.output.trim() || '(empty answer)' },
    { role: 'user', content: repairText },
  ];
}

export function createAnthropicVendor({ baseUrl, apiKey, model, timeoutMs }: AnthropicVendorOptions): Vendor {
  const client = new Anthropic({
    baseURL: baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
    apiKey,
    // The services decide about retries (and charges); a silent SDK retry would double the wait.
    maxRetries: 0,
    timeout: timeoutMs,
    // Debug logs and content-mode traces would carry the dream; keep both off whatever the environment says.
    logLevel: 'off',
    openTelemetry: { traces: { contentMode: 'metadata_only' } },
  });

  return {
    id: 'anthropic',
    model,
    async text({ system, turns, signal, onText, what, maxTokens }) {
      const stream = await client.messages.create(
        { model, max_tokens: maxTokens, system, messages: turns, stream: true },
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
            if (stopReason === 'refusal') throw new ProviderError('refused', `The model declined to ${what}`);
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
    },
    async json({ system, turns, shape, signal, onText, what, repair }) {
      const messages: MessageParam[] = repair ? [...turns, ...repairTurns(shape, repair.previous, repair.text)] : turns;
      const stream = await client.messages.create(
        {
          model,
          max_tokens: ANTHROPIC_JSON_MAX_TOKENS,
          system,
          messages,
          tools: [{ name: shape.name, description: shape.description, input_schema: shape.schema as never }],
          tool_choice: { type: 'tool', name: shape.name, disable_parallel_tool_use: true },
          stream: true,
        },
        { signal },
      );
      let toolIndex = -1;
      let toolUseId: string | null = null;
      let toolJson = '';
      let toolStartInput: unknown = {};
      let prose = '';
      let stopReason: string | null = null;
      let stopped = false;
      for await (const event of stream) {
        switch (event.type) {
          case 'content_block_start': {
            const block = event.content_block;
            if (toolIndex < 0 && block.type === 'tool_use' && block.name === shape.name) {
              toolIndex = event.index;
              toolUseId = block.id;
              toolStartInput = block.input;
            }
            break;
          }
          case 'content_block_delta':
            if (event.index === toolIndex && event.delta.type === 'input_json_delta') {
              toolJson += event.delta.partial_json;
              onText?.(event.delta.partial_json);
            } else if (event.delta.type === 'text_delta') prose += event.delta.text;
            break;
          case 'message_delta':
            stopReason = event.delta.stop_reason ?? stopReason;
            if (stopReason === 'refusal') throw new ProviderError('refused', `The model declined to ${what}`);
            break;
          case 'message_stop':
            stopped = true;
            break;
        }
      }
      // On abort the SDK ends the iteration quietly instead of throwing.
      signal.throwIfAborted();
      if (!stopped || stopReason === null) {
        // Cut off before message_stop (dropped connection, crashed proxy): a transport failure, not a bad
        // answer, so no repair; the caller may simply try again.
        throw new ProviderError('failed', 'The stream ended before the answer was complete');
      }
      if (stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded') {
        // A repair would hit the same ceiling, so it is not attempted.
        throw new ProviderError('invalid_output', 'The answer was cut at the output token limit');
      }
      if (toolIndex < 0) return { output: prose, toolUseId: null };
      // A tool called with an empty input streams no JSON at all; its start event carries the whole input.
      return { output: toolJson || JSON.stringify(toolStartInput ?? {}), toolUseId };
    },
    isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
    classify: toProviderError,
  };
}

/** `instanceof APIError` alone narrows to `APIError<any, …>` (the class is generic); the SDK throws the defaults. */
const isApiError = (error: unknown): error is APIError => error instanceof APIError;

/** The SDK's errors as failure kinds (cancel and timeout are told apart by runProviderCall first). */
function toProviderError(error: unknown): ProviderError {
  if (isApiError(error)) {
    // 529 and overloaded_error: Anthropic is busy, like a rate limit for the caller (try later). An error
    // event inside an already started stream has no status, only the type.
    const busy = error.status === 429 || error.status === 529;
    if (busy || error.type === 'rate_limit_error' || error.type === 'overloaded_error') {
      const reason = String(error.status ?? error.type);
      return new ProviderError('rate_limited', `The model API is busy or rate limiting (${reason})`, { cause: error });
    }
    if (error.status !== undefined) {
      return new ProviderError('failed', `The model API answered HTTP ${error.status}`, { cause: error });
    }
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError('failed', 'Could not reach the model API', { cause: error });
  }
  return new ProviderError('failed', 'The model API stream failed', { cause: error });
}
