import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/hooks/use-is-online';
import { useLoadFailureReason } from '@/lib/load-failure-reason';

/**
 * A part of a screen that did not load (one settings section, one paragraph of a legal text): what failed
 * (`message`), why (from `error`, when given: offline, server unreachable, or the server's error code as text),
 * and a retry.
 */
export function RetryAlert({ message, error, onRetry }: { message: string; error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const reason = useLoadFailureReason();
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-border bg-background/40 px-4 py-3 text-sm"
    >
      <div className="grid gap-1">
        <p>{message}</p>
        {error === undefined ? null : <p className="text-muted-foreground">{reason(error, isOnline)}</p>}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('common.retry')}
      </Button>
    </div>
  );
}
