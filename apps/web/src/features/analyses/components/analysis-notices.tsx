import { Coins, RotateCcw, TriangleAlert, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlansLink } from '@/components/plans-link';
import { Button } from '@/components/ui/button';
import { useIsAnalysisGenerative } from '@/hooks/use-privacy-info';
import { useApiErrorMessage } from '@/lib/api-error-message';
import type { AnalysisFailure } from '../api/use-analyze-dream';

/** What the analysis part of a dream's page says instead of an analysis: why one failed, or why it is off. */

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

export function FailureNotice({ failure, onRetry }: { failure: AnalysisFailure; onRetry: () => void }) {
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
export function ConsentOffNotice({ isWithdrawn, onGiveAgain }: { isWithdrawn: boolean; onGiveAgain: () => void }) {
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
