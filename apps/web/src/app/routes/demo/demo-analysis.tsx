import {
  BookOpenText,
  HeartPulse,
  MessageCircleQuestionMark,
  MoonStar,
  RotateCcw,
  Shapes,
  Sparkles,
} from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { DemoAnalysis } from './demo-journal';
import { useSimulatedStream } from './use-simulated-stream';

const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function Block({ title, icon: Icon, children }: { title: string; icon: typeof Sparkles; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <h5 className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Icon aria-hidden="true" className="size-3.5 text-primary" />
        {title}
      </h5>
      {children}
    </div>
  );
}

/** The finished reading beyond the two streamed texts: themes, symbols, emotions and questions. */
function AnalysisDetails({ analysis }: { analysis: DemoAnalysis }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 border-t border-border/60 pt-5 sm:grid-cols-2">
      <Block title={t('analyses.sections.symbols')} icon={Shapes}>
        <dl className="grid gap-2.5">
          {analysis.symbols.map((symbol) => (
            <div key={symbol.symbol} className="grid gap-0.5">
              <dt className="text-sm font-medium">{symbol.symbol}</dt>
              <dd className="text-sm text-pretty text-muted-foreground">{symbol.meaning}</dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block title={t('analyses.sections.emotions')} icon={HeartPulse}>
        <ul className="grid gap-3">
          {analysis.emotions.map(({ emotion, intensity }) => {
            const percent = Math.round(intensity * 100);
            const name = t(`dreams.emotions.${emotion}`);
            return (
              <li key={emotion} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span>{name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('analyses.intensity', { percent })}
                  </span>
                </div>
                <div
                  role="meter"
                  aria-label={t('analyses.intensityLabel', { emotion: name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-1.5 overflow-hidden rounded-full bg-secondary"
                >
                  <div className="h-full rounded-full bg-primary/80" style={{ width: `${percent}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </Block>
      <div className="sm:col-span-2">
        <Block title={t('analyses.sections.themes')} icon={Sparkles}>
          <ul className="flex flex-wrap gap-1.5">
            {analysis.themes.map((theme) => (
              <li key={theme}>
                <Badge variant="secondary" className="h-6 rounded-full px-2.5">
                  {theme}
                </Badge>
              </li>
            ))}
          </ul>
        </Block>
      </div>
      <div className="sm:col-span-2">
        <Block title={t('analyses.sections.questions')} icon={MessageCircleQuestionMark}>
          <ul className="grid gap-2">
            {analysis.questions.map((question) => (
              <li
                key={question}
                className="rounded-lg border border-primary/15 bg-primary/[0.06] px-3.5 py-2.5 text-sm text-pretty"
              >
                {question}
              </li>
            ))}
          </ul>
        </Block>
      </div>
    </div>
  );
}

/**
 * The selected dream's analysis, written out as the real stream writes it (summary, then interpretation), from the
 * fixture. `autoStart` starts it the first time the card comes into view, so a visitor who only watches sees it.
 */
export function DemoAnalysisCard({ analysis, autoStart }: { analysis: DemoAnalysis; autoStart: boolean }) {
  const { t } = useTranslation();
  const stream = useSimulatedStream(analysis);
  const cardRef = useRef<HTMLDivElement>(null);
  const { phase, start } = stream;

  useEffect(() => {
    const card = cardRef.current;
    if (!autoStart || phase !== 'idle' || !card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { threshold: 0.35 },
    );
    observer.observe(card);
    return () => observer.disconnect();
    // `start` is a new function each render; the phase is what decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoStart, phase]);

  const isWriting = phase === 'connecting' || phase === 'streaming';
  return (
    <div
      ref={cardRef}
      className={cn(
        'grid gap-5 rounded-xl border bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6 sm:py-6',
        phase === 'idle' ? 'border-border' : 'border-primary/25 shadow-[0_30px_120px_-60px_var(--glow)]',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h4 className="flex items-center gap-2 font-display text-lg font-semibold">
            {isWriting ? (
              <Spinner className="text-primary" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4 text-primary" />
            )}
            {isWriting ? t('analyses.streaming.title') : t('analyses.title')}
          </h4>
          <p className="text-xs text-muted-foreground">
            {phase === 'connecting' ? t('analyses.streaming.connecting') : t('demo.analysis.author')}
          </p>
        </div>
        {phase === 'done' ? (
          <Button variant="ghost" size="sm" onClick={start}>
            <RotateCcw aria-hidden="true" />
            {t('demo.analysis.replay')}
          </Button>
        ) : null}
      </div>

      {phase === 'idle' ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-pretty text-muted-foreground">{t('demo.analysis.startHint')}</p>
          <Button onClick={start}>
            <Sparkles aria-hidden="true" />
            {t('analyses.analyze')}
          </Button>
        </div>
      ) : (
        <div aria-live="polite" data-testid="demo-analysis-text" className="grid gap-5">
          {stream.summary ? (
            <Block title={t('analyses.sections.summary')} icon={MoonStar}>
              <p className="font-display text-lg leading-relaxed text-pretty text-foreground/95">{stream.summary}</p>
            </Block>
          ) : null}
          {stream.interpretation ? (
            <Block title={t('analyses.sections.interpretation')} icon={BookOpenText}>
              <div className="grid gap-3 text-sm leading-relaxed text-pretty text-foreground/90 sm:text-base sm:leading-relaxed">
                {paragraphsOf(stream.interpretation).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </Block>
          ) : null}
          {!stream.summary ? (
            <div aria-hidden="true" className="grid gap-2">
              <span className="h-3 w-4/5 animate-pulse rounded-full bg-secondary motion-reduce:animate-none" />
              <span className="h-3 w-3/5 animate-pulse rounded-full bg-secondary motion-reduce:animate-none" />
            </div>
          ) : null}
        </div>
      )}
      {phase === 'done' ? <AnalysisDetails analysis={analysis} /> : null}
    </div>
  );
}
