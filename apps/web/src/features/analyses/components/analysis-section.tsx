import type { Analysis } from '@sonhario/contracts/analyses';
import type { ConsentStatus } from '@sonhario/contracts/consents';
import type { Dream } from '@sonhario/contracts/dreams';
import { CircleStop, RefreshCw, Sparkles } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { type AnalyzeState, useAnalyzeDream } from '../api/use-analyze-dream';
import { useDreamAnalyses } from '../api/use-dream-analyses';
import { AnalysisHistory } from './analysis-history';
import { ConsentOffNotice, FailureNotice } from './analysis-notices';
import { AnalysisStream } from './analysis-stream';
import { AnalysisView } from './analysis-view';

/** The latest analysis, or the one being written; while none, its loading, its failure to load or 'none yet'. */
function LatestAnalysis({
  state,
  latest,
  analyses,
  dreamVersion,
  timeZone,
  streamHeadingRef,
  resultHeadingRef,
}: {
  state: AnalyzeState;
  latest: Analysis | undefined;
  analyses: ReturnType<typeof useDreamAnalyses>;
  dreamVersion: number;
  timeZone: string;
  streamHeadingRef: RefObject<HTMLHeadingElement | null>;
  resultHeadingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  if (state.status === 'streaming') {
    return (
      <AnalysisStream
        author={state.author}
        summary={state.summary}
        interpretation={state.interpretation}
        headingRef={streamHeadingRef}
      />
    );
  }
  if (latest) {
    return (
      <AnalysisView
        key={latest.id}
        analysis={latest}
        isDreamChanged={latest.isDreamChanged || latest.dreamVersion < dreamVersion}
        timeZone={timeZone}
        headingRef={resultHeadingRef}
      />
    );
  }
  if (analyses.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-28 w-full rounded-xl" />
      </div>
    );
  }
  if (analyses.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <p>{t('analyses.loadError')}</p>
        <Button variant="outline" className="h-10" onClick={() => void analyses.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p className="rounded-xl border border-dashed border-border bg-card/30 px-5 py-6 text-center text-sm text-muted-foreground">
      {t('analyses.empty')}
    </p>
  );
}

/** What the consent question needs from the section: whether it shows, and what to do with the answer. */
export interface ConsentQuestionProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server recorded the answer (the question is closing). */
  onAnswered: (isGranted: boolean) => void;
}

/**
 * The analysis part of a dream's page: 'Analisar sonho' with how it will be paid, the analysis arriving as it is
 * written ('Cancelar' stops it, nothing charged), then its cards; earlier analyses below. A consent missing on the
 * server opens the consent question, and a 'Concordo' goes straight on with the analysis.
 *
 * The page composes it with the other features' parts: `payment` (how the next analysis is paid, from credits),
 * `aiConsent` (the AI-analysis consent's status) and `renderConsentQuestion` (the consents feature's question).
 */
