import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A part of a screen that did not load (one settings section, one paragraph of a legal text): a sentence and a retry. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-border bg-background/40 px-4 py-3 text-sm"
    >
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('common.retry')}
      </Button>
    </div>
  );
}
