import { useTranslation } from 'react-i18next';
import { LoadFailedState } from '@/components/empty-state';
import { LostInTheDreamRealm } from '@/components/lost-in-the-dream-realm';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';

/** A dream that does not exist, is someone else's (the server answers 404 for both), or a malformed id (400). */
export const isMissingDream = (error: unknown) =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'validation_failed'));

export function DreamSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-56 w-full rounded-2xl" />
    </div>
  );
}

/** What a dream page shows when the dream cannot be shown: the 404 page, or a retry for anything else. */
export function DreamUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isMissingDream(error)) return <LostInTheDreamRealm className="py-10 sm:py-16" />;
  return <LoadFailedState title={t('dreams.detail.errorTitle')} error={error} onRetry={onRetry} />;
}