export function AnalysisSection({
  dream,
  timeZone,
  payment,
  aiConsent,
  renderConsentQuestion,
}: {
  dream: Dream;
  timeZone: string;
  payment?: ReactNode;
  aiConsent: ConsentStatus | undefined;
  renderConsentQuestion: (props: ConsentQuestionProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const analyses = useDreamAnalyses(dream.id);
  const analyze = useAnalyzeDream(dream.id);
  // A consent taken back (or a recorded "no") turns analysis off until given again; past analyses stay.
  const isAnalysisOff = aiConsent === 'withdrawn' || aiConsent === 'declined';
  const { state } = analyze;
  const [isConsentOpen, setIsConsentOpen] = useState(false);
  const [isConsentDeclined, setIsConsentDeclined] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const streamHeadingRef = useRef<HTMLHeadingElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const analyzeButtonRef = useRef<HTMLButtonElement>(null);

  const items = analyses.data?.items ?? [];
  const [latest, ...earlier] = items;
  const isStreaming = state.status === 'streaming';

  // The button that was pressed gives way to the stream, and the stream to the cards: focus follows, unless the
  // user has moved on to something else meanwhile.
  useEffect(() => {
    const active = document.activeElement;
    const isFocusHere = !active || active === document.body || Boolean(sectionRef.current?.contains(active));
    if (!isFocusHere) return;
    if (state.status === 'streaming') streamHeadingRef.current?.focus();
    else if (state.status === 'done') resultHeadingRef.current?.focus();
  }, [state.status]);

  async function run() {
    setIsConsentDeclined(false);
    setIsConsentOpen(false);
    const outcome = await analyze.start();
    if (outcome?.status === 'error' && outcome.failure.kind === 'consent') setIsConsentOpen(true);
  }

  function cancel() {
    if (analyze.cancel()) {
      toast(t('analyses.cancelled'));
      // The stream (and its focused heading) is gone: back to the reading it would have replaced, or, with none, to
      // the button that starts another.
      requestAnimationFrame(() => (resultHeadingRef.current ?? analyzeButtonRef.current)?.focus());
    }
  }

  // Before any reading, 'Analisar sonho' is the section's one primary action, right under its heading; once there is
  // a reading, 'Analisar novamente' is a quiet button after it (read first, then perhaps again), and 'Cancelar' of a
  // new one stands above the text being written. While the list loads, no button: it would jump from one place to
  // the other.
  const isActionBelow = Boolean(latest) && !isStreaming;
  const actions =
    analyses.isPending && !isStreaming ? null : (
      <div className="grid gap-3">
        {isAnalysisOff && !isStreaming ? (
          <ConsentOffNotice isWithdrawn={aiConsent === 'withdrawn'} onGiveAgain={() => setIsConsentOpen(true)} />
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
            {isStreaming ? (
              <Button variant="outline" size="lg" className="w-full sm:h-10 sm:w-auto" onClick={cancel}>
                <CircleStop aria-hidden="true" />
                {t('analyses.cancel')}
              </Button>
            ) : latest ? (
              <Button ref={analyzeButtonRef} variant="outline" className="h-10 w-fit" onClick={() => void run()}>
                <RefreshCw aria-hidden="true" />
                {t('analyses.analyzeAgain')}
              </Button>
            ) : (
              <Button ref={analyzeButtonRef} size="lg" className="w-full sm:h-10 sm:w-auto" onClick={() => void run()}>
                <Sparkles aria-hidden="true" />
                {t('analyses.analyze')}
              </Button>
            )}
            {isStreaming ? null : payment}
          </div>
        )}

        {state.status === 'error' ? <FailureNotice failure={state.failure} onRetry={() => void run()} /> : null}
        {isConsentDeclined || (state.status === 'error' && state.failure.kind === 'consent' && !isConsentOpen) ? (
          <p
            role="status"
            className="rounded-lg border border-border/70 bg-card/30 px-4 py-3 text-sm text-pretty text-muted-foreground"
          >
            {t('analyses.errors.consentDeclined')}
          </p>
        ) : null}
      </div>
    );

  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="grid gap-6">
      <div className="grid gap-1.5">
        <h2 id={titleId} className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {t('analyses.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('analyses.intro')}</p>
      </div>

      {isActionBelow ? null : actions}

      <LatestAnalysis
        state={state}
        latest={latest}
        analyses={analyses}
        dreamVersion={dream.version}
        timeZone={timeZone}
        streamHeadingRef={streamHeadingRef}
        resultHeadingRef={resultHeadingRef}
      />

      {isActionBelow ? actions : null}

      <AnalysisHistory analyses={earlier} dreamVersion={dream.version} timeZone={timeZone} />

      {renderConsentQuestion({
        open: isConsentOpen,
        onOpenChange: setIsConsentOpen,
        onAnswered: (isGranted) => {
          if (isGranted) void run();
          else {
            analyze.reset();
            setIsConsentDeclined(true);
          }
        },
      })}
    </section>
  );
}
