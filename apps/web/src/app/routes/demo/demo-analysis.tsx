import type { Analysis, DreamType } from '@sonhario/contracts/analyses';
import { RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AnalysisStream } from '@/features/analyses/components/analysis-stream';
import { AnalysisView } from '@/features/analyses/components/analysis-view';
import type { DemoDream } from './demo-journal';
import { useSimulatedStream } from './use-simulated-stream';

/** The tests follow the text being written by this mark, on the summary's card. */
const TEXT_TEST_ID = 'demo-analysis-text';

/** The sample dream's type, from its kinds (a nightmare first, as a reading would name it). */
function dreamTypeOf(dream: DemoDream): DreamType {
  if (dream.isNightmare) return 'pesadelo';
  if (dream.isRecurring) return 'recorrente';
  return dream.lucidity > 0 ? 'lúcido' : 'comum';
}

/** The sample analysis as the API would answer it, so the app's own reading draws it. Made the morning after. */
function sampleAnalysis(dream: DemoDream, night: string, language: string): Analysis {
  const { analysis } = dream;
  return {
    id: `demo-${dream.id}`,
    dreamId: dream.id,
    dreamVersion: 1,
    isDreamChanged: false,
    provider: 'builtin',
    model: '',
    language: language === 'en' ? 'en' : 'pt-BR',
    charge: 'quota',
    createdAt: `${night}T10:00:00.000Z`,
    result: {
      summary: analysis.summary,
      interpretation: analysis.interpretation,
      themes: analysis.themes.map((name) => ({ name, description: '' })),
      symbols: analysis.symbols,
      emotions: analysis.emotions,
      characters: [],
      settings: [],
      dreamType: dreamTypeOf(dream),
      reflectionQuestions: analysis.questions,
      luciditySignals: [],
      sentiment: 0,
      distress: false,
    },
  };
}

/** Starts the stream the first time `card` comes into view, while `isEnabled` and nothing was written yet. */
function useStartWhenSeen(
  card: React.RefObject<HTMLDivElement | null>,
  isEnabled: boolean,
  phase: string,
  start: () => void,
) {
  useEffect(() => {
    const element = card.current;
    if (!isEnabled || phase !== 'idle' || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { threshold: 0.35 },
    );
    observer.observe(element);
    return () => observer.disconnect();
    // `start` is a new function each render; the phase is what decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEnabled, phase]);
}

/**
 * The selected dream's analysis, written out as the real stream writes it (summary, then interpretation), from the
 * fixture, then shown whole: the app's own stream and reading (AnalysisStream, AnalysisView) draw it. `autoStart`
 * starts it the first time the card comes into view, so a visitor who only watches sees it.
 */
export function DemoAnalysisCard({
  dream,
  night,
  timeZone,
  autoStart,
}: {
  dream: DemoDream;
  night: string;
  timeZone: string;
  autoStart: boolean;
}) {
  const { t, i18n } = useTranslation();
  const stream = useSimulatedStream(dream.analysis);
  const cardRef = useRef<HTMLDivElement>(null);
  const { phase, start } = stream;
  useStartWhenSeen(cardRef, autoStart, phase, start);
  const author = t('demo.analysis.author');

  if (phase === 'connecting' || phase === 'streaming') {
    return (
      <div ref={cardRef} className="grid gap-4">
        <AnalysisStream
          author={phase === 'connecting' ? null : author}
          summary={stream.summary}
          interpretation={stream.interpretation}
          level={4}
          summaryTestId={TEXT_TEST_ID}
        />
      </div>
    );
  }
  return (
    <div ref={cardRef} className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h4 className="flex items-center gap-2 font-display text-lg font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          {t('analyses.title')}
        </h4>
        {phase === 'done' ? (
          <Button variant="ghost" size="sm" onClick={start}>
            <RotateCcw aria-hidden="true" />
            {t('demo.analysis.replay')}
          </Button>
        ) : null}
      </div>
      {phase === 'done' ? (
        <AnalysisView
          analysis={sampleAnalysis(dream, night, i18n.language)}
          isDreamChanged={false}
          timeZone={timeZone}
          level={4}
          author={author}
          isDetailsOpen
          summaryTestId={TEXT_TEST_ID}
        />
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-pretty text-muted-foreground">{t('demo.analysis.startHint')}</p>
          <Button onClick={start}>
            <Sparkles aria-hidden="true" />
            {t('analyses.analyze')}
          </Button>
        </div>
      )}
    </div>
  );
}
