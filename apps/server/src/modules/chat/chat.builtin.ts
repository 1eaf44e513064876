// The builtin guide (docs/decisions/035, 060): an honest rule-based guide, not generative AI. It answers from the
// dreams it was given (chat.builtin-answer.ts): what the dream holds, where the same people, places, images and
// feelings come back, with [D<n>] links, dates and counts, the dreamer's words reflected back, and at most one
// question. Deterministic; pt-BR and English; its text is revealed in pieces like an analysis's.
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from '../ai/provider-error.ts';
import { composeGuideAnswer } from './chat.builtin-answer.ts';
import { CHAT_BUDGET, cutText, type SummaryRequest } from './chat.context.ts';
import type { ChatProvider } from './chat.provider.ts';

const BUILTIN_CHAT_MODEL = 'sonhario-guide-1';

/** Pieces the reveal is cut into (as the builtin analysis's). */
const REVEAL_STEPS = 24;

type Lang = 'pt' | 'en';

/** An extractive summary: the earlier one, then each turn's first sentence, newest kept when it is too long. */
function composeGuideSummary(request: SummaryRequest): string {
  const lang: Lang = request.language === 'en' ? 'en' : 'pt';
  const who = { user: lang === 'pt' ? 'Você' : 'You', assistant: lang === 'pt' ? 'Guia' : 'Guide' };
  const lines = request.turns.map((turn) => {
    const first =
      turn.content
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?])\s/)[0] ?? '';
    return `${who[turn.role]}: ${cutText(first, 160)}`;
  });
  const all = [...(request.previousSummary ? [request.previousSummary] : []), ...lines];
  let text = all.join('\n');
  while (text.length > CHAT_BUDGET.summaryChars && all.length > 1) {
    all.shift();
    text = all.join('\n');
  }
  return cutText(text, CHAT_BUDGET.summaryChars);
}

export function createBuiltinChatProvider(options: { revealMs: number }): ChatProvider {
  return {
    id: 'builtin',
    model: BUILTIN_CHAT_MODEL,
    isGenerative: false,
    async answer(request, { signal, onDelta }) {
      const text = composeGuideAnswer(request);
      const words = text.split(/(?<=\s)/);
      const size = Math.max(1, Math.ceil(words.length / REVEAL_STEPS));
      const pieces: string[] = [];
      for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
      const pause = options.revealMs / Math.max(1, pieces.length);
      for (const piece of pieces) {
        if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
        onDelta(piece);
        if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
      }
      if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
      return text;
    },
    summarize(request) {
      return Promise.resolve(composeGuideSummary(request));
    },
  };
}
