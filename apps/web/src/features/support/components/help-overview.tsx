import { Clock, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeZone } from '@/hooks/use-time-zone';
import { useSupportMessages } from '../api/use-support-messages';
import { SupportForm, type SupportDreamOption } from './support-form';
import { SupportMessages } from './support-messages';

/** What the page promises: the first response time of the user's plan (24 hours, priority, on Oracle). */
function ResponsePromise({ hours, isPriority }: { hours: number; isPriority: boolean }) {
  const { t } = useTranslation();
  const Icon = isPriority ? Sparkles : Clock;
  return (
    <p
      data-testid="support-promise"
      className="flex items-start gap-2.5 rounded-lg border border-primary/25 bg-primary/[0.07] px-4 py-3 text-sm text-pretty"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      {isPriority ? t('support.promise.priority', { hours }) : t('support.promise.standard', { hours })}
    </p>
  );
}

/** The 'Ajuda' page's body: the promise, the form, then the user's messages with their answers. */
export function HelpOverview({ dreams }: { dreams: SupportDreamOption[] }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const messages = useSupportMessages();

  if (messages.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (messages.isError) {
    return (
      <RetryAlert message={t('support.loadError')} error={messages.error} onRetry={() => void messages.refetch()} />
    );
  }
  const { items, responseHours, isPriority } = messages.data;
  return (
    <div className="grid gap-6">
      <ResponsePromise hours={responseHours} isPriority={isPriority} />
      <SupportForm dreams={dreams} responseHours={responseHours} />
      <SupportMessages messages={items} timeZone={timeZone} />
    </div>
  );
}
