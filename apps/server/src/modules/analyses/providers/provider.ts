import type { AnalysisLanguage, AnalysisProviderId, AnalysisResult, StreamedField } from '@sonhario/contracts/analyses';
import type { Emotion } from '@sonhario/contracts/dreams';

/** The dream as a provider sees it: the user's words and the facts they recorded, nothing else (no ids, no e-mail). */
interface ProviderDream {
  title: string;
  content: string;
  notes: string | null;
  dreamtOn: string;
  emotions: Emotion[];
  mood: number | null;
  lucidity: number;
  vividness: number | null;
  isNightmare: boolean;
  isRecurring: boolean;
}

export interface ProviderRequest {
  dream: ProviderDream;
  language: AnalysisLanguage;
  /** Symbol ids (builtin lexicon) counted over the user's latest dreams, this one excluded. */
  history: { symbolCounts: Record<string, number>; dreamCount: number };
  /** For generative providers only, after the AI consent: the dreamer's signs and related dreams (decision 061). */
  context?: JournalContext;
}

/**
 * What a generative analysis is told of the dreamer's journal (patterns/journal-context.ts, docs/decisions/061):
 * recurring signs (images first) and the few earlier dreams most like this one; prompt.ts sends it within a budget.
 */
export interface JournalContext {
  signs: { kind: string; label: string; count: number }[];
  /** `dreamId` stays on the server (to resolve the `[D<n>]` markers, decision 064); it is never sent to a provider. */
  relatedDreams: { dreamId: string; dreamtOn: string; title: string; excerpt: string; sharedWords: string[] }[];
}

interface ProviderRunOptions {
  /** Aborted when the user cancels (or the connection drops): the provider stops and throws ProviderError('aborted'). */
  signal: AbortSignal;
  /** Text appended to a streamed field as it arrives (summary, interpretation). */
  onDelta: (field: StreamedField, text: string) => void;
}

/** One interface for every provider (AI_PROVIDER). `analyze` resolves only with a result valid under analysisResultSchema. */
export interface AnalysisProvider {
  readonly id: AnalysisProviderId;
  /** The model that sees the text, stored with each analysis and shown to the user. */
  readonly model: string;
  /** False for the offline symbolic reading: the UI must not call it AI-generated. */
  readonly isGenerative: boolean;
  analyze(request: ProviderRequest, options: ProviderRunOptions): Promise<AnalysisResult>;
}
