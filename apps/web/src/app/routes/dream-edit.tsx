import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDream } from '@/features/dreams/api/use-dream';
import { DreamSkeleton, DreamUnavailable, isMissingDream } from '@/features/dreams/components/dream-page-states';
import { EditDream } from '@/features/dreams/components/edit-dream';
import { useTimeZone } from '@/hooks/use-time-zone';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/dreams/:id/edit`: the dream's form, prefilled. */
export function EditDreamRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const dream = useDream(id);
  const timeZone = useTimeZone();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-4 sm:px-6 sm:py-10">
      <title>{`${t('dreams.edit.pageTitle')} · ${PRODUCT_NAME}`}</title>
      {dream.data && !isMissingDream(dream.error) ? (
        <>
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('dreams.edit.title')}</h1>
          <EditDream
            dream={dream.data}
            timeZone={timeZone}
            onReload={async () => (await dream.refetch()).data}
            isReloading={dream.isRefetching}
          />
        </>
      ) : dream.isError ? (
        <DreamUnavailable error={dream.error} onRetry={() => void dream.refetch()} />
      ) : (
        <DreamSkeleton />
      )}
    </div>
  );
}

export { EditDreamRoute as Component };
