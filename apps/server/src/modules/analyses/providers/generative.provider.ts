import { STREAMED_FIELDS } from '@sonhario/contracts/analyses';
import { runJsonWithOneRepair, type Vendor } from '../../ai/vendor.ts';
import {
  analysisJsonSchema,
  buildRepairMessage,
  buildSystemPrompt,
  buildUserMessage,
  parseAnalysisOutput,
} from './prompt.ts';
import type { AnalysisProvider } from './provider.ts';

/** The analysis's structured answer: the schema (OpenAI) or the one forced tool (Anthropic) it is asked under. */
export const ANALYSIS_SHAPE = {
  name: 'record_dream_analysis',
  description: 'Record the analysis of the dream. Call it exactly once, with every field filled.',
  schema: analysisJsonSchema,
};

/**
 * A dream analysis by a generative model, whatever its vendor (the one AI pipeline, decision 062): the prompt and
 * the schema are the analysis's, the wire is the vendor's, one deadline covers the call and its one repair.
 */
export function createGenerativeAnalysisProvider(vendor: Vendor, options: { timeoutMs: number }): AnalysisProvider {
  return {
    id: vendor.id,
    model: vendor.model,
    isGenerative: true,
    analyze: (request, { signal, onDelta }) =>
      runJsonWithOneRepair({
        vendor,
        signal,
        timeoutMs: options.timeoutMs,
        what: 'analysis',
        asked: 'analyze this dream',
        system: buildSystemPrompt(request.language),
        user: buildUserMessage(request),
        shape: ANALYSIS_SHAPE,
        streamedFields: STREAMED_FIELDS,
        onDelta,
        parse: parseAnalysisOutput,
        repairText: (problems) => buildRepairMessage(problems, request.language),
      }),
  };
}
