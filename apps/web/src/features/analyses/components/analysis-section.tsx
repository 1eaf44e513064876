import type { ConsentStatus } from '@sonhario/contracts/consents';
import type { Dream } from '@sonhario/contracts/dreams';
import { CircleStop, Coins, RefreshCw, RotateCcw, Sparkles, TriangleAlert, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PlansLink } from '@/components/plans-link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsAnalysisGenerative } from '@/hooks/use-privacy-info';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { type AnalysisFailure, useAnalyzeDream } from '../api/use-analyze-dream';
import { useDreamAnalyses } from '../api/use-dream-analyses';
import { AnalysisHistory } from './analysis-history';
import { AnalysisStream } from './analysis-stream';
import { AnalysisView } from './analysis-view';

function Notice({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: typeof TriangleAlert;
  title?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-200" />
        <div className="grid gap-1">
          {title ? <p className="font-medium text-amber-800 dark:text-amber-100">{title}</p> : null}
          <div className="text-pretty text-foreground/85">{children}</div>
        </div>
      </div>
      {action}
    </div>
  );
}

function FailureNotice({ failure, onRetry }: { failure: AnalysisFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const retry = (
    <Button variant="outline" className="h-10" onClick={onRetry}>
      <RotateCcw aria-hidden="true" />
      {t('analyses.errors.retry')}
    </Button>
  );
  switch (failure.kind) {
    case 'limit':
      return (
        <Notice
          icon={Coins}
          title={t('analyses.errors.limitTitle')}
          action={
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline" className="h-10">
                <Link to="/app/credits">{t('analyses.errors.seeCredits')}</Link>
              </Button>
              <PlansLink asButton />
            </div>
          }
        >
          {errorMessage(failure.error)}
        </Notice>
      );
    case 'provider':
      return (
        <Notice icon={TriangleAlert} title={t('analyses.errors.providerTitle')} action={retry}>
          {errorMessage(failure.error)} {t('analyses.errors.nothingCharged')}
        </Notice>
      );
    case 'network':
      return (
        <Notice icon={WifiOff} action={retry}>
          {t('analyses.errors.network')}
        </Notice>
      );
    case 'other':
      return (
        <Notice icon={TriangleAlert} title={t('analyses.errors.otherTitle')} action={retry}>
          {errorMessage(failure.error)}
        </Notice>
      );
    case 'consent':
      return null;
  }
}

/**
 * With the AI consent withdrawn or declined: why there is no 'Analisar sonho', and the ways to consent again. The
 * reading is called AI only when the server's provider is a generative model (issue 19).
 */
function ConsentOffNotice({ isWithdrawn, onGiveAgain }: { isWithdrawn: boolean; onGiveAgain: () => void }) {
  const { t } = useTranslation();
  const isGenerative = useIsAnalysisGenerative();
  return (
    <div
      role="status"
      className="grid gap-3 rounded-xl border border-border/70 bg-card/40 px-5 py-4 text-sm text-pretty sm:flex sm:items-center sm:justify-between"
    >
      <p className="text-muted-foreground">
        {isGenerative
          ? t(isWithdrawn ? 'analyses.consentOff.withdrawn' : 'analyses.consentOff.declined')
          : t(isWithdrawn ? 'analyses.reading.consentOffWithdrawn' : 'analyses.reading.consentOffDeclined')}{' '}
        <Link to="/app/settings#privacidade" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('analyses.consentOff.settings')}
        </Link>
      </p>
      <Button variant="outline" className="h-10 shrink-0" onClick={onGiveAgain}>
        {t('analyses.consentOff.giveAgain')}
      </Button>
    </div>
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
      // The stream (and its focused heading) is gone: back to the button that starts another.
      requestAnimationFrame(() => analyzeButtonRef.current?.focus());
    }
  }

  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="grid gap-6">
      <div className="grid gap-1.5">
        <h2 id={titleId} className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {t('analyses.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('analyses.intro')}</p>
      </div>

      {isAnalysisOff && !isStreaming ? (
        <ConsentOffNotice isWithdrawn={aiConsent === 'withdrawn'} onGiveAgain={() => setIsConsentOpen(true)} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
          {isStreaming ? (
            <Button variant="outline" size="lg" className="w-full sm:h-10 sm:w-auto" onClick={cancel}>
              <CircleStop aria-hidden="true" />
              {t('analyses.cancel')}
            </Button>
          ) : (
            <Button ref={analyzeButtonRef} size="lg" className="w-full sm:h-10 sm:w-auto" onClick={() => void run()}>
              <Sparkles aria-hidden="true" />
              {latest ? t('analyses.analyzeAgain') : t('analyses.analyze')}
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

      {state.status === 'streaming' ? (
        <AnalysisStream
          author={state.author}
          summary={state.summary}
          interpretation={state.interpretation}
          headingRef={streamHeadingRef}
        />
      ) : latest ? (
        <AnalysisView
          key={latest.id}
          analysis={latest}
          isDreamChanged={latest.isDreamChanged || latest.dreamVersion < dream.version}
          timeZone={timeZone}
          headingRef={resultHeadingRef}
        />
      ) : analyses.isPending ? (
        <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-28 w-full rounded-xl" />
        </div>
      ) : analyses.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <p>{t('analyses.loadError')}</p>
          <Button variant="outline" className="h-10" onClick={() => void analyses.refetch()}>
            <RefreshCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <p className="rounded-xl border border-dashed border-border bg-card/30 px-5 py-6 text-center text-sm text-muted-foreground">
          {t('analyses.empty')}
        </p>
      )}

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
