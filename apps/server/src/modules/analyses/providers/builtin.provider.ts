import type { StreamedField } from '@sonhario/contracts/analyses';
import { setTimeout as sleep } from 'node:timers/promises';
import { analyzeDream, BUILTIN_MODEL } from '../builtin/builtin-analyzer.ts';
import { type AnalysisProvider } from './provider.ts';
import { ProviderError } from '../../ai/provider-error.ts';

/**
 * Words per piece of the reveal: a few at a time, as a model's tokens arrive, so the text is seen growing. (Cut into
 * 24 pieces in all, a long interpretation came in jumps of 15 words and read as appearing at once: issue 19.)
 */
const WORDS_PER_PIECE = 3;

/**
 * The offline symbolic reading as a provider. The reading itself takes about a millisecond; its text is then handed
 * out in pieces of a few words, evenly over `revealMs` in all (docs/decisions/008, 043), so the screen shows it the
 * same way as a generative provider's stream. With revealMs 0 the pieces are sent at once.
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
        for (let i = 0; i < words.length; i += WORDS_PER_PIECE)
          pieces.push({ field, text: words.slice(i, i + WORDS_PER_PIECE).join('') });
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
