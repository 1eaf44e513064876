import { type LucideIcon, RefreshCw, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/hooks/use-is-online';
import { useLoadFailureReason } from '@/lib/load-failure-reason';

/** A calm, centred empty state: icon in a moonlit circle, a line, a hint and one action. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/30 px-6 py-14 text-center">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary/30 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
      >
        <Icon className="size-6" />
      </span>
      <h2 className="mt-2 font-medium">{title}</h2>
      {text ? <p className="max-w-sm text-sm text-pretty text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

/**
 * A screen whose data did not load: the empty state's shape, what failed (`title`), why (from `error`: offline,
 * server unreachable, or the server's error code as text; `text` where there is no error to read), and 'Tentar
 * novamente'. The reason follows the browser going offline or back online.
 */
export function LoadFailedState({
  title,
  text,
  error,
  onRetry,
}: {
  title: string;
  text?: string;
  error?: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const reason = useLoadFailureReason();
  return (
    <div role="alert">
      <EmptyState
        icon={isOnline ? RefreshCw : WifiOff}
        title={title}
        text={error === undefined ? text : reason(error, isOnline)}
        action={
          <Button variant="outline" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
