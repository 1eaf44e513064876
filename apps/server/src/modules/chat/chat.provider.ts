import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import type { ChatRequest, SummaryRequest } from './chat.context.ts';

/** Who answers the chat (AI_PROVIDER): the same endpoint, key, model and timeout as analyses. */
export interface ChatProvider {
  readonly id: AnalysisProviderId;
  readonly model: string;
  /** False for the builtin guide: the UI must not call it AI-generated. */
  readonly isGenerative: boolean;
  /** The answer's text, streamed through onDelta as it comes; throws ProviderError on any failure. */
  answer(request: ChatRequest, options: { signal: AbortSignal; onDelta: (text: string) => void }): Promise<string>;
  /** A summary of older turns (long conversations), not streamed. */
  summarize(request: SummaryRequest, options: { signal: AbortSignal }): Promise<string>;
}
