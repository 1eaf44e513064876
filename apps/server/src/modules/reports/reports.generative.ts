import { REPORT_STREAMED_FIELDS } from '@sonhario/contracts/reports';
import { runJsonWithOneRepair, type Vendor } from '../ai/vendor.ts';
import {
  buildReportRepairMessage,
  buildReportSystemPrompt,
  buildReportUserMessage,
  parseReportOutput,
  reportJsonSchema,
} from './reports.prompt.ts';
import type { ReportWriter } from './reports.writer.ts';

/** The report's structured answer: the schema (OpenAI) or the one forced tool (Anthropic) it is asked under. */
export const REPORT_SHAPE = {
  name: 'record_monthly_report',
  description: 'Record the monthly report. Call it exactly once, with every field filled.',
  schema: reportJsonSchema,
};

/** A monthly report by a generative model, whatever its vendor (the one AI pipeline, decision 062). */
export function createGenerativeReportWriter(vendor: Vendor, options: { timeoutMs: number }): ReportWriter {
  return {
    id: vendor.id,
    model: vendor.model,
    isGenerative: true,
    write: (request, { signal, onDelta }) =>
      runJsonWithOneRepair({
        vendor,
        signal,
        timeoutMs: options.timeoutMs,
        what: 'report',
        asked: 'write the report',
        system: buildReportSystemPrompt(request.language),
        user: buildReportUserMessage(request),
        shape: REPORT_SHAPE,
        streamedFields: REPORT_STREAMED_FIELDS,
        onDelta,
        parse: parseReportOutput,
        repairText: (problems) => buildReportRepairMessage(problems, request.language),
      }),
  };
}
