// The monthly report over Anthropic's Messages API: one forced tool whose input schema is the report, as the
// analyses do (anthropic.provider.ts, whose client setup and error mapping it shares).
import { APIConnectionTimeoutError } from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { REPORT_STREAMED_FIELDS } from '@sonhario/contracts/reports';
import { runReportWithOneRepair } from '../../reports/report-run.ts';
import { buildReportSystemPrompt, buildReportUserMessage, reportJsonSchema } from '../../reports/report-prompt.ts';
import type { ReportWriter } from '../../reports/report-writer.ts';
import { ANTHROPIC_MAX_TOKENS, createAnthropicClient, toProviderError } from './anthropic.provider.ts';
import { createJsonFieldStream } from './json-stream.ts';
import { ProviderError } from './provider.ts';

export const REPORT_TOOL_NAME = 'record_monthly_report';

export function createAnthropicReportWriter(options: {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): ReportWriter {
  const { model, timeoutMs } = options;
  const client = createAnthropicClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs });
  const tool = {
    name: REPORT_TOOL_NAME,
    description: 'Record the monthly report. Call it exactly once, with every field filled.',
    input_schema: reportJsonSchema,
  };

  async function complete(
    system: string,
    messages: MessageParam[],
    signal: AbortSignal,
    onText?: (text: string) => void,
  ) {
    const stream = await client.messages.create(
      {
        model,
        max_tokens: ANTHROPIC_MAX_TOKENS,
        system,
        messages,
        tools: [tool],
        tool_choice: { type: 'tool', name: REPORT_TOOL_NAME, disable_parallel_tool_use: true },
        stream: true,
      },
      { signal },
    );
    let toolIndex = -1;
    let toolJson = '';
    let toolStartInput: unknown = {};
    let prose = '';
    let stopReason: string | null = null;
    let stopped = false;
    for await (const event of stream) {
      switch (event.type) {
        case 'content_block_start':
          if (
            toolIndex < 0 &&
            event.content_block.type === 'tool_use' &&
            event.content_block.name === REPORT_TOOL_NAME
          ) {
            toolIndex = event.index;
            toolStartInput = event.content_block.input;
          }
          break;
        case 'content_block_delta':
          if (event.index === toolIndex && event.delta.type === 'input_json_delta') {
            toolJson += event.delta.partial_json;
            onText?.(event.delta.partial_json);
          } else if (event.delta.type === 'text_delta') prose += event.delta.text;
          break;
        case 'message_delta':
          stopReason = event.delta.stop_reason ?? stopReason;
          if (stopReason === 'refusal') throw new ProviderError('refused', 'The model declined to write the report');
          break;
        case 'message_stop':
          stopped = true;
          break;
      }
    }
    signal.throwIfAborted();
    if (!stopped || stopReason === null)
      throw new ProviderError('failed', 'The stream ended before the answer was complete');
    if (stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded')
      throw new ProviderError('invalid_output', 'The answer was cut at the output token limit');
    if (toolIndex < 0) return { output: prose };
    return { output: toolJson || JSON.stringify(toolStartInput ?? {}) };
  }

  return {
    id: 'anthropic',
    model,
    isGenerative: true,
    write(request, { signal, onDelta }) {
      const system = buildReportSystemPrompt(request.language);
      const messages: MessageParam[] = [{ role: 'user', content: buildReportUserMessage(request) }];
      return runReportWithOneRepair({
        signal,
        timeoutMs,
        language: request.language,
        first: (callSignal) => {
          const fields = createJsonFieldStream(REPORT_STREAMED_FIELDS, onDelta);
          return complete(system, messages, callSignal, (text) => fields.write(text));
        },
        // The invalid answer goes back as text (a plain correction turn; the tool call is not replayed).
        repair: (first, repairText, callSignal) =>
          complete(
            system,
            [
              ...messages,
              { role: 'assistant', content: first.output.trim() || '(empty answer)' },
              { role: 'user', content: repairText },
            ],
            callSignal,
          ),
        isTimeoutError: (error) => error instanceof APIConnectionTimeoutError,
        classify: toProviderError,
      });
    },
  };
}
