import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '@/hooks/use-is-online';

/**
 * A slim line under the app's header while the browser is offline: what still works (a dream saved now waits on the
 * device and is sent when the connection returns, docs/decisions/036). The live region is always there, so its
 * text appearing is announced.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  return (
    <div role="status" className="empty:hidden">
      {isOnline ? null : (
        <p className="flex items-start justify-center gap-2 border-b border-amber-400/25 bg-amber-400/10 px-4 py-2 text-center text-xs text-pretty text-amber-900 sm:items-center sm:text-sm dark:text-amber-100">
          <WifiOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 sm:mt-0 sm:size-4" />
          <span>{t('loadFailure.offlineBanner')}</span>
        </p>
      )}
    </div>
  );
}
