import type { PrivacyInfo } from '@sonhario/contracts/legal';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';

/** What each language's privacy policy takes (privacy-policy.tsx picks the language). */
export interface PrivacyDocumentProps {
  /** This server's provider, retention and contact (GET /privacy-info), in whatever state the query is. */
  privacyInfo: UseQueryResult<PrivacyInfo>;
}

/**
 * The part of a legal document that depends on this server's configuration (GET /privacy-info): a placeholder
 * while it loads, a plain sentence and a retry when it fails, the document's own words once it answers.
 */
export function PrivacyInfoState({
  query,
  children,
}: {
  query: UseQueryResult<PrivacyInfo>;
  children: (info: PrivacyInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data) return children(query.data);
  if (query.isError) {
    return <RetryAlert message={t('legal.providerError')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{t('legal.providerLoading')}</span>
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-4 w-3/5" />
    </div>
  );
}
