import { useTranslation } from 'react-i18next';
import { LoadFailedState } from '@/components/empty-state';
import { useOverview } from '../api/use-overview';

/**
 * The dashboard's numbers and latest dreams did not load: said once, near the top (on a phone's first screen),
 * with why and 'Tentar novamente'; the stat cards and 'Atividade Recente' step aside meanwhile.
 */
export function OverviewLoadFailed() {
  const { t } = useTranslation();
  const overview = useOverview();
  if (!overview.isError || overview.data) return null;
  return (
    <LoadFailedState
      title={t('loadFailure.dashboard')}
      error={overview.error}
      onRetry={() => void overview.refetch()}
    />
  );
}
