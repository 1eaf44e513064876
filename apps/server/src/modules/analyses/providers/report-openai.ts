// The monthly report over the OpenAI chat-completions protocol (any compatible endpoint), with the analyses'
// client setup and error mapping (openai.provider.ts); the prompt and schema are the report's (modules/reports).
import { APIConnectionTimeoutError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { REPORT_STREAMED_FIELDS } from '@sonhario/contracts/reports';
import { runReportWithOneRepair } from '../../reports/report-run.ts';
import { buildReportSystemPrompt, buildReportUserMessage, reportJsonSchema } from '../../reports/report-prompt.ts';
import type { ReportWriter } from '../../reports/report-writer.ts';
import { OPENAI_DEFAULT_BASE_URL } from './create-provider.ts';
import { createJsonFieldStream } from './json-stream.ts';
import { createOpenAiClient, toProviderError, type WireChoice } from './openai.provider.ts';
import { ProviderError } from './provider.ts';

const SCHEMA_NAME = 'monthly_dream_report';
// Local servers ignore the key, but the SDK refuses to start without one (as create-provider.ts).
const LOCAL_PLACEHOLDER_KEY = 'sonhario-local';

export function createOpenAiReportWriter(options: {
  baseUrl?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}): ReportWriter {
  const { model, timeoutMs } = options;
  const client = createOpenAiClient({
    baseUrl: options.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: options.apiKey || LOCAL_PLACEHOLDER_KEY,
    timeoutMs,
  });

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
          json_schema: { name: SCHEMA_NAME, strict: true, schema: reportJsonSchema },
        },
      },
      { signal },
    );
    let text = '';
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      const choice: WireChoice | undefined = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.refusal) throw new ProviderError('refused', 'The model declined to write the report');
      const content = choice.delta?.content;
      if (content) {
        text += content;
        onText?.(content);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    signal.throwIfAborted();
    switch (finishReason) {
      case null:
        throw new ProviderError('failed', 'The stream ended before the answer was complete');
      case 'content_filter':
        throw new ProviderError('refused', 'The answer was stopped by the content filter');
      case 'length':
        throw new ProviderError('invalid_output', 'The answer was cut at the output token limit');
      default:
        return text;
    }
  }

  return {
    id: 'openai',
    model,
    isGenerative: true,
    write(request, { signal, onDelta }) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: buildReportSystemPrompt(request.language) },
        { role: 'user', content: buildReportUserMessage(request) },
      ];
      return runReportWithOneRepair({
        signal,
        timeoutMs,
        language: request.language,
        first: async (callSignal) => {
          const fields = createJsonFieldStream(REPORT_STREAMED_FIELDS, onDelta);
          return { output: await complete(messages, callSignal, (text) => fields.write(text)) };
        },
        repair: async (first, repairText, callSignal) => ({
          output: await complete(
            [
              ...messages,
              { role: 'assistant', content: first.output || '(empty answer)' },
              { role: 'user', content: repairText },
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
