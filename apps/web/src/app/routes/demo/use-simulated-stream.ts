import { useEffect, useMemo, useState } from 'react';

/** How the demo's analysis is written out: a short wait for the "provider", then a few words every tick. */
export const DEMO_STREAM = { connectMs: 700, tickMs: 55 } as const;

type Phase = 'idle' | 'connecting' | 'streaming';

interface Token {
  field: 'summary' | 'interpretation';
  text: string;
}

// Words with the spaces and line breaks after them, so the pieces joined give back the text exactly.
const wordsOf = (text: string) => text.match(/\S+\s*/g) ?? [];

/**
 * The demo's stand-in for an analysis's event stream: the fixture's summary, then its interpretation, revealed one
 * to three words at a time on timers, as the real stream's `delta` events grow the texts. No request is made.
 */
export function useSimulatedStream({ summary, interpretation }: { summary: string; interpretation: string }) {
  const tokens = useMemo<Token[]>(
    () => [
      ...wordsOf(summary).map((text) => ({ field: 'summary' as const, text })),
      ...wordsOf(interpretation).map((text) => ({ field: 'interpretation' as const, text })),
    ],
    [summary, interpretation],
  );
  const [phase, setPhase] = useState<Phase>('idle');
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (phase === 'connecting') {
      const timer = setTimeout(() => setPhase('streaming'), DEMO_STREAM.connectMs);
      return () => clearTimeout(timer);
    }
    if (phase !== 'streaming' || shown >= tokens.length) return;
    // One, two or three words a tick, in a fixed rhythm: uneven like a model's pieces, the same on every run.
    const timer = setTimeout(() => setShown((count) => count + (count % 3) + 1), DEMO_STREAM.tickMs);
    return () => clearTimeout(timer);
  }, [phase, shown, tokens.length]);

  const visible = tokens.slice(0, shown);
  const textOf = (field: Token['field']) =>
    visible
      .filter((token) => token.field === field)
      .map((token) => token.text)
      .join('');

  return {
    // Written out to the last word: done (as the real stream's `done` event).
    phase: phase === 'streaming' && shown >= tokens.length ? ('done' as const) : phase,
    summary: textOf('summary'),
    interpretation: textOf('interpretation').trimEnd(),
    /** Starts (or replays) the stream from the first word. */
    start: () => {
      setShown(0);
      setPhase('connecting');
    },
  };
}
