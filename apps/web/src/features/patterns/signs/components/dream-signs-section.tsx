import type { DreamSign } from '@sonhario/contracts/pattern-signs';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoadFailedState } from '@/components/empty-state';
import { LockedFeatureCard } from '@/components/locked-feature-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/hooks/use-profile';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useDreamSigns, useToggleSignPin } from '../api/use-dream-signs';
import { DreamSignsFrame, DreamSignsList } from './dream-signs-view';

/** What Dreamer would see with Lucid or Oracle, and the way to the plans. */
function LockedSigns() {
  const { t } = useTranslation();
  const items = ['signs', 'pins', 'together'] as const;
  return (
    <LockedFeatureCard
      text={t('dreamSigns.locked.text')}
      items={items.map((item) => t(`dreamSigns.locked.items.${item}`))}
      cta={t('dreamSigns.locked.cta')}
      isTwoColumns={false}
    />
  );
}

/**
 * 'Sinais de sonho' on 'Padrões' (Lucid and Oracle): what recurs in the dreams, pinned first, with the dreams each
 * is in, and what tends to appear together. Dreamer sees what it would add.
 */
export function DreamSignsSection() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const plan = useProfile().data?.plan;
  const signs = useDreamSigns({ isEnabled: plan !== undefined && plan !== 'dreamer' });
  const toggle = useToggleSignPin();
  const isLocked = plan === 'dreamer' || (isApiError(signs.error) && signs.error.code === 'plan_required');
  const data = signs.data;

  const onToggle = (sign: DreamSign) =>
    toggle.mutate(sign, {
      onError: (error) =>
        toast.error(sign.pinId ? t('dreamSigns.unpinError') : t('dreamSigns.pinError'), {
          description: errorMessage(error),
        }),
    });

  let body;
  if (isLocked) {
    body = <LockedSigns />;
  } else if (signs.isError && !data) {
    body = (
      <LoadFailedState title={t('dreamSigns.errorTitle')} error={signs.error} onRetry={() => void signs.refetch()} />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else {
    body = <DreamSignsList data={data} onToggle={onToggle} />;
  }

  return <DreamSignsFrame isLocked={isLocked}>{body}</DreamSignsFrame>;
}
