import type { ChatUsage } from '@sonhario/contracts/chat';
import { ArrowRight, Hourglass, MessageCircleHeart, RotateCcw, TriangleAlert, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { useApiErrorMessage } from '@/lib/api-error-message';
import type { ChatFailure } from '../api/use-chat';

/**
 * The taste is used up (Dreamer, Lucid): what Oracle adds, calmly, and the way to the plans. Nothing here is an
 * alarm: the past conversations stay readable.
 */
export function TasteUsedCard({ usage, timeZone }: { usage: ChatUsage | undefined; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="grid gap-3 rounded-2xl border border-primary/30 bg-gradient-to-br from-primary/[0.10] to-primary/[0.02] px-5 py-4"
    >
      <p className="flex items-start gap-2.5 font-display text-base font-semibold text-pretty">
        <MessageCircleHeart aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {t('chat.limit.tasteTitle', { count: usage?.limit ?? 10 })}
      </p>
      <p className="text-sm leading-relaxed text-pretty text-muted-foreground">{t('chat.limit.tasteText')}</p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Link
          to="/app/plans"
          className="inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t('chat.limit.cta')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {usage ? (
          <span className="text-xs text-muted-foreground">
            {t('chat.limit.resets', { date: formatDateTime(usage.resetsAt, timeZone) })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Oracle's fair use for the day is reached: when it comes back. */
export function FairUseCard({ usage, timeZone }: { usage: ChatUsage | undefined; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-1.5 rounded-2xl border border-border/70 bg-card/50 px-5 py-4">
      <p className="flex items-start gap-2.5 text-sm font-medium text-pretty">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t('chat.limit.fairUseTitle')}
      </p>
      <p className="pl-6.5 text-sm text-pretty text-muted-foreground">
        {usage
          ? t('chat.limit.fairUseText', { date: formatDateTime(usage.resetsAt, timeZone) })
          : t('chat.limit.fairUseSoon')}
      </p>
    </div>
  );
}

function Notice({
  icon: Icon,
  children,
  action,
}: {
  icon: typeof TriangleAlert;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300/30 bg-amber-300/10 px-4 py-3 text-sm"
    >
      <p className="flex min-w-0 flex-1 basis-56 items-start gap-2.5 text-pretty text-foreground/90">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-200" />
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}

/**
 * Why the answer did not come, and the way on: 'Tentar novamente' (the same text again) where trying again can help;
 * a new conversation when this one is full. Nothing was stored or counted.
 */
export function FailureNotice({
  failure,
  onRetry,
  onNewConversation,
}: {
  failure: ChatFailure;
  onRetry: () => void;
  onNewConversation?: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const retry = (
    <Button variant="outline" className="h-9" onClick={onRetry}>
      <RotateCcw aria-hidden="true" />
      {t('chat.errors.retry')}
    </Button>
  );
  switch (failure.kind) {
    case 'network':
      return (
        <Notice icon={WifiOff} action={retry}>
          {t('chat.errors.network')}
        </Notice>
      );
    case 'provider':
      return (
        <Notice icon={TriangleAlert} action={retry}>
          {errorMessage(failure.error)} {t('chat.errors.nothingCounted')}
        </Notice>
      );
    case 'other':
      return (
        <Notice icon={TriangleAlert} action={retry}>
          {errorMessage(failure.error)}
        </Notice>
      );
    case 'full':
      return (
        <Notice
          icon={TriangleAlert}
          action={
            onNewConversation ? (
              <Button variant="outline" className="h-9" onClick={onNewConversation}>
                {t('chat.newConversation')}
              </Button>
            ) : undefined
          }
        >
          {t('chat.errors.full')}
        </Notice>
      );
    case 'gone':
      return <Notice icon={TriangleAlert}>{t('chat.errors.gone')}</Notice>;
    case 'consent':
    case 'limit':
      return null;
  }
}
