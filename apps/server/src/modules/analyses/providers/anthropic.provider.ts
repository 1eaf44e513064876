// The Anthropic Messages provider. Structured output comes from one forced tool whose input schema is the
// result: the model "calls" it with the analysis, streamed as input_json_delta chunks.
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { STREAMED_FIELDS, type AnalysisResult } from '@sonhario/contracts/analyses';
import { createJsonFieldStream } from './json-stream.ts';
import { analysisJsonSchema, buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.ts';
import { ProviderError, type AnalysisProvider, type ProviderRequest, type ProviderRunOptions } from './provider.ts';
import { runWithOneRepair } from './provider-run.ts';

export interface AnthropicProviderOptions {
  /** Defaults to https://api.anthropic.com (also when ANTHROPIC_BASE_URL is set: AI_BASE_URL is the one setting). */
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** For the whole analysis, repair included; the SDK's own timeout only covers the wait for headers. */
  timeoutMs: number;
}

export const ANALYSIS_TOOL_NAME = 'record_dream_analysis';

// An analysis is a few paragraphs plus short lists, well under this; a bigger ceiling would only let a
// runaway answer cost more.
export const ANTHROPIC_MAX_TOKENS = 4096;

const DEFAULT_BASE_URL = 'https://api.anthropic.com';

type Completion = { output: string; toolUseId: string | null };

/** The SDK client as every call to the model API uses it (analyses and the monthly report). */
export function createAnthropicClient({
  baseUrl,
  apiKey,
  timeoutMs,
}: Omit<AnthropicProviderOptions, 'model'>): Anthropic {
  return new Anthropic({
    baseURL: baseUrl ?? DEFAULT_BASE_URL,
    apiKey,
    // The analysis service decides about retries (and charges); a silent SDK retry would double the wait.
    maxRetries: 0,
    timeout: timeoutMs,
    // Debug logs and content-mode traces would carry the dream; keep both off whatever the environment says.
    logLevel: 'off',
    openTelemetry: { traces: { contentMode: 'metadata_only' } },
  });
}

export function createAnthropicProvider({
  baseUrl,
  apiKey,
  model,
  timeoutMs,
}: AnthropicProviderOptions): AnalysisProvider {
  const client = createAnthropicClient({ baseUrl, apiKey, timeoutMs });

  const tool = {
    name: ANALYSIS_TOOL_NAME,
    description: 'Record the analysis of the dream. Call it exactly once, with every field filled.',
    input_schema: analysisJsonSchema,
  };

  /** One streamed message; returns the tool input's JSON text (or, if the model wrote prose instead, that). */
  async function complete(
    system: string,
    messages: MessageParam[],
    signal: AbortSignal,
    onText?: (text: string) => void,
  ): Promise<Completion> {
    const stream = await client.messages.create(
      {
        model,
        max_tokens: ANTHROPIC_MAX_TOKENS,
        system,
        messages,
        tools: [tool],
        tool_choice: { type: 'tool', name: ANALYSIS_TOOL_NAME, disable_parallel_tool_use: true },
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
          if (toolIndex < 0 && block.type === 'tool_use' && block.name === ANALYSIS_TOOL_NAME) {
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
          if (stopReason === 'refusal') throw new ProviderError('refused', 'The model declined to analyze this dream');
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
  }

  /** The turns that show the model its invalid answer and what is wrong with it. */
  function repairTurns(previous: Completion, repairText: string): MessageParam[] {
    let input: unknown;
    try {
      input = JSON.parse(previous.output);
    } catch {
      input = undefined;
    }
    // The Messages API's own correction loop: the tool call as made, answered by an error result.
    if (previous.toolUseId && input !== null && typeof input === 'object' && !Array.isArray(input)) {
      return [
        { role: 'assistant', content: [{ type: 'tool_use', id: previous.toolUseId, name: ANALYSIS_TOOL_NAME, input }] },
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

  return {
    id: 'anthropic',
    model,
    isGenerative: true,
    async analyze(request: ProviderRequest, { signal, onDelta }: ProviderRunOptions): Promise<AnalysisResult> {
      const system = buildSystemPrompt(request.language);
      const messages: MessageParam[] = [{ role: 'user', content: buildUserMessage(request) }];
      return runWithOneRepair<Completion>({
        signal,
        timeoutMs,
        first: (callSignal) => {
          const fields = createJsonFieldStream(STREAMED_FIELDS, onDelta);
          return complete(system, messages, callSignal, (text) => fields.write(text));
        },
        repair: (first, problems, callSignal) =>
          complete(
            system,
            [...messages, ...repairTurns(first, buildRepairMessage(problems, request.language))],
            callSignal,
          ),
        isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
        classify: toProviderError,
      });
    },
  };
}

/** `instanceof APIError` alone narrows to `APIError<any, …>` (the class is generic); the SDK throws the defaults. */
const isApiError = (error: unknown): error is APIError => error instanceof APIError;

/** The SDK's errors as failure kinds (cancel and timeout are told apart by runWithOneRepair first). */
export function toProviderError(error: unknown): ProviderError {
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
