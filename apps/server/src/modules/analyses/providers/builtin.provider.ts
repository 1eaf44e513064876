import type { StreamedField } from '@sonhario/contracts/analyses';
import { setTimeout as sleep } from 'node:timers/promises';
import { analyzeDream, BUILTIN_MODEL } from '../builtin/builtin-analyzer.ts';
import { ProviderError, type AnalysisProvider } from './provider.ts';

/** Pieces the reveal is cut into: about one per word group, so the text flows without a frame per character. */
const REVEAL_STEPS = 24;

/**
 * The offline symbolic reading as a provider. The reading itself takes about a millisecond; its text is then handed
 * out in word-group pieces over `revealMs` (docs/decisions/008) so the screen shows it the same way as a generative
 * provider's stream. With revealMs 0 everything is sent at once.
 */
export function createBuiltinProvider(options: { revealMs: number }): AnalysisProvider {
  return {
    id: 'builtin',
    model: BUILTIN_MODEL,
    isGenerative: false,
    async analyze(request, { signal, onDelta }) {
      const { dream } = request;
      const result = analyzeDream(
        {
          title: dream.title,
          content: dream.content,
          emotions: dream.emotions,
          isNightmare: dream.isNightmare,
          isRecurring: dream.isRecurring,
          lucidity: dream.lucidity,
          vividness: dream.vividness,
        },
        { language: request.language, history: request.history },
      );
      const pieces: { field: StreamedField; text: string }[] = [];
      for (const field of ['summary', 'interpretation'] as const) {
        const words = result[field].split(/(?<=\s)/);
        const size = Math.max(1, Math.ceil(words.length / (REVEAL_STEPS / 2)));
        for (let i = 0; i < words.length; i += size) pieces.push({ field, text: words.slice(i, i + size).join('') });
      }
      const pause = options.revealMs / Math.max(1, pieces.length);
      for (const piece of pieces) {
        if (signal.aborted) throw new ProviderError('aborted', 'analysis cancelled');
        onDelta(piece.field, piece.text);
        if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
      if (signal.aborted) throw new ProviderError('aborted', 'analysis cancelled');
      return result;
    },
  };
}
