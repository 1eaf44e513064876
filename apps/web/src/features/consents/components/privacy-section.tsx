import type { ConsentState } from '@sonhario/contracts/consents';
import { CircleOff, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RetryAlert } from '@/components/retry-alert';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useTimeZone } from '@/hooks/use-time-zone';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useConsents } from '../api/use-consents';
import { useSetConsent } from '../api/use-set-consent';
import { ConsentQuote } from './consent-quote';

const STATUS_STYLE: Record<ConsentState['status'], string> = {
  granted: 'border-emerald-500/40 bg-emerald-500/15 text-emerald-800 dark:text-emerald-200',
  withdrawn: 'border-amber-500/40 bg-amber-400/15 text-amber-900 dark:text-amber-100',
  declined: 'border-border bg-muted/60 text-muted-foreground',
  unanswered: 'border-border bg-muted/60 text-muted-foreground',
};

function ConsentItem({
  consent,
  timeZone,
  aiOffAction,
}: {
  consent: ConsentState;
  timeZone: string;
  aiOffAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const setConsent = useSetConsent();
  const isGranted = consent.status === 'granted';
  const titleId = `consent-${consent.purpose}`;
  const date = consent.answeredAt ? formatDateTime(consent.answeredAt, timeZone) : null;
  const when =
    date === null
      ? t('settings.privacy.unanswered')
      : isGranted
        ? t('settings.privacy.grantedAt', { date })
        : consent.status === 'withdrawn'
          ? t('settings.privacy.withdrawnAt', { date })
          : t('settings.privacy.declinedAt', { date });

  const change = () => {
    if (setConsent.isPending) return;
    setConsent.mutate(
      { purpose: consent.purpose, isGranted: !isGranted },
      {
        onSuccess: () =>
          toast.success(isGranted ? t('settings.privacy.withdrawnToast') : t('settings.privacy.grantedToast')),
        onError: () => toast.error(t('settings.privacy.saveError')),
      },
    );
  };

  return (
    <li className="grid gap-3 rounded-lg border border-border/70 bg-background/30 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-medium">
          {t(`settings.privacy.purposes.${consent.purpose}`)}
        </h3>
        <Badge variant="outline" className={cn('ml-auto', STATUS_STYLE[consent.status])}>
          {t(`settings.privacy.status.${consent.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-pretty text-muted-foreground">
        {t(`settings.privacy.purposeHints.${consent.purpose}`)}
      </p>
      <figure className="grid gap-1.5">
        <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('settings.privacy.text')}
        </figcaption>
        <ConsentQuote className="rounded-md px-3 py-2" />
      </figure>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {consent.textVersion ? (
          <div className="flex gap-1">
            <dt>{t('settings.privacy.version')}</dt>
            <dd className="tabular-nums">{consent.textVersion}</dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">{t('settings.privacy.dateLabel')}</dt>
          <dd>{when}</dd>
        </div>
      </dl>
      {consent.purpose === 'ai_analysis' && !isGranted ? (
        <div
          role="status"
          className="flex gap-3 rounded-md border border-amber-500/35 bg-amber-400/10 px-3 py-2.5 text-sm text-pretty"
        >
          <CircleOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
          <div className="grid gap-3">
            <p>{t('settings.privacy.aiOff')}</p>
            {aiOffAction ? <div>{aiOffAction}</div> : null}
          </div>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button
          variant={isGranted ? 'outline' : 'default'}
          className="h-10 w-full sm:w-auto"
          disabled={setConsent.isPending}
          onClick={change}
          aria-describedby={titleId}
        >
          {setConsent.isPending ? <Spinner /> : null}
          {setConsent.isPending
            ? t('settings.privacy.saving')
            : isGranted
              ? t('settings.privacy.withdraw')
              : consent.status === 'withdrawn'
                ? t('settings.privacy.grantAgain')
                : t('settings.privacy.grant')}
        </Button>
      </div>
    </li>
  );
}

/**
 * 'Privacidade': each consent purpose with the text answered, its version, when, and the way to change it.
 * `aiOffAction` is shown under the notice that AI analysis is off (the settings page puts the analyses feature's
 * 'Excluir análises anteriores' there: consents do not reach into analyses).
 */
export function PrivacySection({ aiOffAction }: { aiOffAction?: ReactNode }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const consents = useConsents();
  return (
    <SectionCard
      id="privacidade"
      icon={ShieldCheck}
      title={t('settings.privacy.title')}
      description={t('settings.privacy.description')}
    >
      {consents.isError && !consents.data ? (
        <RetryAlert
          message={t('settings.privacy.loadError')}
          error={consents.error}
          onRetry={() => void consents.refetch()}
        />
      ) : !consents.data ? (
        <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-40 rounded-lg" />
          <Skeleton className="h-40 rounded-lg" />
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={t('settings.privacy.listLabel')}>
          {consents.data.items.map((consent) => (
            <ConsentItem key={consent.purpose} consent={consent} timeZone={timeZone} aiOffAction={aiOffAction} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
